package knowledge

import "go/types"

// ErrorsPackages are the standard errors package and the drop-in
// replacements whose Is, As and Unwrap answer as the standard ones do
// (they delegate to them, or walk the same Unwrap chain): code written
// with github.com/pkg/errors tests errors.Is(err, os.ErrExist) with the
// same meaning. github.com/cockroachdb/errors is not one: its Is also
// matches errors that crossed a network by their message and type, so a
// test that the standard Is answers false may answer true there.
var ErrorsPackages = []string{
	"errors",
	"github.com/pkg/errors",
	"golang.org/x/xerrors",
	"github.com/go-faster/errors",
	"emperror.dev/errors",
}

// IsErrorsPackage reports whether path is one of ErrorsPackages.
func IsErrorsPackage(path string) bool {
	for _, p := range ErrorsPackages {
		if p == path {
			return true
		}
	}
	return false
}

// IsErrorsFunc reports whether fn is the package-level function name
// (Is, As, Unwrap) of one of ErrorsPackages.
func IsErrorsFunc(fn *types.Func, name string) bool {
	if fn == nil || fn.Pkg() == nil || fn.Name() != name {
		return false
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return false
	}
	return IsErrorsPackage(fn.Pkg().Path())
}
