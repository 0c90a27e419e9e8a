// Package grpcwait waits as long as the server says in a gRPC RetryInfo
// detail: not reported, however the value travels.
package grpcwait

import (
	"context"
	"errors"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"
)

func call(ctx context.Context) error { return errors.New("x") }

// serverDelay returns the RetryInfo delay of err, or 0.
func serverDelay(err error) time.Duration { // want serverDelay:"returns server"
	st, ok := status.FromError(err)
	if !ok {
		return 0
	}
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			return ri.GetRetryDelay().AsDuration()
		}
	}
	return 0
}

func viaHelper(ctx context.Context) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(serverDelay(err))
	}
}

type pushback struct{ wait time.Duration }

func viaField(ctx context.Context) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		var pb pushback
		if st, ok := status.FromError(err); ok {
			for _, d := range st.Details() {
				if ri, ok := d.(*errdetails.RetryInfo); ok && ri.RetryDelay != nil {
					pb.wait = ri.RetryDelay.AsDuration()
				}
			}
		}
		time.Sleep(pb.wait)
	}
}

func fallbackConstant(ctx context.Context) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		wait := time.Second
		if d := serverDelay(err); d > 0 {
			wait = d
		}
		time.Sleep(wait)
	}
}
