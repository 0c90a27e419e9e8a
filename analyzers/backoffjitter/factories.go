package backoffjitter

// Library backoffs chosen or tuned by the user: a backoff factory without
// a random part (grpc_retry.BackoffLinear), the backoff strategy of a
// self-retrying client replaced by one without (pester's Client.Backoff
// set to a function that returns a constant), and a retry delay option
// given a bare number (policy.RetryOptions{RetryDelay: 100}: 100ns).
// Their knowledge is data in internal/knowledge: BackoffFactories,
// BackoffFields, LibraryBackoffs and RetryDelayFields.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"time"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

// tunedLibraries reports whether the package imports a library of those
// tables, so that libraries() looks at its calls, literals and stores.
func (r *runner) tunedLibraries() bool {
	for _, p := range r.pass.Pkg.Imports() {
		path := analysisutil.StripMajor(p.Path())
		if knowledge.BackoffFactories[p.Path()] != nil || knowledge.BackoffFields[path] != nil || knowledge.RetryDelayFields[path] != nil {
			return true
		}
	}
	return false
}

// namedOf returns the import path (without its /vN suffix) and name of
// the named type t or *t points to, and its qualified name for messages.
func namedOf(t types.Type) (path, name, qual string) {
	if t == nil {
		return "", "", ""
	}
	n, ok := types.Unalias(deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", "", ""
	}
	return analysisutil.StripMajor(n.Obj().Pkg().Path()), n.Obj().Name(), n.Obj().Pkg().Name() + "." + n.Obj().Name()
}

// tunedLiteral judges the fields of a composite literal of a client or
// option type: its backoff strategy and its retry delays.
func (r *runner) tunedLiteral(lit *ast.CompositeLit) {
	path, name, qual := namedOf(r.info.TypeOf(lit))
	if path == "" {
		return
	}
	bf, strat := knowledge.BackoffFields[path][name]
	delays := knowledge.RetryDelayFields[path][name]
	if !strat && delays == nil {
		return
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if strat && id.Name == bf.Field {
			r.strategy(kv.Value, bf, qual)
		}
		for _, f := range delays {
			if id.Name == f {
				r.retryDelay(kv.Value, qual+"."+f)
			}
		}
	}
}

// tunedAssign judges c.Backoff = f and opts.RetryDelay = d.
func (r *runner) tunedAssign(as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		path, name, qual := namedOf(r.info.TypeOf(sel.X))
		if path == "" {
			continue
		}
		if bf, ok := knowledge.BackoffFields[path][name]; ok && sel.Sel.Name == bf.Field {
			r.strategy(as.Rhs[i], bf, qual)
		}
		for _, f := range knowledge.RetryDelayFields[path][name] {
			if sel.Sel.Name == f {
				r.retryDelay(as.Rhs[i], qual+"."+f)
			}
		}
	}
}

// retryDelay reports a retry delay option set to a positive constant under
// a millisecond: a bare number (100, meant as milliseconds) is that many
// nanoseconds, so the library retries back to back.
func (r *runner) retryDelay(e ast.Expr, field string) {
	tv, ok := r.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return
	}
	n, ok := constant.Int64Val(tv.Value)
	if !ok || n <= 0 || time.Duration(n) >= time.Millisecond {
		return
	}
	r.report(e, fmt.Sprintf("%s %s is %s, since a time.Duration counts nanoseconds: the retries come back to back, with no backoff, and hammer a failing or throttling dependency; give the unit (%s * time.Millisecond)",
		field, r.src(e), time.Duration(n), r.src(e)), nil)
}

