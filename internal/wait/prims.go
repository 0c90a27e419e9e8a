package wait

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

// IsTimerChan reports whether e is a channel that fires after a duration:
// time.After(d), time.Tick(d), a clock abstraction's method of the same
// shape (AfterShape: clock.After(d)), the C field of a *time.Timer/*time.Ticker,
// or a variable holding a timer's channel.
func IsTimerChan(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := analysisutil.CalleeFunc(info, e)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		return slices.Contains(knowledge.TimerChanFuncs[fn.Pkg().Path()], fn.Name()) ||
			AfterShape(fn.Type().(*types.Signature)) >= 0
	case *ast.Ident:
		// tc := time.After(d); ... <-tc: a variable holding a timer's
		// channel (only timers deliver a time.Time).
		ch, ok := info.TypeOf(e).(*types.Chan)
		return ok && analysisutil.IsNamedExact(ch.Elem(), knowledge.Time, "Time")
	case *ast.SelectorExpr:
		if e.Sel.Name != "C" {
			return false
		}
		t := info.TypeOf(e.X)
		for path, names := range knowledge.TimerTypes {
			for _, n := range names {
				if analysisutil.IsNamedExact(t, path, n) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// IsBlindSleep reports whether fn waits for a duration in a way no context
// can interrupt (time.Sleep).
func IsBlindSleep(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && slices.Contains(knowledge.BlindSleeps[fn.Pkg().Path()], fn.Name())
}

// IsBlindSleepCall reports whether call is a blind sleep (time.Sleep).
func IsBlindSleepCall(info *types.Info, call *ast.CallExpr) bool {
	return IsBlindSleep(analysisutil.CalleeFunc(info, call))
}

// IsWaitCall reports whether call waits by its name, for callees whose
// body is out of sight: time.Sleep, NextBackOff, or a function, method
// (interface methods included) or func-typed field or variable whose name
// says sleep/backoff/pause, or says wait and takes a duration
// (sync.WaitGroup.Wait and the like are not backoff waits).
func IsWaitCall(info *types.Info, call *ast.CallExpr) bool {
	var obj types.Object
	switch callee := analysisutil.Callee(info, call).(type) {
	case *types.Func:
		if IsBlindSleep(callee) {
			return true
		}
		obj = callee
	case *types.Var:
		// A func-typed field or variable (c.sleep(d), cfg.Backoff(n)):
		// judged by its name like a function.
		obj = callee
	default:
		return false
	}
	if obj.Pkg() != nil && slices.Contains(knowledge.NotWaitPackages, obj.Pkg().Path()) {
		return false
	}
	name := strings.ToLower(obj.Name())
	if name == knowledge.NextBackOff {
		// (BackOff).NextBackOff computes the next wait; the loops that use
		// it sleep for that long right after.
		return true
	}
	for _, w := range knowledge.WaitWords {
		if strings.Contains(name, w) {
			// A constructor (NewExponentialBackOff) or a calculation that
			// returns the duration (backoffFor(attempt)) does not wait.
			return !strings.HasPrefix(name, "new") && !strings.HasPrefix(name, "with") &&
				!analysisutil.IsNamed(info.TypeOf(call), "time", "Duration")
		}
	}
	if strings.Contains(name, knowledge.DurationWaitWord) {
		for _, a := range call.Args {
			if analysisutil.IsNamed(info.TypeOf(a), "time", "Duration") {
				return true
			}
		}
	}
	return false
}

// InBody reports whether body waits between attempts by the shapes a
// loop is recognised by: a receive from a timer channel (alone or in a
// select), or a call that waits by its name (IsWaitCall). Function
// literals are not entered.
func InBody(info *types.Info, body ast.Node) bool {
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			return n.Op == token.ARROW && IsTimerChan(info, n.X)
		case *ast.CallExpr:
			return IsWaitCall(info, n)
		}
		return false
	})
}

// RangesOverTicks reports whether loop is a range over a timer's channel
// (`for range ticker.C`, `for range time.Tick(d)`): every round waits for
// the next tick before its body runs, as a receive in the body would.
func RangesOverTicks(info *types.Info, loop ast.Node) bool {
	r, ok := loop.(*ast.RangeStmt)
	return ok && IsTimerChan(info, r.X)
}

// IsTimerDrain reports whether ifs is the drain of a stopped timer: `if
// !t.Stop() { <-t.C }` (the value of a timer that fired is taken out so a
// Reset or a pool sees an empty channel; it does not wait for anything).
// The Stop may have been called before, its answer kept in a bool, and
// the condition may add other negated flags (`stopped := t.Stop(); if
// !wasRead && !stopped { <-t.C }`, a timer pool's release): a branch
// taken only when something is false and that only receives from the
// timer's own channel drains it.
func IsTimerDrain(info *types.Info, ifs *ast.IfStmt) bool {
	if len(ifs.Body.List) != 1 {
		return false
	}
	es, ok := ifs.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	recv, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
	if !ok || recv.Op != token.ARROW {
		return false
	}
	ch, ok := ast.Unparen(recv.X).(*ast.SelectorExpr)
	if !ok || ch.Sel.Name != "C" || !analysisutil.IsNamedExact(info.TypeOf(ch.X), "time", "Timer") {
		return false
	}
	// Every conjunct is a negation, and one of them is t.Stop() or a
	// bool flag.
	var conj func(e ast.Expr) bool
	conj = func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			return e.Op == token.LAND && conj(e.X) && conj(e.Y)
		case *ast.UnaryExpr:
			if e.Op != token.NOT {
				return false
			}
			switch x := ast.Unparen(e.X).(type) {
			case *ast.CallExpr:
				sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
				return ok && sel.Sel.Name == "Stop" && analysisutil.IsNamedExact(info.TypeOf(sel.X), "time", "Timer")
			case *ast.Ident, *ast.SelectorExpr:
				b, ok := info.TypeOf(x).Underlying().(*types.Basic)
				return ok && b.Kind() == types.Bool
			}
		}
		return false
	}
	return conj(ifs.Cond)
}
