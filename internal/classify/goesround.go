package classify

import (
	"go/ast"
	"go/types"
	"slices"
)

// GoesRoundWith is GoesRound for any witness: whether a retry loop goes
// round again when its attempt fails with w (a context error, a SQLSTATE,
// an HTTP status). True if a certain path from the statement from reaches
// the end of body or a continue, False if every path leaves, Unknown
// otherwise.
func GoesRoundWith(info *types.Info, body *ast.BlockStmt, from ast.Stmt, errVar *types.Var, w Witness, opt *Options) Tri {
	if opt == nil {
		opt = &Options{}
	}
	i := slices.Index(body.List, from)
	if i < 0 || errVar == nil {
		return Unknown
	}
	ip := &interp{info: info, opt: opt, w: w, errp: errVar, sig: types.NewSignatureType(nil, nil, nil, nil, nil, false), keepErr: true}
	ip.shared = &ip.steps
	fl := &flow{}
	out := ip.stmts(body.List[i:], []*state{{env: map[*types.Var]val{}}}, fl)
	round := append(out, fl.conts...)
	if opt.Round != nil {
		// A goto loop's statements end where the loop does: falling
		// off them leaves.
		round = fl.conts
		fl.breaks = append(fl.breaks, out...)
	}
	for _, st := range round {
		if !st.uncertain {
			return True
		}
	}
	if len(round) == 0 && !ip.incomplete {
		for _, a := range ip.answers {
			if !a.Certain {
				return Unknown
			}
		}
		for _, st := range fl.breaks {
			if st.uncertain {
				return Unknown
			}
		}
		return False
	}
	return Unknown
}
