package backoffjitter

import (
	"go/types"

	"github.com/reslint/reslint/internal/analysisutil"
)

// ResultFact marks a function whose first duration result a random value
// (Kind "random") or a server-provided delay (Kind "server") contributes
// to, so that a wait computed by it in another package is left alone.
type ResultFact struct{ Kind string }

func (*ResultFact) AFact()           {}
func (f *ResultFact) String() string { return "returns " + f.Kind }

func (r *runner) resultFact(fn *types.Func) *ResultFact {
	if f, ok := r.result[fn]; ok {
		return f
	}
	var f ResultFact
	if fn.Pkg() != nil && fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// resultFacts exports ResultFact for this package's functions whose first
// duration result (or, in a package that imports a random source, first
// numeric result: a jitter factor) is random or server-provided.
func (r *runner) resultFacts() {
	numeric := analysisutil.ImportsAny(r.pass.Pkg, "math/rand", "math/rand/v2", "crypto/rand")
	for fn, d := range r.decls {
		sig := fn.Type().(*types.Signature)
		idx := -1
		for i := range sig.Results().Len() {
			t := sig.Results().At(i).Type()
			if isDuration(t) {
				idx = i
				break
			}
			if b, ok := t.Underlying().(*types.Basic); numeric && ok && b.Info()&types.IsNumeric != 0 && idx < 0 {
				idx = i
			}
		}
		if idx < 0 {
			continue
		}
		ev := r.newEval()
		ev.depth = 1
		v := ev.returns(d.Body, d.Type, idx)
		switch v.k {
		case kRandom:
			r.result[fn] = &ResultFact{Kind: "random"}
		case kServer:
			r.result[fn] = &ResultFact{Kind: "server"}
		}
	}
	for fn, f := range r.result {
		r.pass.ExportObjectFact(fn, f)
	}
}
