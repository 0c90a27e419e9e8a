package breakerverdict

import (
	"fmt"
	"go/types"
)

// SettingsSink is the fact of a function that builds a gobreaker breaker
// (one that consults IsSuccessful) from its Settings parameters at
// Params, unchanged: a Settings literal handed to it from another package
// is judged as if handed to gobreaker (a middleware's
// NewCircuitBreaker(settings gobreaker.Settings)).
type SettingsSink struct{ Params []int }

func (*SettingsSink) AFact() {}

func (f *SettingsSink) String() string { return fmt.Sprintf("settingsSink%v", f.Params) }

// exportSinks exports SettingsSink facts for the functions of the package.
func (r *runner) exportSinks() {
	for _, d := range r.options().Decls {
		fn, _ := r.info.Defs[d.Name].(*types.Func)
		if fn == nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		var params []int
		for i := range sig.Params().Len() {
			p := sig.Params().At(i)
			if ok, _ := settingsType(p.Type()); !ok || sig.Variadic() && i == sig.Params().Len()-1 {
				continue
			}
			if reach, _ := r.flowVar(p, nil, 1); reach {
				params = append(params, i)
			}
		}
		if len(params) > 0 {
			r.pass.ExportObjectFact(fn, &SettingsSink{Params: params})
		}
	}
}

// importedSink reports whether argument i of fn, a function of another
// package, is a Settings it builds a breaker from.
func (r *runner) importedSink(fn *types.Func, i int) bool {
	var f SettingsSink
	if fn.Pkg() == r.pass.Pkg || !r.pass.ImportObjectFact(fn, &f) {
		return false
	}
	for _, p := range f.Params {
		if p == i {
			return true
		}
	}
	return false
}
