// Package guard turns a panic inside an analyzer into a reported
// internal error, so that one bug in one analyzer on one package does not
// take down the whole run.
//
// # Why a diagnostic, not an error
//
// Neither x/tools driver (the checker behind the multichecker, go vet's
// unitchecker) recovers a panic in Analyzer.Run: the process dies with
// every finding of every package. Wrap recovers
// it and reports it as a diagnostic of the analyzer, at the position the
// analyzer last marked (see Mark) or at the package clause:
//
//	x.go:12:2: reslint: internal error in idemkeyperseries on package example.com/p at x.go:12:2: index out of range [3] with length 3 (in idemkeyperseries.(*checker).keyArg); please report it
//
// Returning an error instead would also keep independent analyzers'
// findings on that package (the checker fails only the actions that
// require the failed one), but it costs more everywhere else:
//   - an error on a dependency analyzed only for its facts fails, in the
//     checker, the same analyzer on every package importing it ("failed
//     prerequisites"), and under go vet the unitchecker then writes no
//     facts file for it, so the packages above it miss its facts;
//   - golangci-lint reports an analyzer error as a failure of its run,
//     not as an issue that its filters and output formats handle.
//
// A diagnostic keeps every other finding and every exported fact; the run
// still exits non-zero because the diagnostic is a finding. The price is
// that a panic on a package analyzed only for facts (a dependency) is not
// printed: it is, once that package is analyzed itself.
//
// The panicking analyzer returns a nil result of its ResultType. An
// analyzer of the suite that requires it then is not run on that package
// (it returns its own nil result silently): its input is missing, and the
// cause is already reported once.
package guard

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisdoc"
)

// Category is the category of the internal-error diagnostic.
const Category = string(analysisdoc.Internal)

var (
	mu      sync.Mutex
	wrapped = map[*analysis.Analyzer]bool{}
	// failed holds the analyzers that panicked, per package, so that the
	// guarded analyzers requiring them are skipped there.
	failed = map[key]bool{}
	// marks holds the last position each running pass marked.
	marks = map[*analysis.Pass]token.Pos{}
)

type key struct {
	a   *analysis.Analyzer
	pkg *types.Package
}

// Wrap makes a's Run recover from a panic, report it as an internal
// error, and return a nil result of a's ResultType. It changes a in place,
// once however often it is called: the analyzers' Requires point at each
// other, so a copy would be a second analyzer to the drivers. Wrap
// returns a.
func Wrap(a *analysis.Analyzer) *analysis.Analyzer {
	mu.Lock()
	defer mu.Unlock()
	if wrapped[a] {
		return a
	}
	wrapped[a] = true
	run := a.Run
	a.Run = func(pass *analysis.Pass) (res any, err error) {
		if prereqFailed(pass) {
			return zero(a), nil
		}
		defer func() {
			r := recover()
			mu.Lock()
			pos, marked := marks[pass]
			delete(marks, pass)
			if r != nil {
				failed[key{a, pass.Pkg}] = true
			}
			mu.Unlock()
			if r == nil {
				return
			}
			if !marked || !pos.IsValid() {
				pos = packagePos(pass)
			}
			pass.Report(analysis.Diagnostic{
				Pos:      pos,
				Category: Category,
				Message:  Message(a.Name, pass.Pkg.Path(), pass.Fset.Position(pos), r, frame()),
			})
			res, err = zero(a), nil
		}()
		return run(pass)
	}
	return a
}

// Message is the internal-error message for a panic r of analyzer name on
// package path at pos, raised in function fn ("" if unknown).
func Message(name, path string, pos token.Position, r any, fn string) string {
	where := "?"
	if pos.IsValid() {
		where = pos.String()
	}
	msg := strings.ReplaceAll(fmt.Sprint(r), "\n", " ")
	if fn != "" {
		msg += " (in " + fn + ")"
	}
	return fmt.Sprintf("reslint: internal error in %s on package %s at %s: %s; please report it", name, path, where, msg)
}

// Mark records pos as the place pass is looking at, for the message of a
// panic that follows. It is cheap, but call it per function or per
// candidate, not per node. Outside a guarded run it does nothing.
func Mark(pass *analysis.Pass, pos token.Pos) {
	mu.Lock()
	if wrapped[pass.Analyzer] {
		marks[pass] = pos
	}
	mu.Unlock()
}

// prereqFailed reports whether an analyzer that pass's analyzer requires
// panicked on pass's package.
func prereqFailed(pass *analysis.Pass) bool {
	mu.Lock()
	defer mu.Unlock()
	if len(failed) == 0 {
		return false
	}
	for _, req := range pass.Analyzer.Requires {
		if failed[key{req, pass.Pkg}] {
			return true
		}
	}
	return false
}

// zero is a nil result of a's ResultType, which the drivers accept.
func zero(a *analysis.Analyzer) any {
	if a.ResultType == nil {
		return nil
	}
	return reflect.Zero(a.ResultType).Interface()
}

// packagePos is the package clause of pass's first file.
func packagePos(pass *analysis.Pass) token.Pos {
	for _, f := range pass.Files {
		if f.Package.IsValid() {
			return f.Package
		}
	}
	return token.NoPos
}

// frame names the function that panicked: the innermost frame of the
// panicking goroutine outside the runtime and this package, as
// "pkg.func at file.go:line".
func frame() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs) // skip Callers, frame, the deferred func
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, "runtime.") &&
			!strings.Contains(f.Function, "/internal/guard.") {
			fn := f.Function
			if i := strings.LastIndex(fn, "/"); i >= 0 {
				fn = fn[i+1:]
			}
			file := f.File
			if i := strings.LastIndex(file, "/"); i >= 0 {
				file = file[i+1:]
			}
			return fmt.Sprintf("%s at %s:%d", fn, file, f.Line)
		}
		if !more {
			return ""
		}
	}
}

// Guarded reports whether a has been wrapped by Wrap.
func Guarded(a *analysis.Analyzer) bool {
	mu.Lock()
	defer mu.Unlock()
	return wrapped[a]
}
