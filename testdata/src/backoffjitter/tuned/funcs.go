package tuned

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	retryv2 "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
)

// Backoff functions written by the user and handed to the library.

// Positive: 60ms * 3^attempt, no random part.
func powBackoff() grpc_retry.CallOption {
	return grpc_retry.WithBackoff(func(attempt uint) time.Duration {
		return 60 * time.Millisecond * time.Duration(math.Pow(3, float64(attempt))) // want `exponential backoff`
	})
}

// Positive: a linear function of the package.
func linear(attempt uint) time.Duration { return time.Duration(attempt) * time.Second } // want `linear backoff`

func linearBackoff() grpc_retry.CallOption { return grpc_retry.WithBackoff(linear) }

// Positive: v2, through a local.
func v2Backoff() retryv2.CallOption {
	bf := func(ctx context.Context, attempt uint) time.Duration {
		return 2 * time.Second // want `constant wait 2s`
	}
	return retryv2.WithBackoff(bf)
}

// Negative twins: jittered functions.
func powJittered() grpc_retry.CallOption {
	return grpc_retry.WithBackoff(func(attempt uint) time.Duration {
		d := 60 * time.Millisecond * time.Duration(math.Pow(3, float64(attempt)))
		return d/2 + rand.N(d/2)
	})
}

func v2Jittered() retryv2.CallOption {
	return retryv2.WithBackoff(func(ctx context.Context, attempt uint) time.Duration {
		return time.Duration(rand.Int64N(int64(time.Second) << attempt))
	})
}
