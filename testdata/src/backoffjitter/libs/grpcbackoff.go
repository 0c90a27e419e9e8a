package libs

import (
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/backoff"
)

func dialOptions() []grpc.DialOption {
	return []grpc.DialOption{
		grpc.WithConnectParams(grpc.ConnectParams{
			Backoff: backoff.Config{ // want `gRPC backoff.Config literal without Jitter has jitter 0`
				BaseDelay:  15 * time.Second,
				Multiplier: 2,
				MaxDelay:   300 * time.Second,
			},
		}),
	}
}

func zeroJitter() grpc.DialOption {
	return grpc.WithConnectParams(grpc.ConnectParams{
		Backoff: backoff.Config{BaseDelay: time.Second, Multiplier: 1.6, Jitter: 0, MaxDelay: time.Minute}, // want `gRPC backoff.Config with Jitter 0 reconnects after exactly`
	})
}

// Correct: a jitter written, the default configuration tuned, a jitter
// stored after the literal, a literal that sets nothing, a Config that
// paces a local accept loop rather than reconnects.

func withJitter() grpc.DialOption {
	return grpc.WithConnectParams(grpc.ConnectParams{
		Backoff: backoff.Config{BaseDelay: time.Second, Multiplier: 1.6, Jitter: 0.2, MaxDelay: time.Minute},
	})
}

func fromDefault() grpc.DialOption {
	bc := backoff.DefaultConfig
	bc.MaxDelay = 30 * time.Second
	return grpc.WithConnectParams(grpc.ConnectParams{Backoff: bc, MinConnectTimeout: 5 * time.Second})
}

func jitterLater(jitter float64) grpc.DialOption {
	bc := backoff.Config{BaseDelay: time.Second, Multiplier: 2, MaxDelay: time.Minute}
	bc.Jitter = jitter
	return grpc.WithConnectParams(grpc.ConnectParams{Backoff: bc})
}

func unset() grpc.ConnectParams {
	return grpc.ConnectParams{Backoff: backoff.Config{}, MinConnectTimeout: time.Second}
}

type acceptBackoff struct{ cfg backoff.Config }

var acceptPacing = acceptBackoff{cfg: backoff.Config{BaseDelay: 5 * time.Millisecond, Multiplier: 2, MaxDelay: time.Second}}
