// Package grpc is a reslint test stub of google.golang.org/grpc@v1.85.0: signatures match the real API.
package grpc

import (
	"time"

	"google.golang.org/grpc/backoff"
)

// ConnectParams defines the parameters for connecting and retrying.
type ConnectParams struct {
	Backoff           backoff.Config
	MinConnectTimeout time.Duration
}

type dialOptions struct{}

// DialOption configures how we set up the connection.
type DialOption interface {
	apply(*dialOptions)
}

type funcDialOption struct{ f func(*dialOptions) }

func (fdo *funcDialOption) apply(do *dialOptions) { fdo.f(do) }

// WithConnectParams configures the ClientConn to use the provided ConnectParams.
func WithConnectParams(p ConnectParams) DialOption {
	return &funcDialOption{f: func(*dialOptions) {}}
}

// EmptyCallOption does not alter the Call configuration.
// It can be embedded in another structure to carry satellite data for use
// by interceptors.
type EmptyCallOption struct{}
