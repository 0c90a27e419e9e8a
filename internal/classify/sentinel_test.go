package classify

import (
	"go/token"
	"go/types"
	"testing"
)

// TestSeesSentinel: a type of a package that imports the sentinel's
// package (directly or not) is never the sentinel's dynamic type; a type
// of the sentinel's own package, or of a package not known to import it,
// may be.
func TestSeesSentinel(t *testing.T) {
	errT := types.Universe.Lookup("error").Type()
	osPkg := types.NewPackage("os", "os")
	sentinel := types.NewVar(token.NoPos, osPkg, "ErrExist", errT)
	lib := types.NewPackage("example.com/lib", "lib")
	lib.SetImports([]*types.Package{osPkg})
	app := types.NewPackage("example.com/app", "app")
	app.SetImports([]*types.Package{lib})
	other := types.NewPackage("example.com/other", "other")

	named := func(p *types.Package, name string) types.Type {
		tn := types.NewTypeName(token.NoPos, p, name, nil)
		return types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	}
	for _, tc := range []struct {
		t    types.Type
		want bool
	}{
		{named(app, "httpError"), true},                  // imports os through lib
		{types.NewPointer(named(lib, "libError")), true}, // imports os directly
		{named(osPkg, "PathError"), false},               // the sentinel's own package
		{named(other, "otherError"), false},              // imports unknown
		{types.NewStruct(nil, nil), false},               // not a named type
	} {
		if got := seesSentinel(tc.t, sentinel); got != tc.want {
			t.Errorf("seesSentinel(%s, os.ErrExist) = %v, want %v", tc.t, got, tc.want)
		}
	}
}
