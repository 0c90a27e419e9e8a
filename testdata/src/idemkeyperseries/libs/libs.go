// Package libs holds I1 cases with the known retry libraries, the other
// generators, an aliased import and a generic helper.
package libs

import (
	"context"
	"crypto/rand"
	"io"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	gofrs "github.com/gofrs/uuid/v5"
	guuid "github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
	goretry "github.com/sethvargo/go-retry"
)

type API struct{}

func (API) Charge(ctx context.Context, amount int64, idemKey string) error { return nil }
func (API) Log(ctx context.Context, traceID string)                        {}

type Opts struct {
	ClientToken string
	Note        string
}

func (API) Start(ctx context.Context, o Opts) error { return nil }

func backoffV4(ctx context.Context, api API) error {
	return backoff.Retry(func() error {
		return api.Charge(ctx, 100, guuid.NewString()) // want `idempotency key is generated inside the retry closure, so every attempt sends a new key and the server cannot deduplicate; generate it once before backoff.Retry`
	}, backoff.NewExponentialBackOff())
}

func backoffV5(ctx context.Context, api API) (int, error) {
	return backoff5.Retry(ctx, func() (int, error) {
		return 1, api.Charge(ctx, 100, gofrs.Must(gofrs.NewV4()).String()) // want `generate it once before backoff.Retry`
	})
}

func retryGo(ctx context.Context, api API) error {
	return retrygo.Do(func() error {
		return api.Start(ctx, Opts{ClientToken: ulid.Make().String()}) // want `generate it once before retry.Do`
	}, retrygo.Attempts(3))
}

func goRetry(ctx context.Context, api API, b goretry.Backoff) error {
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		if err := api.Charge(ctx, 1, xid.New().String()); err != nil { // want `generate it once before retry.Do`
			return goretry.RetryableError(err)
		}
		return nil
	})
}

func ksuidKey(ctx context.Context, api API) error {
	return backoff.Retry(func() error {
		var o Opts
		o.ClientToken = ksuid.New().String() // want `generate it once before backoff.Retry`
		return api.Start(ctx, o)
	}, backoff.NewExponentialBackOff())
}

func readFull(ctx context.Context, api API) error {
	return backoff.Retry(func() error {
		var b [16]byte
		if _, err := io.ReadFull(rand.Reader, b[:]); err != nil { // want `generate it once before backoff.Retry`
			return err
		}
		return api.Charge(ctx, 1, string(b[:]))
	}, backoff.NewExponentialBackOff())
}

// Negative twins: the key made before the retry; fresh values that reach
// no key (a trace id, a note, a deadline); a deterministic uuid.
func negatives(ctx context.Context, api API, orderID string) error { // want negatives:"putsfreshkey field ClientToken"
	key := ulid.Make().String()
	return backoff.Retry(func() error {
		api.Log(ctx, guuid.NewString())
		actx, cancel := context.WithDeadline(ctx, time.Now().Add(time.Second))
		defer cancel()
		if err := api.Start(actx, Opts{ClientToken: key, Note: xid.New().String()}); err != nil {
			return err
		}
		return api.Charge(actx, 1, gofrs.NewV5(gofrs.NamespaceURL, orderID).String())
	}, backoff.NewExponentialBackOff())
}

// Generic helper inferred from its loop.
func Retry[T any](ctx context.Context, n int, op func(context.Context) (T, error)) (T, error) {
	var zero T
	var err error
	for i := 0; i < n; i++ {
		var v T
		if v, err = op(ctx); err == nil {
			return v, nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return zero, err
}

func generic(ctx context.Context, api API) (string, error) {
	return Retry(ctx, 3, func(ctx context.Context) (string, error) {
		k := guuid.NewString() // want `generate it once before libs.Retry`
		return k, api.Charge(ctx, 1, k)
	})
}
