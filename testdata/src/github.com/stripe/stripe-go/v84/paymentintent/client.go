// Package paymentintent is a reslint test stub of github.com/stripe/stripe-go/v84@v84.4.1: signatures match the real API.
package paymentintent

import stripe "github.com/stripe/stripe-go/v84"

// Client is used to invoke /v1/payment_intents APIs.
//
// Deprecated: Use [stripe.Client] instead.
type Client struct {
	Key string
}

// Creates a PaymentIntent object.
func New(params *stripe.PaymentIntentParams) (*stripe.PaymentIntent, error) {
	return Client{}.New(params)
}

// Creates a PaymentIntent object.
//
// Deprecated: Client methods are deprecated. This should be accessed instead through [stripe.Client].
func (c Client) New(params *stripe.PaymentIntentParams) (*stripe.PaymentIntent, error) {
	return &stripe.PaymentIntent{}, nil
}
