package classifiercentral

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/classify"
)

// c3Table reports deterministic HTTP statuses listed in a table of
// retryable statuses: a package-level map keyed by status codes, or a
// slice or array of them, whose name says retry (retriableCodes,
// defaultRetriableErrors; not nonRetryableCodes), that lists at least one
// retry signal (429, 5xx: it is a table of HTTP statuses) and is read
// somewhere in the package. A classifier that looks a status up in it
// answers "retry" for each entry.
func (r *runner) c3Table() {
	info := r.pass.TypesInfo
	used := map[*types.Var]bool{}
	for _, obj := range info.Uses {
		if v, ok := obj.(*types.Var); ok && v.Parent() == r.pass.Pkg.Scope() {
			used[v] = true
		}
	}
	for _, f := range r.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					v, _ := info.Defs[name].(*types.Var)
					lit, _ := ast.Unparen(vs.Values[i]).(*ast.CompositeLit)
					if v == nil || lit == nil || !used[v] || classify.NamePolarity(name.Name) != classify.TrueRetries {
						continue
					}
					r.judgeTable(name.Name, lit)
				}
			}
		}
	}
}

// judgeTable reports the deterministic statuses of one retry table.
func (r *runner) judgeTable(name string, lit *ast.CompositeLit) {
	info := r.pass.TypesInfo
	var codes []ast.Expr
	switch info.TypeOf(lit).Underlying().(type) {
	case *types.Map:
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				codes = append(codes, kv.Key)
			}
		}
	case *types.Slice, *types.Array:
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			codes = append(codes, el)
		}
	default:
		return
	}
	status := func(e ast.Expr) (int64, bool) {
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		n, ok := constant.Int64Val(tv.Value)
		return n, ok && n >= 100 && n <= 599
	}
	isHTTP := false
	for _, e := range codes {
		n, ok := status(e)
		if !ok {
			return // not a table of statuses only
		}
		isHTTP = isHTTP || classify.IsRetryStatus(n)
	}
	if !isHTTP {
		return
	}
	for _, e := range codes {
		if n, _ := status(e); classify.IsDeterministicStatus(n) {
			r.rep.Report(analysis.Diagnostic{
				Pos:      e.Pos(),
				End:      e.End(),
				Category: string(analysisdoc.C3),
				Message: fmt.Sprintf("HTTP %d is listed as retryable in %s, but the same request gets the same answer on every attempt; drop it from the table",
					n, name),
			})
		}
	}
}
