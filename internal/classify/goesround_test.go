package classify_test

import (
	"go/ast"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/retryscope"
)

// goesRoundProbe reports, at every retry loop, whether it goes round on a
// network timeout and on SQLSTATE 40001.
var goesRoundProbe = &analysis.Analyzer{
	Name:     "goesroundprobe",
	Doc:      "test: report what retry loops go round on",
	Requires: []*analysis.Analyzer{retryscope.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		opt := &classify.Options{Decls: res.Decls, Defs: res.Defs}
		for _, s := range res.Scopes {
			if s.Kind != retryscope.Loop || s.Attempt == nil || s.ErrVar == nil {
				continue
			}
			body := analysisutil.LoopBody(s.Loop)
			i := slices.IndexFunc(body.List, func(st ast.Stmt) bool { return st.Pos() <= s.Attempt.Pos() && s.Attempt.End() <= st.End() })
			if i < 0 {
				continue
			}
			t := classify.GoesRoundWith(pass.TypesInfo, body, body.List[i], s.ErrVar, classify.NetTimeoutWitness(), opt)
			c := classify.GoesRoundWith(pass.TypesInfo, body, body.List[i], s.ErrVar, classify.SQLStateWitness("40001"), opt)
			pass.Reportf(s.Loop.Pos(), "timeout=%s 40001=%s", tri(t), tri(c))
		}
		return nil, nil
	},
}

func tri(t classify.Tri) string {
	switch t {
	case classify.True:
		return "True"
	case classify.False:
		return "False"
	}
	return "Unknown"
}

// TestGoesRoundWith asks retry loops whether they go round on a network
// timeout (unlike context.DeadlineExceeded, the caller is still waiting)
// and on a serialization failure.
func TestGoesRoundWith(t *testing.T) {
	analysistest.Run(t, testdata(t), goesRoundProbe, "classify/goesround")
}
