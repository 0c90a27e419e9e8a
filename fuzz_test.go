package reslint_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint"
	"github.com/reslint/reslint/internal/passrun"
)

// The fuzz targets type-check generated or mutated Go source against the
// fixture packages and stubs (loaded once per process from export data)
// and run every analyzer of the suite on it: no panic (the guard turns
// one into an internal-error diagnostic), no error, every diagnostic and
// fix inside the file, every analyzer within fuzzBudget.

const fuzzBudget = 5 * time.Second

type fuzzEnv struct {
	once sync.Once
	fset *token.FileSet
	imp  types.Importer
	err  error
}

var (
	// shapeEnv holds what shapeSource imports.
	shapeEnv = fuzzEnv{}
	// fixtureEnv holds the standard packages and every package under
	// testdata/src that the fixtures import.
	fixtureEnv = fuzzEnv{}
)

var shapeImports = []string{"bytes", "context", "errors", "iter", "net/http", "time", "github.com/google/uuid", "github.com/avast/retry-go/v4"}

var fixtureImports = []string{
	"bytes", "context", "crypto/rand", "database/sql", "encoding/json", "errors", "fmt",
	"io", "iter", "log", "math/rand", "math/rand/v2", "net", "net/http", "net/url",
	"os", "strconv", "strings", "sync", "syscall", "time",
	"github.com/...", "golang.org/...", "google.golang.org/...", "k8s.io/...",
	"idemkeyperseries/...", "noretrycanceled/...", "retryscope/...", "timerstop/...",
}

// load finds the export data of patterns and their dependencies, once
// per process, and returns an importer that reads it as needed. Call it
// before f.Fuzz: the fuzzing engine takes an input that runs for 10s for
// a hang.
func (e *fuzzEnv) load(t testing.TB, patterns []string) (*token.FileSet, types.Importer) {
	e.once.Do(func() {
		dir, err := filepath.Abs("testdata")
		if err != nil {
			e.err = err
			return
		}
		cfg := &packages.Config{
			Mode: packages.NeedName | packages.NeedExportFile | packages.NeedImports | packages.NeedDeps,
			Dir:  dir,
			// Without cgo, go list need not run it for package net
			// and friends.
			Env: append(envWithout("GOPATH", "GO111MODULE", "GOFLAGS", "GOWORK", "CGO_ENABLED"), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "CGO_ENABLED=0"),
		}
		pkgs, err := packages.Load(cfg, patterns...)
		if err != nil {
			e.err = err
			return
		}
		exports := map[string]string{}
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if p.ExportFile != "" {
				exports[p.PkgPath] = p.ExportFile
			}
		})
		e.fset = token.NewFileSet()
		e.imp = importer.ForCompiler(e.fset, "gc", func(path string) (io.ReadCloser, error) {
			if f, ok := exports[path]; ok {
				return os.Open(f)
			}
			return nil, fmt.Errorf("no package %s", path)
		})
	})
	if e.err != nil {
		t.Fatal(e.err)
	}
	return e.fset, e.imp
}

// analyzeSource runs the suite on src as one file of package fuzz/x.
func analyzeSource(t *testing.T, fset *token.FileSet, imp types.Importer, src []byte) {
	f, _ := parser.ParseFile(fset, "x.go", src, parser.ParseComments|parser.AllErrors)
	if f == nil {
		return
	}
	p := passrun.Check(fset, "fuzz/x", []*ast.File{f}, imp)
	p.ReadFile = func(name string) ([]byte, error) {
		if name == "x.go" {
			return src, nil
		}
		return nil, os.ErrNotExist
	}
	res := passrun.Run(p, reslint.Analyzers(), nil)
	for a, d := range res.Durations {
		if d > fuzzBudget {
			t.Errorf("%s took %v", a.Name, d)
		}
	}
	checkResult(t, p, res)
}

// seedFiles returns the fixture files under testdata/src, stubs excluded.
func seedFiles(f *testing.F) [][]byte {
	var seeds [][]byte
	root := filepath.Join("testdata", "src")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.Contains(d.Name(), ".") {
			return filepath.SkipDir // a stub: github.com, golang.org, k8s.io, ...
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			seeds = append(seeds, src)
		}
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
	return seeds
}

// FuzzFixtures mutates the fixture files themselves.
func FuzzFixtures(f *testing.F) {
	for _, src := range seedFiles(f) {
		f.Add(src)
	}
	fset, imp := fixtureEnv.load(f, fixtureImports)
	f.Fuzz(func(t *testing.T, src []byte) {
		analyzeSource(t, fset, imp, src)
	})
}

