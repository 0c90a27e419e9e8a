package testonly

import (
	"context"
	"testing"
)

func TestRetry(t *testing.T) {
	ctx := context.Background()
	errs := []error{ctx.Err(), errBad}
	for i := 0; i < len(errs); i++ {
		if !IsRetryable(errs[i]) {
			break
		}
	}
}
