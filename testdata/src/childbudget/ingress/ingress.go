// Package ingress: handlers that run only behind http.TimeoutHandler get
// its budget on r.Context().
package ingress

import (
	"context"
	"net/http"
	"time"
)

func call(ctx context.Context) error { return ctx.Err() }

// load sets 5s on its context.
func load(ctx context.Context) error { // want load:"sets 5s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return call(ctx)
}

type server struct{}

// Positives.

func serveQuote(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second) // want `timeout 5s exceeds the 3s left on its parent context \(http.TimeoutHandler at line 55\)`
	defer cancel()
	_ = call(ctx)
}

func (s *server) serveProfile(w http.ResponseWriter, r *http.Request) {
	_ = load(r.Context()) // want `ingress.load sets a 5s timeout, but its context has at most 2s left \(http.TimeoutHandler at line 56\)`
}

// Negatives.

// Fits in the 3s.
func serveFast(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	_ = call(ctx)
}

// Exported: another package may register it without a timeout.
func ServePublic(w http.ResponseWriter, r *http.Request) {
	_ = load(r.Context())
}

// Wrapped and called directly.
func serveBoth(w http.ResponseWriter, r *http.Request) {
	_ = load(r.Context())
}

func routes(s *server) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/quote", http.TimeoutHandler(http.HandlerFunc(serveQuote), 3*time.Second, "timeout"))
	mux.Handle("/profile", http.TimeoutHandler(http.HandlerFunc(s.serveProfile), 2*time.Second, "timeout"))
	mux.Handle("/fast", http.TimeoutHandler(http.HandlerFunc(serveFast), 3*time.Second, "timeout"))
	mux.Handle("/public", http.TimeoutHandler(http.HandlerFunc(ServePublic), time.Second, "timeout"))
	mux.Handle("/both", http.TimeoutHandler(http.HandlerFunc(serveBoth), time.Second, "timeout"))
	mux.HandleFunc("/both-direct", serveBoth)
	return mux
}