// FuzzShapes builds a retry loop, helper call, classifier or timer from
// fragments chosen and ordered by shape and order, with fuzzed
// identifiers and constants, around the shapes the recognisers match.
func FuzzShapes(f *testing.F) {
	f.Add(uint8(0), uint32(0x01234567), "err", "key", int64(3), int64(1e9), "Idempotency-Key", "POST")
	f.Add(uint8(1), uint32(0x76543210), "e", "k", int64(0), int64(-1), "X-Request-Id", "GET")
	f.Add(uint8(2), uint32(0xdeadbeef), "attempt", "idemKey", int64(1<<40), int64(50e6), "idempotency-key", "PATCH")
	f.Add(uint8(3), uint32(0x13579bdf), "x", "requestID", int64(-5), int64(0), "", "DELETE")
	f.Add(uint8(4), uint32(0x2468ace0), "ctx", "uuid", int64(10), int64(1), "Idempotency-Key", "post")
	f.Add(uint8(5), uint32(0xffffffff), "_", "t", int64(2), int64(3e9), "Idempotency-Key", "POST")
	f.Add(uint8(6), uint32(0x0f0f0f0f), "i", "err", int64(7), int64(5e8), "Idempotency-Key", "POST")
	f.Add(uint8(7), uint32(0xf0f0f0f0), "time", "http", int64(3), int64(1e6), "Idempotency-Key", "POST")
	fset, imp := shapeEnv.load(f, shapeImports)
	f.Fuzz(func(t *testing.T, shape uint8, order uint32, id1, id2 string, n, d int64, header, method string) {
		analyzeSource(t, fset, imp, shapeSource(shape, order, ident(id1, "v1"), ident(id2, "v2"), n, d, header, method))
	})
}

