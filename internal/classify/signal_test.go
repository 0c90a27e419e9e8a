package classify_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
)

// signalProbe reports every signal SignalFinder finds, at the value for
// case clauses (several share one clause) and at the test otherwise:
// "signal LABEL [retry] [det] [eof]".
var signalProbe = &analysis.Analyzer{
	Name:     "signalprobe",
	Doc:      "test: report retry signals",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		f := &classify.SignalFinder{Info: pass.TypesInfo, Defs: analysisutil.SingleDefs(pass.TypesInfo, in)}
		for _, file := range pass.Files {
			for _, s := range f.Find(file) {
				msg := "signal " + s.Label
				if s.Retry {
					msg += " retry"
				}
				if s.Deterministic {
					msg += " det"
				}
				if s.EOF {
					msg += " eof"
				}
				var pos ast.Node = s.Test
				pass.Reportf(pos.Pos(), "%s", msg)
			}
		}
		return nil, nil
	},
}

// TestSignals checks every spelling of a retry signal the recogniser
// knows, and look-alikes (other errnos, non-SQLSTATE strings, 2xx and 4xx
// ranges, integers that are not statuses) that it must not take for one.
func TestSignals(t *testing.T) {
	analysistest.Run(t, testdata(t), signalProbe, "classifiercentral/signals")
}
