// Package tagged has a file that only builds with -tags=extra.
package tagged

// Nothing to report here.
func OK() {}
