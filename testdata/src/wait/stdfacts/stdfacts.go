// Package stdfacts calls standard functions that return when their
// context is done. Their facts come from the table that replaces
// analyzing the standard library (internal/knowledge/std.go).
package stdfacts

import (
	"context"
	"net"
	"net/http"
)

func calls(ctx context.Context, d *net.Dialer, r *net.Resolver, s *http.Server) {
	d.DialContext(ctx, "tcp", "localhost:1") // want `DialContext: honors\(0\)`
	r.LookupIPAddr(ctx, "localhost")         // want `LookupIPAddr: honors\(0\)`
	s.Shutdown(ctx)                          // want `Shutdown: honors\(0\)`
	s.Close()
	http.NewRequestWithContext(ctx, http.MethodGet, "http://localhost", nil)
}
