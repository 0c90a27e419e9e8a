package screened

import (
	"context"
	"net"
)

type RetryType uint16

const (
	Retry         RetryType = 0x00
	RetryNextHost RetryType = 0x01
	Ignore        RetryType = 0x02
	Rethrow       RetryType = 0x03
)

type RetryPolicy interface {
	GetRetryType(error) RetryType
}

type Downgrading struct{}

func (d *Downgrading) GetRetryType(err error) RetryType {
	switch err.(type) {
	case *net.OpError:
		return Retry
	default:
		return RetryNextHost
	}
}

type Iter struct{ err error }

func do(ctx context.Context, rt RetryPolicy, attempt func(context.Context) *Iter) *Iter {
	for {
		it := attempt(ctx)
		// Cancellations are the caller's: never asked of the policy.
		switch it.err {
		case context.Canceled, context.DeadlineExceeded:
			return it
		}
		if it.err == nil {
			return it
		}
		switch rt.GetRetryType(it.err) {
		case Retry, RetryNextHost:
			continue
		default:
			return it
		}
	}
}
