// Package stripe holds stripe-go shapes: the key in the Params field,
// through the stripe.String pointer helper, or SetIdempotencyKey.
package stripe

import (
	"context"

	"github.com/google/uuid"
	stripego "github.com/stripe/stripe-go/v84"
	"github.com/stripe/stripe-go/v84/paymentintent"

	"idemkeyperseries/retry"
)

var policy retry.Policy

// --- Positive: the params field, through the pointer helper.

func field(ctx context.Context, sc *stripego.Client, amount int64) (*stripego.PaymentIntent, error) {
	var pi *stripego.PaymentIntent
	err := retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		params := &stripego.PaymentIntentCreateParams{
			Amount:   stripego.Int64(amount),
			Currency: stripego.String(stripego.CurrencyUSD),
		}
		params.IdempotencyKey = stripego.String(uuid.NewString()) // want `idempotency key is generated inside the retry closure, so every attempt sends a new key and the server cannot deduplicate; generate it once before retry.Do`
		p, err := sc.V1PaymentIntents.Create(ctx, params)
		pi = p
		return err
	})
	return pi, err
}

// --- Positive: SetIdempotencyKey.

func setter(ctx context.Context, sc *stripego.Client, amount int64) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		params := &stripego.PaymentIntentCreateParams{Amount: stripego.Int64(amount)}
		params.SetIdempotencyKey(uuid.New().String()) // want `idempotency key is generated inside the retry closure`
		_, err := sc.V1PaymentIntents.Create(ctx, params)
		return err
	})
}

// --- Positive: in the composite literal, deprecated paymentintent.New.

func literal(ctx context.Context, amount int64) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		_, err := paymentintent.New(&stripego.PaymentIntentParams{
			Params: stripego.Params{IdempotencyKey: stripego.String(uuid.NewString())}, // want `idempotency key is generated inside the retry closure`
			Amount: stripego.Int64(amount),
		})
		return err
	})
}

// Negative twins: the key generated once before the retry; a key from
// the caller; params built once with their key; a description that
// happens to be a uuid; lazy initialisation of captured params.
func negatives(ctx context.Context, sc *stripego.Client, amount int64, orderKey string) error { // want negatives:"putsfreshkey method SetIdempotencyKey"
	key := uuid.NewString()
	once := &stripego.PaymentIntentCreateParams{Amount: stripego.Int64(amount)}
	once.SetIdempotencyKey(uuid.NewString())
	lazy := &stripego.PaymentIntentCreateParams{Amount: stripego.Int64(amount)}
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		params := &stripego.PaymentIntentCreateParams{
			Amount:      stripego.Int64(amount),
			Description: stripego.String(uuid.NewString()),
		}
		params.IdempotencyKey = stripego.String(key)
		if _, err := sc.V1PaymentIntents.Create(ctx, params); err != nil {
			return err
		}
		params.SetIdempotencyKey(orderKey)
		if _, err := sc.V1PaymentIntents.Create(ctx, params); err != nil {
			return err
		}
		if _, err := sc.V1PaymentIntents.Create(ctx, once); err != nil {
			return err
		}
		if lazy.IdempotencyKey == nil {
			lazy.IdempotencyKey = stripego.String(uuid.NewString())
		}
		_, err := sc.V1PaymentIntents.Create(ctx, lazy)
		return err
	})
}
