package goroot

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestStandard(t *testing.T) {
	src := filepath.FromSlash("/go/src/")
	pass := func(names ...string) *analysis.Pass {
		p := &analysis.Pass{Fset: token.NewFileSet()}
		for _, n := range names {
			f, err := parser.ParseFile(p.Fset, n, "package p", 0)
			if err != nil {
				t.Fatal(err)
			}
			p.Files = append(p.Files, f)
		}
		return p
	}
	for _, c := range []struct {
		files []string
		want  bool
	}{
		{[]string{"/go/src/net/http/client.go", "/go/src/net/http/server.go"}, true},
		{[]string{"/go/src/vendor/golang.org/x/net/http2/hpack/hpack.go"}, true},
		{[]string{"/go/src/net/http/client.go", "/home/u/go/src/net/http/x.go"}, false},
		{[]string{"/home/u/go/src/errors/errors.go"}, false}, // GOPATH, no dot
		{[]string{"/go/srcx/errors/errors.go"}, false},
		{nil, false},
	} {
		var files []string
		for _, f := range c.files {
			files = append(files, filepath.FromSlash(f))
		}
		if got := standard(src, pass(files...)); got != c.want {
			t.Errorf("standard(%q) = %v, want %v", c.files, got, c.want)
		}
	}
	if standard("", pass(filepath.FromSlash("/go/src/errors/errors.go"))) {
		t.Error("standard with no GOROOT")
	}
	// This test's own package is not standard.
	p := pass("goroot.go")
	if Standard(p) {
		t.Error("Standard(goroot.go)")
	}
}
