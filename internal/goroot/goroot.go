// Package goroot tells whether a pass analyzes a package of the
// standard library (or of the toolchain), precisely: by where its files
// are, not by the shape of its import path (a GOPATH or vendored package
// may well have no dot in its first path element).
package goroot

import (
	"go/build"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// src is GOROOT/src with a trailing separator, or "" if GOROOT is
// unknown.
var src = func() string {
	if build.Default.GOROOT == "" {
		return ""
	}
	return filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
}()

// Standard reports whether every file of pass's package lies under
// GOROOT/src: the drivers hand analyzers absolute file names, and the
// standard library is compiled from there. A package with no files, or a
// GOROOT the tool does not know (built by another toolchain than the one
// running it), is not standard: the caller then does its full work.
func Standard(pass *analysis.Pass) bool {
	return standard(src, pass)
}

func standard(src string, pass *analysis.Pass) bool {
	if src == "" || len(pass.Files) == 0 {
		return false
	}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil || !strings.HasPrefix(tf.Name(), src) {
			return false
		}
	}
	return true
}
