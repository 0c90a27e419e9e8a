package analysisutil

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ModuleKey says which module the package being analyzed belongs to:
// pass.Module's path, or, with no module information (GOPATH mode, some
// build systems), a guess from the import path: its first element, or
// its first three when the first names a host (example.com/team/lib), the
// usual shape of a repository path.
func ModuleKey(pass *analysis.Pass) string {
	if pass.Module != nil && pass.Module.Path != "" {
		return pass.Module.Path
	}
	return guessModule(pass.Pkg.Path())
}

// InModule reports whether the package with import path pkgPath belongs
// to the module of the package being analyzed: code its authors can
// change, as opposed to a dependency's.
func InModule(pass *analysis.Pass, pkgPath string) bool {
	if pass.Module != nil && pass.Module.Path != "" {
		m := pass.Module.Path
		return pkgPath == m || strings.HasPrefix(pkgPath, m+"/")
	}
	return guessModule(pkgPath) == guessModule(pass.Pkg.Path())
}

func guessModule(path string) string {
	elems := strings.Split(path, "/")
	n := 1
	if strings.Contains(elems[0], ".") {
		n = min(3, len(elems))
	}
	return strings.Join(elems[:n], "/")
}
