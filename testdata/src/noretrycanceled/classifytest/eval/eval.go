// Package eval exercises classify.Eval: what classifiers answer, path by
// path, for context.Canceled (C) and context.DeadlineExceeded (D).
package eval

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

var (
	ErrFatal = errors.New("fatal")
	errStop  = context.Canceled
)

//reslint:classifier
func catchAll(err error) bool {
	if errors.Is(err, ErrFatal) {
		return false // not reached by a context error
	}
	return true // want `C retry catch-all; D retry catch-all`
}

//reslint:classifier
func notNil(err error) bool {
	return err != nil // want `C retry catch-all; D retry catch-all`
}

//reslint:classifier
func explicitIs(err error) bool {
	if errors.Is(err, context.Canceled) {
		return true // want `C retry explicit`
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return false // want `D no`
	}
	return false
}

//reslint:classifier
func equality(err error) bool {
	switch err {
	case context.Canceled:
		return false // want `C no`
	case io.EOF:
		return true
	}
	return true // want `D retry catch-all`
}

//reslint:classifier
func viaAlias(err error) bool {
	return err == errStop // want `C retry explicit; D no`
}

//reslint:classifier
func timeout(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true // want `D retry timeout`
	}
	return false // want `C no`
}

//reslint:classifier
func typeAssert(err error) bool {
	if te, ok := err.(interface{ Timeout() bool }); ok && te.Timeout() {
		return true // want `D retry timeout`
	}
	return false // want `C no`
}

//reslint:classifier
func typeSwitch(err error) bool {
	switch e := err.(type) {
	case *net.OpError:
		return e.Temporary()
	case net.Error:
		return e.Timeout() // want `D retry timeout`
	}
	return false // want `C no`
}

//reslint:classifier
func message(err error) bool {
	return strings.Contains(err.Error(), "deadline exceeded") // want `C no; D retry explicit`
}

// The caller's context is done under both hypotheses.
//
//reslint:classifier
func withCtx(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false // want `C no; D no`
	}
	return true
}

// A configuration flag forks without losing certainty.
type P struct{ all bool }

//reslint:classifier
func (p *P) retryable(err error) bool {
	if p.all {
		return true // want `C retry catch-all; D retry catch-all`
	}
	return false // want `C no; D no`
}

// A condition on the error that cannot be decided makes both sides
// uncertain: nothing is reported.
var decide func(error) bool

//reslint:classifier
func unsure(err error) bool {
	if decide(err) {
		return true
	}
	return false
}

// errors.As into a concrete type: the context error is not one.
type MyErr struct{ Retry bool }

func (*MyErr) Error() string { return "" }

//reslint:classifier
func concreteAs(err error) bool {
	var me *MyErr
	if errors.As(err, &me) {
		return me.Retry
	}
	return true // want `C retry catch-all; D retry catch-all`
}

// A helper of the package decides.
//
//reslint:classifier
func isCtx(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) // want `C retry explicit; D retry explicit`
}

//reslint:classifier
func viaCallee(err error) bool {
	if isCtx(err) {
		return false // want `C no; D no`
	}
	return true
}

// A list of sentinels, unrolled.
var fatals = []error{ErrFatal, context.Canceled}

//reslint:classifier
func unrolled(err error) bool {
	for _, f := range fatals {
		if errors.Is(err, f) {
			return false // want `C no`
		}
	}
	return true // want `D retry catch-all`
}

// A loop that is not unrolled makes the rest uncertain and the result
// incomplete.
//
//reslint:classifier
func looped(err error, errs []error) bool { // want `incomplete`
	for _, e := range errs {
		if errors.Is(err, e) {
			return false
		}
	}
	return true
}

// Mutable result variable and a bare return.
//
//reslint:classifier
func named(err error) (retry bool) {
	retry = true
	if errors.Is(err, ErrFatal) {
		retry = false
	}
	return // want `C retry catch-all; D retry catch-all`
}

// (bool, time.Duration), returned whole from a call.
//
//reslint:classifier
func withDelay(err error) (bool, time.Duration) {
	return pair(err) // want `C retry catch-all; D retry catch-all`
}

func pair(err error) (bool, time.Duration) {
	return err != nil, time.Second
}

// Enum answers are read by the constant's name.
type Outcome int

const (
	Fatal Outcome = iota
	Transient
)

//reslint:classifier
func classify(err error) Outcome {
	if errors.Is(err, context.Canceled) {
		return Fatal // want `C no`
	}
	return Transient // want `D retry catch-all`
}

// gRPC: status.Code of a plain context error is codes.Unknown; a gRPC
// client's is codes.Canceled.
//
//reslint:classifier
func grpcSwitch(err error) bool {
	switch status.Code(err) {
	case codes.Unknown:
		return true // want `C retry grpc-unknown; D retry grpc-unknown`
	case codes.Canceled:
		return true // want `C retry grpc-code grpc`
	case codes.Unavailable:
		return true
	}
	return false // want `D no grpc`
}

//reslint:classifier
func grpcFromError(err error) bool {
	st, ok := status.FromError(err)
	if !ok {
		return false // want `C no; D no`
	}
	return st.Code() == codes.DeadlineExceeded // want `C no grpc; D retry grpc-code grpc`
}

// CheckRetry: the response is nil when the error is not.
//
//reslint:classifier
func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
		return true, nil
	}
	if err != nil {
		return true, err // want `C retry catch-all; D retry catch-all`
	}
	return false, nil
}

// Wrapping keeps the error; fmt is not a decision.
//
//reslint:classifier
func wraps(err error) bool {
	err2 := fmt.Errorf("op: %w", err)
	_ = err2
	return errors.Is(err, ErrFatal) // want `C no; D no`
}
