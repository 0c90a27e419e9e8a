package analysisutil

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Callee is typeutil.Callee that also sees through a package variable
// initialized to a function (var after = time.After; var sleep =
// time.Sleep): the code calls that function, and tests swap the variable
// for a fake clock. Only variables of the package being analyzed, whose
// initializers the type checker recorded, are resolved.
func Callee(info *types.Info, call *ast.CallExpr) types.Object {
	obj := typeutil.Callee(info, call)
	if v, ok := obj.(*types.Var); ok && !v.IsField() && v.Parent() != nil && v.Parent() == v.Pkg().Scope() {
		if fn := funcVar(info, v); fn != nil {
			return fn
		}
	}
	return obj
}

// CalleeFunc is Callee's function, or nil.
func CalleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := Callee(info, call).(*types.Func)
	return fn
}

// funcVar returns the named function v is initialized to, or nil. Calls
// through a package variable are rare, and the initializers few, so the
// scan is not cached (a cache would keep every package's types alive).
func funcVar(info *types.Info, v *types.Var) *types.Func {
	for _, in := range info.InitOrder {
		if len(in.Lhs) != 1 || in.Lhs[0] != v {
			continue
		}
		id := RefIdent(in.Rhs)
		if id == nil {
			return nil
		}
		fn, _ := info.Uses[id].(*types.Func)
		return fn
	}
	return nil
}
