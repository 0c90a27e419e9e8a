//go:build go1.23

package t6

import tm "time"

// Aliased import; a generic holder.
type holder[T any] struct {
	t *tm.Timer
	v T
}

func (h *holder[T]) fired() bool {
	return len(h.t.C) == 1 // want `len\(h.t.C\) is always 0`
}
