package analysisutil_test

import (
	"go/importer"
	"go/types"
	"testing"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

func TestInStdTable(t *testing.T) {
	pkg, err := importer.Default().Import("net/http")
	if err != nil {
		t.Skip("no export data for net/http:", err)
	}
	server := pkg.Scope().Lookup("Server").Type()
	method := func(name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(server), false, pkg, name)
		return obj.(*types.Func)
	}
	fn := func(name string) *types.Func { return pkg.Scope().Lookup(name).(*types.Func) }
	for _, c := range []struct {
		fn   *types.Func
		want bool
	}{
		{method("Serve"), true},
		{method("ListenAndServe"), true},
		{fn("ListenAndServe"), true},
		{method("Shutdown"), false}, // returns nil after a clean shutdown
		{fn("Get"), false},
		{nil, false},
	} {
		if got := analysisutil.InStdTable(knowledge.StdAlwaysErr, c.fn); got != c.want {
			t.Errorf("InStdTable(%v) = %v, want %v", c.fn, got, c.want)
		}
	}
}
