package classify_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/retryscope"
)

// classesProbe reports, at every retry loop (goto loops too), the error
// classes it goes round on when no other error does ("narrow: ..."), or
// "broad".
var classesProbe = &analysis.Analyzer{
	Name:     "classesprobe",
	Doc:      "test: report the error classes retry loops go round on",
	Requires: []*analysis.Analyzer{retryscope.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		opt := classify.Options{Decls: res.Decls, Defs: res.Defs}
		for _, s := range append(res.Scopes, res.Gotos...) {
			if s.Kind != retryscope.Loop || s.Loop == nil {
				continue
			}
			set := classify.LoopRetrySet(pass.TypesInfo, s, opt)
			if !set.Narrow {
				pass.Reportf(s.Loop.Pos(), "broad")
				continue
			}
			var keys []string
			for _, c := range set.Classes {
				keys = append(keys, c.Key())
			}
			pass.Reportf(s.Loop.Pos(), "narrow: %s", strings.Join(keys, " "))
		}
		return nil, nil
	},
}

// TestLoopRetrySet: loops that go round only on sentinels (of the error
// interface or a concrete type, in a for or a goto loop), on one status,
// on one concrete type are narrow; loops that go round on every error,
// on every status but one, on a range of statuses, on an interface's
// errors or on a message are not.
func TestLoopRetrySet(t *testing.T) {
	analysistest.Run(t, testdata(t), classesProbe, "classify/classes")
}

func TestOverlaps(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"sentinel:p.A", "sentinel:p.A", true},
		{"sentinel:p.A", "sentinel:p.B", false},
		{"status:404", "status:503", false},
		{"status:404", "status:other", true},
		{"status:404", "sentinel:p.A", true},
		{"type:p.T", "sentinel:p.A", true},
		{"type:p.T", "type:p.U", false},
		{"other", "status:404", true},
	} {
		if got := classify.Overlaps(c.a, c.b); got != c.want {
			t.Errorf("Overlaps(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
