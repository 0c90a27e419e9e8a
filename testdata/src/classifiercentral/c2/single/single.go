package single // want package:`places single.go:24`

// This package keeps its classification in one classifier made of
// helpers: one place, nothing to report.

import (
	"context"
	"errors"
	"net"
	"net/http"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func classify(resp *http.Response, err error) bool {
	if err != nil {
		return netFault(err) || pgFault(err) || grpcFault(err)
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		return true
	}
	return false
}

func netFault(err error) bool {
	var opErr *net.OpError
	return errors.As(err, &opErr) || errors.Is(err, syscall.ECONNRESET)
}

func pgFault(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.SQLState() == "40001"
}

func grpcFault(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.ResourceExhausted:
		return true
	}
	return false
}

func do(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 400 {
			return resp, nil
		}
		if ctx.Err() != nil || !classify(resp, err) || attempt == 3 {
			return resp, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
