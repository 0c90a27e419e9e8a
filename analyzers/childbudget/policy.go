package childbudget

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/budget"
)

// role is what a field of a retry-policy struct means.
type role int

const (
	attemptsRole role = iota
	perRole
	budgetRole
	baseRole
	capRole
	nRoles
)

// policyField is one constant field of a policy literal.
type policyField struct {
	name string
	d    time.Duration // durations
	n    int64         // the attempt count
}

// policies reports B3 (b): a composite literal of a retry-policy struct
// (attempts, per-attempt timeout and budget fields, all constants) whose
// per-attempt timeout is not below the budget, or whose attempts and
// worst-case capped exponential backoff do not fit in it.
func (st *state) policies() {
	names := [nRoles][]string{fields(attemptsFields), fields(perFields), fields(budgetFields), fields(baseFields), fields(capFields)}
	for c := range st.in.Root().Preorder((*ast.CompositeLit)(nil)) {
		lit := c.Node().(*ast.CompositeLit)
		if t := st.info.TypeOf(lit); t == nil {
			continue
		} else if _, ok := t.Underlying().(*types.Struct); !ok {
			continue
		}
		var got [nRoles]*policyField
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			for r := range nRoles {
				if !slices.Contains(names[r], key.Name) {
					continue
				}
				f := &policyField{name: key.Name}
				ok := false
				if r == attemptsRole {
					if isInteger(st.info.TypeOf(kv.Value)) {
						f.n, ok = budget.Int(st.info, kv.Value)
					}
				} else {
					f.d, ok = budget.Duration(st.info, kv.Value)
				}
				if ok {
					got[r] = f
				}
			}
		}
		att, per, bud := got[attemptsRole], got[perRole], got[budgetRole]
		if att == nil || per == nil || bud == nil || att.n < 1 || per.d <= 0 || bud.d <= 0 {
			continue
		}
		if per.d >= bud.d {
			st.r.Report(analysis.Diagnostic{
				Pos:      lit.Pos(),
				End:      lit.End(),
				Category: string(analysisdoc.B3),
				Message: fmt.Sprintf("retry policy's %s %s is not below its %s %s, so one slow attempt spends the whole budget and no retry ever runs; make the per-attempt timeout a fraction of the budget",
					per.name, short(per.d), bud.name, short(bud.d)),
			})
			continue
		}
		var back time.Duration
		var terms []time.Duration
		if base, capf := got[baseRole], got[capRole]; base != nil && capf != nil && base.d > 0 && capf.d > 0 {
			back, terms = budget.Backoff(att.n, base.d, capf.d)
		}
		work := time.Duration(att.n) * per.d
		if work/time.Duration(att.n) != per.d {
			continue // overflow: not a policy anyone wrote
		}
		total := work + back
		if total < work || total <= bud.d {
			continue
		}
		sum := fmt.Sprintf("%d attempts x %s", att.n, short(per.d))
		if back > 0 {
			sum += fmt.Sprintf(" + %s backoff (%s)", short(back), budget.Terms(terms, att.n-1))
		}
		st.r.Report(analysis.Diagnostic{
			Pos:      lit.Pos(),
			End:      lit.End(),
			Category: string(analysisdoc.B3),
			Message: fmt.Sprintf("retry policy does not fit its budget: %s = %s > %s %s, so the last attempt never gets its time; lower %s or %s, or raise %s",
				sum, short(total), bud.name, short(bud.d), att.name, per.name, bud.name),
		})
	}
}