// ident makes s a Go identifier, or returns def.
func ident(s, def string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 20 {
			break
		}
		if r == '_' || unicode.IsLetter(r) || (b.Len() > 0 && unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 || token.Lookup(b.String()).IsKeyword() {
		return def
	}
	return b.String()
}

// shapeSource writes one package: a loop header chosen by shape, a body
// of statements chosen and ordered by order, a classifier and a helper.
func shapeSource(shape uint8, order uint32, a, b string, n, d int64, header, method string) []byte {
	var s strings.Builder
	s.WriteString(`package x

import (
	"bytes"
	"context"
	"errors"
	"iter"
	"net/http"
	"time"

	"github.com/google/uuid"
	retry "github.com/avast/retry-go/v4"
)

var _ = retry.Do
var _ = uuid.NewString
var _ iter.Seq[int]
var _ = bytes.NewReader
var _ = errors.Is

func seq(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func helper(ctx context.Context, n int, f func(context.Context) error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = f(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Millisecond)
	}
	return err
}

`)
	fmt.Fprintf(&s, "func classify(%s error) bool {\n", a)
	cls := []string{
		fmt.Sprintf("\tif errors.Is(%s, context.Canceled) {\n\t\treturn false\n\t}\n", a),
		fmt.Sprintf("\tif %s == nil {\n\t\treturn false\n\t}\n", a),
		fmt.Sprintf("\tvar ne interface{ Timeout() bool }\n\tif errors.As(%s, &ne) && ne.Timeout() {\n\t\treturn true\n\t}\n", a),
		fmt.Sprintf("\tswitch %s.(type) {\n\tcase interface{ Temporary() bool }:\n\t\treturn true\n\t}\n", a),
	}
	for i := range cls {
		if order>>(i+20)&1 == 1 {
			s.WriteString(cls[(i+int(order>>28))%len(cls)])
		}
	}
	fmt.Fprintf(&s, "\treturn %v\n}\n\n", order>>24&1 == 1)

	fmt.Fprintf(&s, "func run(ctx context.Context, hc *http.Client, body []byte, %s string) (err error) {\n", b)
	fmt.Fprintf(&s, "\t_ = %s\n", b)
	stmts := []string{
		fmt.Sprintf("%s = uuid.NewString()", b),
		fmt.Sprintf("req, rerr := http.NewRequestWithContext(ctx, %q, \"https://x\", bytes.NewReader(body))\nif rerr != nil {\n\treturn rerr\n}\nreq.Header.Set(%q, %s)\nresp, derr := hc.Do(req)\nif derr == nil {\n\tresp.Body.Close()\n}\nerr = derr", method, header, b),
		"if err == nil {\n\treturn nil\n}",
		"if !classify(err) {\n\treturn err\n}",
		fmt.Sprintf("time.Sleep(%d)", d),
		fmt.Sprintf("t := time.NewTimer(%d)\nselect {\ncase <-ctx.Done():\n\treturn ctx.Err()\ncase <-t.C:\n}", d),
		"if ctx.Err() != nil {\n\treturn ctx.Err()\n}",
		"if errors.Is(err, context.DeadlineExceeded) {\n\tcontinue\n}",
		fmt.Sprintf("_, err = hc.Post(\"https://x\", \"application/json\", nil)\n_ = %q", method),
		fmt.Sprintf("for range time.Tick(%d) {\n\tbreak\n}", d),
	}
	var body strings.Builder
	for i := 0; i < 8; i++ {
		k := int(order>>(3*i)) & 15
		if k < len(stmts) {
			// A block each, so that a statement chosen twice declares
			// nothing twice.
			body.WriteString("{\n" + stmts[k] + "\n}\n")
		}
	}
	inner := body.String()
	switch shape % 8 {
	case 0:
		fmt.Fprintf(&s, "for i := 0; i < %d; i++ {\n_ = i\n%s}\n", n, inner)
	case 1:
		fmt.Fprintf(&s, "for range %d {\n%s}\n", n, inner)
	case 2:
		fmt.Fprintf(&s, "for i := range seq(%d) {\n_ = i\n%s}\n", n, inner)
	case 3:
		fmt.Fprintf(&s, "for {\n%s}\n", inner)
	case 4:
		fmt.Fprintf(&s, "err = retry.Do(func() error {\n%s\nreturn err\n}, retry.Attempts(%d), retry.Context(ctx))\n", loopFree(inner), uint(n))
	case 5:
		fmt.Fprintf(&s, "err = helper(ctx, %d, func(ctx context.Context) error {\n%s\nreturn err\n})\n", n, loopFree(inner))
	case 6:
		fmt.Fprintf(&s, "%s_lbl := 0\nagain:\n%s_lbl++\n{\n%s}\nif %s_lbl < %d {\n\tgoto again\n}\n", a, a, loopFree(inner), a, n)
	case 7:
		fmt.Fprintf(&s, "outer:\nfor i := range %d {\n\t_ = i\n\tfor {\n%s\n\t\tcontinue outer\n\t}\n}\n", n, inner)
	}
	s.WriteString("return err\n}\n")
	return []byte(s.String())
}

// loopFree replaces continue, which only a loop may hold, by return.
func loopFree(s string) string { return strings.ReplaceAll(s, "continue", "return err") }

// FuzzMutate edits a fixture file's statements: ops, two bytes per edit,
// pick a block and a statement in it, and delete, duplicate, swap with
// its neighbour, or move it into the next block (out of or into a loop, a
// closure, a select case). The result is printed and parsed again, so
// that positions are consistent; it may not type-check.
func FuzzMutate(f *testing.F) {
	seeds := seedFiles(f)
	for i := range seeds {
		f.Add(uint16(i), []byte{byte(i), 0, byte(3 * i), 1, byte(7 * i), 2, byte(5 * i), 3})
	}
	fset, imp := fixtureEnv.load(f, fixtureImports)
	f.Fuzz(func(t *testing.T, idx uint16, ops []byte) {
		if len(ops) > 64 {
			ops = ops[:64]
		}
		src := seeds[int(idx)%len(seeds)]
		mfset := token.NewFileSet()
		file, err := parser.ParseFile(mfset, "x.go", src, parser.ParseComments)
		if err != nil {
			return
		}
		var blocks []*ast.BlockStmt
		ast.Inspect(file, func(n ast.Node) bool {
			if b, ok := n.(*ast.BlockStmt); ok && len(b.List) > 0 {
				blocks = append(blocks, b)
			}
			return true
		})
		if len(blocks) == 0 {
			return
		}
		for i := 0; i+1 < len(ops); i += 2 {
			b := blocks[int(ops[i])%len(blocks)]
			if len(b.List) == 0 {
				continue
			}
			j := int(ops[i+1]>>2) % len(b.List)
			switch ops[i+1] & 3 {
			case 0: // delete
				b.List = append(b.List[:j:j], b.List[j+1:]...)
			case 1: // duplicate
				b.List = append(b.List[:j+1:j+1], b.List[j:]...)
			case 2: // swap with the next
				if j+1 < len(b.List) {
					b.List[j], b.List[j+1] = b.List[j+1], b.List[j]
				}
			case 3: // move into the next block
				next := blocks[(int(ops[i])+1)%len(blocks)]
				s := b.List[j]
				if contains(s, next) {
					continue // the statement would contain itself
				}
				b.List = append(b.List[:j:j], b.List[j+1:]...)
				next.List = append([]ast.Stmt{s}, next.List...)
			}
		}
		var out bytes.Buffer
		if err := printer.Fprint(&out, mfset, file); err != nil {
			return
		}
		analyzeSource(t, fset, imp, out.Bytes())
	})
}

// contains reports whether n is inside root.
func contains(root ast.Node, n ast.Node) bool {
	found := false
	ast.Inspect(root, func(x ast.Node) bool {
		found = found || x == n
		return !found
	})
	return found
}
