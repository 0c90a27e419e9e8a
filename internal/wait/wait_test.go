package wait

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
)

func check(t *testing.T, src string) (*ast.File, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if _, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	return f, info
}

// TestClassifyCase types each case of one select: the caller's Done
// directly and through a variable, another context's Done (a field), a
// request's, a signal channel, a Done() that is not a context's (a
// signal by its type, not by its name), a timer, a work channel, a send
// and a default.
func TestClassifyCase(t *testing.T) {
	f, info := check(t, `package p

import (
	"context"
	"net/http"
	"time"
)

type S struct {
	ctx  context.Context
	quit chan struct{}
	life interface{ Done() <-chan struct{} }
}

func g(ctx context.Context, s *S, r *http.Request, work chan int, out chan int, errs <-chan error) {
	done := ctx.Done()
	t := time.NewTimer(time.Second)
	select {
	case <-ctx.Done():
	case <-done:
	case <-s.ctx.Done():
	case <-r.Context().Done():
	case <-s.quit:
	case _, ok := <-s.quit:
		_ = ok
	case <-s.life.Done():
	case <-time.After(time.Second):
	case <-t.C:
	case v := <-work:
		_ = v
	case <-errs:
	case out <- 1:
	default:
	}
}
`)
	in := inspector.New([]*ast.File{f})
	defs := analysisutil.SingleDefs(info, in)
	var got []string
	for c := range in.Root().Preorder((*ast.CommClause)(nil)) {
		k := ClassifyCase(info, c.Node().(*ast.CommClause), defs)
		s := k.Kind.String()
		if k.Ctx != nil {
			s += "(" + k.Ctx.Name() + ")"
		}
		if k.Bare {
			s += " bare"
		}
		if k.Closes() {
			s += " closes"
		}
		got = append(got, s)
	}
	want := []string{
		"ctxdone(ctx) bare closes", "ctxdone(ctx) bare closes", "ctxdone(ctx) bare closes", "ctxdone(r) bare closes",
		"signal bare closes", "signal closes", "signal bare closes",
		"timer bare", "timer bare", "work", "work bare", "send", "default",
	}
	if !slices.Equal(got, want) {
		t.Errorf("cases:\n got %q\nwant %q", got, want)
	}
	// IsContextDone: every Done of a context, whatever yields it; not a
	// variable holding it, not a Done that is no context's.
	var done []bool
	for c := range in.Root().Preorder((*ast.CommClause)(nil)) {
		if ch := analysisutil.CommRecv(c.Node().(*ast.CommClause).Comm); ch != nil {
			done = append(done, IsContextDone(info, ch))
		}
	}
	if wantDone := []bool{true, false, true, true, false, false, false, false, false, false, false}; !slices.Equal(done, wantDone) {
		t.Errorf("IsContextDone:\n got %v\nwant %v", done, wantDone)
	}
	// Without the single definitions, <-done is a signal channel.
	for c := range in.Root().Preorder((*ast.CommClause)(nil)) {
		cc := c.Node().(*ast.CommClause)
		if id, ok := analysisutil.CommRecv(cc.Comm).(*ast.Ident); ok && id.Name == "done" {
			if k := ClassifyCase(info, cc, nil).Kind; k != Signal {
				t.Errorf("<-done without defs: %v, want signal", k)
			}
			if !IsClosingRecv(info, cc.Comm) {
				t.Errorf("<-done: not a closing receive")
			}
		}
	}
}

// TestShape checks the summary of a select as a whole.
func TestShape(t *testing.T) {
	f, info := check(t, `package p

import (
	"context"
	"time"
)

func g(ctx context.Context, quit chan struct{}, work chan int, t *time.Timer) {
	select { // cancellable
	case <-ctx.Done():
	case <-time.After(time.Second):
	}
	select { // timeronly
	case <-time.After(time.Second):
	case <-t.C:
	}
	select { // mixed
	case <-quit:
	case <-t.C:
	}
	select { // mixed
	case <-work:
	}
	select { // polls
	case <-ctx.Done():
	default:
	}
	select {} // polls
}
`)
	names := map[Shape]string{Polls: "polls", Cancellable: "cancellable", TimerOnly: "timeronly", Mixed: "mixed"}
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectStmt); ok {
			got = append(got, names[ClassifySelect(info, sel, nil).Shape()])
		}
		return true
	})
	want := []string{"cancellable", "timeronly", "mixed", "mixed", "polls", "polls"}
	if !slices.Equal(got, want) {
		t.Errorf("shapes = %q, want %q", got, want)
	}
}

