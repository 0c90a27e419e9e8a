package analysisutil_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisutil"
)

func TestModule(t *testing.T) {
	pass := func(pkg, mod string) *analysis.Pass {
		p := &analysis.Pass{Pkg: types.NewPackage(pkg, "p"), Module: &analysis.Module{Path: mod}}
		return p
	}
	for _, c := range []struct {
		pkg, mod, other string
		key             string
		in              bool
	}{
		// With module information: a prefix of whole path elements.
		{"example.com/svc/api", "example.com/svc", "example.com/svc/internal/db", "example.com/svc", true},
		{"example.com/svc/api", "example.com/svc", "example.com/svc", "example.com/svc", true},
		{"example.com/svc/api", "example.com/svc", "example.com/svcx/db", "example.com/svc", false},
		{"example.com/svc/api", "example.com/svc", "cloud.google.com/go/compute/metadata", "example.com/svc", false},
		// Without it (GOPATH mode): a repository-shaped guess.
		{"github.com/team/app/cmd", "", "github.com/team/app/internal/x", "github.com/team/app", true},
		{"github.com/team/app/cmd", "", "github.com/team/lib", "github.com/team/app", false},
		{"billing/api", "", "billing/store", "billing", true},
		{"billing/api", "", "example.com/cloudprobe/metadata", "billing", false},
	} {
		p := pass(c.pkg, c.mod)
		if got := analysisutil.ModuleKey(p); got != c.key {
			t.Errorf("ModuleKey(%s, module %q) = %q, want %q", c.pkg, c.mod, got, c.key)
		}
		if got := analysisutil.InModule(p, c.other); got != c.in {
			t.Errorf("InModule(%s, module %q, %s) = %v, want %v", c.pkg, c.mod, c.other, got, c.in)
		}
	}
	// No Module at all, as some drivers give.
	p := &analysis.Pass{Pkg: types.NewPackage("billing/api", "api")}
	if !analysisutil.InModule(p, "billing/store") || analysisutil.InModule(p, "payments/store") {
		t.Error("InModule without module information: want a guess from the first path element")
	}
}
