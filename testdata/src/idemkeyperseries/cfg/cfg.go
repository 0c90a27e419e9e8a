// Package cfg is checked with -keyheaders=Nats-Msg-Id,Idempotency-Key and
// -keyfields=DedupID.
package cfg

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"idemkeyperseries/retry"
)

type Msg struct {
	Header  http.Header
	DedupID string
	Data    []byte
}

func publish(ctx context.Context, m *Msg) error { return nil }

var policy retry.Policy

func natsStyle(ctx context.Context, data []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		m := &Msg{Header: http.Header{}, Data: data}
		m.Header.Set("Nats-Msg-Id", uuid.NewString()) // want `idempotency key is generated inside the retry closure`
		return publish(ctx, m)
	})
}

func dedupField(ctx context.Context, data []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		return publish(ctx, &Msg{Data: data, DedupID: uuid.NewString()}) // want `idempotency key is generated inside the retry closure`
	})
}

// Negative twin, nats.go's shape: the message id is set before the loop.
func natsCorrect(ctx context.Context, data []byte) error { // want natsCorrect:"putsfreshkey header \"Nats-Msg-Id\""
	m := &Msg{Header: http.Header{}, Data: data}
	m.Header.Set("Nats-Msg-Id", uuid.NewString())
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		return publish(ctx, m)
	})
}

// X-Idempotency-Key is not a key header under this setting.
func replaced(ctx context.Context, data []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		m := &Msg{Header: http.Header{}, Data: data}
		m.Header.Set("X-Idempotency-Key", uuid.NewString())
		return publish(ctx, m)
	})
}
