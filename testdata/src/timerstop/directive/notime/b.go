// Package notime does not import time: the fast path still reports a
// stale directive.
package notime

//reslint:ignore timerstop left over // want `silences nothing here`
func f() {}
