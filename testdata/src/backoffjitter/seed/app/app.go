// Package app is the seed's classifier and the call of retry.Do: all of
// it must pass.
package app

import (
	"context"
	"errors"
	"io"
	"net"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"backoffjitter/seed/retry"
)

var (
	ErrOpen       = errors.New("circuit open")
	ErrOverloaded = errors.New("overloaded")
)

type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return "http error" }

type Outcome int

const (
	Fatal     Outcome = iota // retrying is pointless
	Transient                // the request surely did not run: always safe
	Ambiguous                // outcome unknown: retry only if idempotent
)

func classify(err error) Outcome {
	switch {
	case err == nil:
		return Fatal
	// The caller leaving and a spent budget are not the dependency's fault.
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return Fatal
	case errors.Is(err, ErrOpen), errors.Is(err, ErrOverloaded):
		return Fatal
	}

	var de *net.DNSError
	if errors.As(err, &de) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.EHOSTUNREACH) {
		return Transient
	}

	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "40001", "40P01":
			return Transient
		case "23505":
			return Fatal
		}
		return Fatal
	}

	var he *HTTPError
	if errors.As(err, &he) {
		switch he.Code {
		case 408, 425, 429, 503:
			return Transient
		case 500, 502, 504:
			return Ambiguous
		}
		return Fatal
	}

	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return Ambiguous
	}
	if errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) {
		return Ambiguous
	}
	return Fatal
}

func shouldRetry(err error, idempotent bool) bool {
	switch classify(err) {
	case Transient:
		return true
	case Ambiguous:
		return idempotent
	default:
		return false
	}
}

// HTTPClassifier adapts the seed classifier to retry.Classifier.
func HTTPClassifier(err error) (bool, time.Duration) {
	return shouldRetry(err, true), 0
}

type Receipt struct{}
type Request struct{ key string }

func (r Request) WithIdempotencyKey(k string) Request { r.key = k; return r }

type Client struct{}

func (Client) Charge(ctx context.Context, req Request) (*Receipt, error) { return nil, nil }

func Charge(ctx context.Context, client Client, req Request, key string) (*Receipt, error) {
	policy := retry.Policy{
		MaxAttempts: 4,
		Base:        50 * time.Millisecond,
		Cap:         1 * time.Second,
		PerAttempt:  400 * time.Millisecond,
		Budget:      2 * time.Second,
	}
	var receipt *Receipt
	err := retry.Do(ctx, policy, HTTPClassifier, func(ctx context.Context) error {
		req = req.WithIdempotencyKey(key)
		r, err := client.Charge(ctx, req)
		receipt = r
		return err
	})
	return receipt, err
}

var _ = shouldRetry
