package classify_test

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/testutil"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

var hows = [...]string{"catch-all", "explicit", "ctx-done", "timeout", "grpc-code", "grpc-unknown"}

// probe reports every classifier Find returns, at its body (or its first
// site when the body is not visible), with its sources; and, at each
// return, what a certain path answers for each hypothesis:
// "C retry explicit", "D no", ...
func probe(find, eval bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "probe",
		Doc:      "test: report classifiers and their answers",
		Requires: []*analysis.Analyzer{inspect.Analyzer, retryscope.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
			res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
			opt := &classify.Options{Decls: analysisutil.FuncDecls(pass.TypesInfo, in), Defs: analysisutil.SingleDefs(pass.TypesInfo, in)}
			for _, c := range classify.Find(pass, in, res) {
				var srcs []string
				for _, s := range c.Sources() {
					srcs = append(srcs, s.String())
				}
				var pos ast.Node = c.Func
				if pos == nil {
					pos = c.Sites[0].Node
					if call, ok := pos.(*ast.CallExpr); ok {
						if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
							pos = sel.Sel
						}
					}
				}
				if find {
					pass.Reportf(pos.Pos(), "classifier %s [%s] shape=%d", c.Name, strings.Join(srcs, ","), c.Shape)
				}
				if c.Func == nil && find {
					for _, h := range []classify.Hypothesis{classify.Canceled, classify.DeadlineExceeded} {
						if e := classify.ContextErrorIn(pass.TypesInfo, c.Errors, h, opt.Defs); e != nil {
							pass.Reportf(e.Pos(), "lists %s", h)
						}
					}
				}
				if c.Func == nil || !eval {
					continue
				}
				answers := map[*ast.ReturnStmt][]string{}
				var order []*ast.ReturnStmt
				for i, h := range []classify.Hypothesis{classify.Canceled, classify.DeadlineExceeded} {
					as, complete := c.Eval(pass.TypesInfo, h, opt)
					if !complete && i == 0 {
						pass.Reportf(pos.Pos(), "incomplete")
					}
					for _, a := range as {
						if !a.Certain {
							continue
						}
						verdict := "no"
						switch c.Retries(a) {
						case classify.True:
							verdict = "retry " + hows[a.How]
						case classify.Unknown:
							verdict = "unknown"
						}
						if a.GRPC {
							verdict += " grpc"
						}
						s := fmt.Sprintf("%s %s", "CD"[i:i+1], verdict)
						if _, ok := answers[a.Return]; !ok {
							order = append(order, a.Return)
						}
						if !slices.Contains(answers[a.Return], s) {
							answers[a.Return] = append(answers[a.Return], s)
						}
					}
				}
				for _, r := range order {
					pass.Reportf(r.Pos(), "%s", strings.Join(answers[r], "; "))
				}
			}
			return nil, nil
		},
	}
}

// TestFind checks which functions are classifiers, and how they were found.
func TestFind(t *testing.T) {
	analysistest.Run(t, testdata(t), probe(true, false), "noretrycanceled/classifytest/find")
}

// TestEval checks what classifiers answer for context errors, path by path.
func TestEval(t *testing.T) {
	analysistest.Run(t, testdata(t), probe(false, true), "noretrycanceled/classifytest/eval")
}

func TestNameSaysClassifier(t *testing.T) {
	for name, want := range map[string]bool{
		"isRetryable": true, "shouldRetry": true, "retriable": true, "IsTransient": true,
		"classify": true, "Classifier": true, "retryIf": true,
		"isNonRetryable": false, "notRetriable": false, "noRetry": false, "isPermanent": false,
		"isFatal": false, "check": false, "isTimeout": false, "dontRetry": false,
	} {
		if got := classify.NameSaysClassifier(name); got != want {
			t.Errorf("NameSaysClassifier(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestRetryMeaning(t *testing.T) {
	for name, want := range map[string]classify.Tri{
		"Transient": classify.True, "Retryable": classify.True, "Ambiguous": classify.True, "RetryLater": classify.True,
		"Temporary": classify.True, "Fatal": classify.False, "Permanent": classify.False, "NoRetry": classify.False,
		"NonRetryable": classify.False, "Abort": classify.False, "OK": classify.False, "Fail": classify.False,
		"Red": classify.Unknown, "Unknown": classify.Unknown,
	} {
		c := types.NewConst(token.NoPos, nil, name, types.Typ[types.Int], constant.MakeInt64(0))
		if got := classify.RetryMeaning(c); got != want {
			t.Errorf("RetryMeaning(%s) = %v, want %v", name, got, want)
		}
	}
}

// TestRetriesCancelFact checks the fact exported for exported classifiers
// found by name that answer "retry" for context.Canceled (and not for one
// that screens context errors).
func TestRetriesCancelFact(t *testing.T) {
	analysistest.Run(testutil.Only(t, true), testdata(t), classify.Analyzer, "noretrycanceled/n1imp/lib")
}

func TestNamePolarity(t *testing.T) {
	for name, want := range map[string]classify.Polarity{
		"isRetryable": classify.TrueRetries, "shouldRetry": classify.TrueRetries, "IsTransient": classify.TrueRetries,
		"isTemporary": classify.TrueRetries, "isRecoverable": classify.TrueRetries, "tryAgain": classify.TrueRetries,
		"IsFatal": classify.TrueStops, "isPermanentError": classify.TrueStops, "IsNonRetryable": classify.TrueStops,
		"isNotRetriable": classify.TrueStops, "unretryable": classify.TrueStops, "isTerminal": classify.TrueStops,
		"shouldAbort": classify.TrueStops, "giveUp": classify.TrueStops, "is_permanent": classify.TrueStops,
		"isHTTPFatal": classify.TrueStops, "isUnrecoverable": classify.TrueStops, "noRetry": classify.TrueStops,
		"isNotFatal": classify.TrueRetries, "nonTransient": classify.TrueStops, "isNonFatal": classify.TrueRetries,
		"check": classify.PolarityUnknown, "isTimeout": classify.PolarityUnknown, "decide": classify.PolarityUnknown,
		"isStopped": classify.PolarityUnknown, "nonce": classify.PolarityUnknown,
	} {
		if got := classify.NamePolarity(name); got != want {
			t.Errorf("NamePolarity(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	for name, want := range map[string]string{
		"isHTTPFatal": "is http fatal", "IsNonRetryable": "is non retryable", "is_permanent": "is permanent",
		"retry5xx": "retry xx", "URL": "url", "giveUp": "give up",
	} {
		if got := strings.Join(classify.Words(name), " "); got != want {
			t.Errorf("Words(%q) = %q, want %q", name, got, want)
		}
	}
}
