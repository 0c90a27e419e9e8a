package unscreened

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
		return RetryNextHost // want `Downgrading.GetRetryType answers "retry" for every error that reaches this return`
	}
}

type Iter struct{ err error }

func do(ctx context.Context, rt RetryPolicy, attempt func(context.Context) *Iter) *Iter {
	for {
		it := attempt(ctx)
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
