//go:build go1.22

package t3

import (
	"context"

	tm "time"
)

// Aliased import, in a method.
type svc struct{ work func() }

func (s *svc) poll(ctx context.Context) {
	for range tm.Tick(tm.Second) { // want `keeps firing after poll returns`
		if ctx.Err() != nil {
			return
		}
		s.work()
	}
}
