package classify_test

import (
	"go/ast"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/retryscope"
)

// witnessProbe evaluates each classifier for every deterministic
// witness and reports, at each return, those a certain path answers
// "retry" for: "retry HTTP 404 resp", "retry SQLSTATE 23503", ...
var witnessProbe = &analysis.Analyzer{
	Name:     "witnessprobe",
	Doc:      "test: report the deterministic witnesses classifiers retry",
	Requires: []*analysis.Analyzer{inspect.Analyzer, retryscope.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		opt := &classify.Options{Decls: res.Decls, Defs: res.Defs}
		type named struct {
			w    classify.Witness
			name string
		}
		var ws []named
		for _, code := range []int64{400, 404, 409, 422} {
			ws = append(ws, named{classify.StatusWitness(code, false), "resp"}, named{classify.StatusWitness(code, true), "err"})
		}
		ws = append(ws, named{classify.SQLStateWitness("23505"), ""}, named{classify.SQLStateWitness("23503"), ""},
			named{classify.JSONWitness("SyntaxError"), ""}, named{classify.JSONWitness("UnmarshalTypeError"), ""})
		for _, c := range classify.Find(pass, in, res) {
			if c.Func == nil {
				continue
			}
			got := map[*ast.ReturnStmt][]string{}
			var order []*ast.ReturnStmt
			for _, w := range ws {
				if c.Resp == nil && w.name == "resp" || c.Resp != nil && w.name == "err" {
					continue
				}
				answers, _ := classify.EvalWith(pass.TypesInfo, c.Func, c.Err, c.Resp, w.w, opt)
				for _, a := range answers {
					if !a.Certain || c.Retries(a) != classify.True {
						continue
					}
					label := strings.TrimSpace(w.w.String() + " " + w.name)
					if _, ok := got[a.Return]; !ok {
						order = append(order, a.Return)
					}
					if !slices.Contains(got[a.Return], label) {
						got[a.Return] = append(got[a.Return], label)
					}
				}
			}
			for _, r := range order {
				pass.Reportf(r.Pos(), "retry %s", strings.Join(got[r], ", "))
			}
		}
		return nil, nil
	},
}

// TestWitnesses evaluates classifiers for HTTP status (in the response
// and in the error), SQLSTATE and JSON witnesses: the caller's context is
// alive, a response witness has no error, a concrete error type matches
// by its StatusCode field or by its identity, and interfaces the witness
// does not implement do not match.
func TestWitnesses(t *testing.T) {
	analysistest.Run(t, testdata(t), witnessProbe, "classifiercentral/witness")
}