// strategy judges the backoff strategy e stored in the field bf of a
// self-retrying client (typ): a function of the library without a random
// part (pester.LinearBackoff), or one of the package whose result no
// random value contributes to (func(int) time.Duration { return
// h.Backoff }). A strategy that may return the server's Retry-After is
// left alone, and so is anything else (a parameter, another package's
// function).
func (r *runner) strategy(e ast.Expr, bf knowledge.BackoffField, typ string) {
	between := "as the backoff strategy of " + typ
	var ft *ast.FuncType
	var body *ast.BlockStmt
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		ft, body = x.Type, x.Body
	case *ast.Ident, *ast.SelectorExpr:
		var obj types.Object
		if id, ok := x.(*ast.Ident); ok {
			obj = r.info.Uses[id]
		} else {
			obj = r.info.Uses[x.(*ast.SelectorExpr).Sel]
		}
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil {
			return
		}
		if lib, ok := knowledge.LibraryBackoffs[analysisutil.StripMajor(fn.Pkg().Path())][fn.Name()]; ok {
			if lib.Jittered || lib.Resp >= 0 {
				return // jittered, or may wait the server's Retry-After
			}
			v := libShape(lib.Shape, e)
			if lib.Shape == knowledge.ShapeConstant {
				v = val{k: kDet, s: sConst, text: r.src(e)}
			}
			r.judgeVal(e, e, v, between, plainWait)
			return
		}
		d := r.decls[fn]
		if d == nil || fn.Pkg() != r.pass.Pkg {
			return
		}
		ft, body = d.Type, d.Body
	default:
		return
	}
	ev := r.newEval()
	ev.env = map[*types.Var]val{}
	ev.depth = 1
	i := 0
	for _, f := range ft.Params.List {
		for _, id := range f.Names {
			if v, ok := r.info.Defs[id].(*types.Var); ok {
				switch i {
				case bf.Attempt:
					ev.env[v] = val{k: kDet, s: sCounter, text: v.Name()}
				case bf.Resp:
					// read as it is: a Retry-After taken from it is the server's
				default:
					// the client's own settings (retryablehttp's min, max)
					ev.env[v] = val{k: kDet, s: sConfig, text: v.Name()}
				}
			}
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	v := ev.returns(body, ft, 0)
	src := e
	if ret := soleReturn(body); ret != nil {
		src = ret
	}
	r.judgeVal(e, src, v, between, strategyWait)
}

// soleReturn returns the result of body's only return statement, or nil.
func soleReturn(body *ast.BlockStmt) ast.Expr {
	var res ast.Expr
	n := 0
	ast.Inspect(body, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			n++
			if len(m.Results) == 1 {
				res = m.Results[0]
			}
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return res
}

// factory judges a call of a library backoff factory: one without a
// random part (grpc_retry.BackoffLinear(d), BackoffExponential(d)), or a
// jittered one given a jitter fraction of 0. A constant wait no longer
// than -backoffjitter.minwait is a short poll, as in a loop.
func (r *runner) factory(call *ast.CallExpr, fn *types.Func, bf knowledge.BackoffFactory) {
	qual := fn.Pkg().Name() + "." + fn.Name()
	if bf.Jitter >= 0 {
		if bf.Jitter < len(call.Args) && isZero(r.info, call.Args[bf.Jitter]) {
			r.report(call.Args[bf.Jitter], fmt.Sprintf("jitter fraction 0 leaves %s with no random part, so %s; pass a fraction such as 0.2", qual, libMsgTail), nil)
		}
		return
	}
	if len(call.Args) == 0 {
		return
	}
	v := r.newEval().eval(call.Args[0])
	if v.k == kRandom || v.k == kServer {
		return
	}
	if tv, ok := r.info.Types[call.Args[0]]; ok && tv.Value != nil {
		n, ok := constant.Int64Val(constant.ToInt(tv.Value))
		if !ok || n <= 0 || bf.Shape == knowledge.ShapeConstant && time.Duration(n) <= minWait {
			return
		}
	}
	what := "waits the same " + r.src(call.Args[0]) + " before every retry"
	if bf.Shape == knowledge.ShapeExponential {
		what = "doubles " + r.src(call.Args[0]) + " with every retry"
	}
	r.report(call, fmt.Sprintf("%s %s with no random part, so %s; use %s.%s(%s, 0.2)", qual, what, libMsgTail, fn.Pkg().Name(), bf.Jittered, r.src(call.Args[0])), nil)
}

// tunedCall judges a call of a backoff factory.
func (r *runner) tunedCall(c inspector.Cursor) {
	call := c.Node().(*ast.CallExpr)
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	if bf, ok := knowledge.BackoffFactories[fn.Pkg().Path()][fn.Name()]; ok {
		r.factory(call, fn, bf)
	}
}
