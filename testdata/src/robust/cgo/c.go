// Package cgo mixes a cgo file with plain ones.
package cgo

/*
static int answer(void) { return 42; }
*/
import "C"

import (
	"context"
	"time"
)

func Answer(ctx context.Context) int {
	for i := 0; i < 3; i++ {
		if v := int(C.answer()); v == 42 {
			return v
		}
		select {
		case <-ctx.Done():
			return 0
		case <-time.After(time.Second):
		}
	}
	return 0
}
