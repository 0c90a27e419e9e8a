// Package backoff is a reslint test stub of google.golang.org/grpc@v1.85.0: signatures match the real API.
package backoff

import "time"

// Config defines the configuration options for backoff.
type Config struct {
	BaseDelay  time.Duration
	Multiplier float64
	Jitter     float64
	MaxDelay   time.Duration
}

// DefaultConfig is a backoff configuration with the default values.
var DefaultConfig = Config{
	BaseDelay:  1.0 * time.Second,
	Multiplier: 1.6,
	Jitter:     0.2,
	MaxDelay:   120 * time.Second,
}