// TestPrimitives checks the timer, sleep, drain and by-name wait
// recognisers on calls and receives of one function.
func TestPrimitives(t *testing.T) {
	f, info := check(t, `package p

import (
	"sync"
	"time"
)

type clock struct{ sleep func(time.Duration) }

func backoffFor(n int) time.Duration { return time.Duration(n) }
func pause()                         {}
func NewBackoff() int                { return 0 }
func waitFor(d time.Duration)        {}

func g(c clock, wg *sync.WaitGroup, tk *time.Ticker, tm *time.Timer, ch chan time.Time, ints chan int, wasRead bool) {
	time.Sleep(time.Second)
	c.sleep(time.Second)
	_ = backoffFor(1)
	pause()
	_ = NewBackoff()
	waitFor(time.Second)
	wg.Wait()
	<-time.After(time.Second)
	<-time.Tick(time.Second)
	<-tk.C
	<-ch
	<-ints
	if !tm.Stop() {
		<-tm.C
	}
	if tm.Stop() {
		<-tm.C
	}
	stopped := tm.Stop()
	if !wasRead && !stopped {
		<-tm.C
	}
	if !wasRead {
		time.Sleep(time.Second)
	}
	if wasRead || !stopped {
		<-tm.C
	}
}
`)
	var calls, sleeps, recvs, drains []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if IsWaitCall(info, n) {
				calls = append(calls, types.ExprString(n.Fun))
			}
			if IsBlindSleepCall(info, n) {
				sleeps = append(sleeps, types.ExprString(n.Fun))
			}
			if fn, _ := typeutil.Callee(info, n).(*types.Func); IsBlindSleep(fn) != IsBlindSleepCall(info, n) {
				t.Errorf("IsBlindSleep and IsBlindSleepCall disagree on %s", types.ExprString(n))
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && IsTimerChan(info, n.X) {
				recvs = append(recvs, types.ExprString(n.X))
			}
		case *ast.IfStmt:
			drains = append(drains, strings.Fields(types.ExprString(n.Cond))[0]+":"+map[bool]string{true: "drain", false: "no"}[IsTimerDrain(info, n)])
		}
		return true
	})
	check := func(what string, got, want []string) {
		t.Helper()
		if !slices.Equal(got, want) {
			t.Errorf("%s = %q, want %q", what, got, want)
		}
	}
	check("wait calls", calls, []string{"time.Sleep", "c.sleep", "pause", "waitFor", "time.Sleep"})
	check("blind sleeps", sleeps, []string{"time.Sleep", "time.Sleep"})
	check("timer receives", recvs, []string{"time.After(time.Second)", "time.Tick(time.Second)", "tk.C", "ch", "tm.C", "tm.C", "tm.C", "tm.C"})
	check("drains", drains, []string{"!tm.Stop():drain", "tm.Stop():no", "!wasRead:drain", "!wasRead:no", "wasRead:no"})

	var body *ast.BlockStmt
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "backoffFor" {
			body = fd.Body
		}
	}
	if InBody(info, body) {
		t.Errorf("InBody(backoffFor) = true: it computes a duration and waits for nothing")
	}
}

// TestSelectOf tells a receive that is a select case's communication
// from one in a case body or outside any select.
func TestSelectOf(t *testing.T) {
	f, _ := check(t, `package p

import "time"

func g(t *time.Timer, ch chan int) {
	select {
	case <-t.C:
		<-ch
	case v := <-ch:
		_ = v
	}
	<-t.C
}
`)
	in := inspector.New([]*ast.File{f})
	var got []bool
	for c := range in.Root().Preorder((*ast.UnaryExpr)(nil)) {
		got = append(got, SelectOf(c) != nil)
	}
	if want := []bool{true, false, true, false}; !slices.Equal(got, want) {
		t.Errorf("SelectOf per receive = %v, want %v", got, want)
	}
}
