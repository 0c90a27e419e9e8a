// Package stripe is a reslint test stub of github.com/stripe/stripe-go/v84@v84.4.1: signatures match the real API.
//
// Only the request-parameter plumbing (Params, ListParams, pointer helpers) and
// the PaymentIntent create call shapes (Client.V1PaymentIntents.Create and the
// deprecated paymentintent.New) are stubbed.
package stripe

import (
	"context"
	"net/http"
	"net/url"
)

// ---- params.go

// ExtraValues are extra parameters that are attached to an API request.
// They're implemented as a custom type so that they can have their own
// AppendTo implementation.
type ExtraValues struct {
	url.Values `form:"-" json:"-"` // See custom AppendTo implementation
}

// Filters is a structure that contains a collection of filters for list-related APIs.
type Filters struct {
	f []*filter `form:"-" json:"-"` // See custom AppendTo implementation
}

type filter struct {
	Key, Op, Val string
}

// ListParams is the structure that contains the common properties
// of any *ListParams structure.
type ListParams struct {
	// Context used for request. It may carry deadlines, cancellation signals,
	// and other request-scoped values across API boundaries and between
	// processes.
	Context context.Context `form:"-"`

	EndingBefore *string `form:"ending_before"`
	// Deprecated: Please use Expand in the surrounding struct instead.
	Expand  []*string `form:"expand"`
	Filters Filters   `form:"*"`
	Limit   *int64    `form:"limit"`

	// Single specifies whether this is a single page iterator.
	Single bool `form:"-"` // Not an API parameter

	StartingAfter *string `form:"starting_after"`

	// StripeAccount may contain the ID of a connected account.
	StripeAccount *string `form:"-"` // Passed as header

	// StripeContext is used to set the Stripe-Context header on a request.
	StripeContext *string `form:"-" json:"-"` // Passed as header
}

// GetListParams returns a ListParams struct (itself).
func (p *ListParams) GetListParams() *ListParams { return p }

// GetParams returns ListParams as a Params struct.
func (p *ListParams) GetParams() *Params { return p.ToParams() }

// SetStripeAccount sets a value for the Stripe-Account header.
func (p *ListParams) SetStripeAccount(val string) { p.StripeAccount = &val }

// ToParams converts a ListParams to a Params by moving over any fields that
// have valid targets in the new type.
func (p *ListParams) ToParams() *Params {
	return &Params{Context: p.Context, StripeAccount: p.StripeAccount, StripeContext: p.StripeContext}
}

// ListParamsContainer is a general interface for which all list parameter
// structs should comply.
type ListParamsContainer interface {
	GetListParams() *ListParams
}

// Params is the structure that contains the common properties
// of any *Params structure.
type Params struct {
	// Context used for request. It may carry deadlines, cancellation signals,
	// and other request-scoped values across API boundaries and between
	// processes.
	//
	// Note that a cancelled or timed out context does not provide any
	// guarantee whether the operation was or was not completed on Stripe's API
	// servers. For certainty, you must either retry with the same idempotency
	// key or query the state of the API.
	Context context.Context `form:"-" json:"-"`

	// Deprecated: please use Expand in the surrounding struct instead.
	Expand []*string    `form:"expand" json:"-"`
	Extra  *ExtraValues `form:"*"  json:"-"`

	// Headers may be used to provide extra header lines on the HTTP request.
	Headers http.Header `form:"-" json:"-"`

	IdempotencyKey *string `form:"-" json:"-"` // Passed as header

	// Deprecated: Please use Metadata in the surrounding struct instead.
	Metadata map[string]string `form:"metadata" json:"-"`

	// StripeAccount may contain the ID of a connected account.
	StripeAccount *string `form:"-" json:"-"` // Passed as header

	// StripeContext is used to set the Stripe-Context header on a request.
	StripeContext *string `form:"-" json:"-"` // Passed as header

	usage []string `form:"-" json:"-"` // Tracked behaviors
}

// AddExpand on the Params embedded struct is deprecated.
// Deprecated: please use Expand in the surrounding struct instead.
func (p *Params) AddExpand(f string) { p.Expand = append(p.Expand, &f) }

// AddExtra adds a new arbitrary key-value pair to the request data
func (p *Params) AddExtra(key, value string) {
	if p.Extra == nil {
		p.Extra = &ExtraValues{Values: make(url.Values)}
	}
	p.Extra.Add(key, value)
}

// AddMetadata on the Params embedded struct is deprecated.
// Deprecated: please use .AddMetadata of the surrounding struct.
func (p *Params) AddMetadata(key, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

// GetParams returns a Params struct (itself).
func (p *Params) GetParams() *Params { return p }

// SetIdempotencyKey sets a value for the Idempotency-Key header.
func (p *Params) SetIdempotencyKey(val string) { p.IdempotencyKey = &val }

// SetStripeAccount sets a value for the Stripe-Account header.
func (p *Params) SetStripeAccount(val string) { p.StripeAccount = &val }

// SetStripeContext sets a value for the Stripe-Context header.
func (p *Params) SetStripeContext(val string) { p.StripeContext = &val }

// ParamsContainer is a general interface for which all parameter structs
// should comply.
type ParamsContainer interface {
	GetParams() *Params
}

// ---- stripe.go (pointer helpers)

// Bool returns a pointer to the bool value passed in.
func Bool(v bool) *bool { return &v }

// BoolValue returns the value of the bool pointer passed in or
// false if the pointer is nil.
func BoolValue(v *bool) bool {
	if v != nil {
		return *v
	}
	return false
}

// Float64 returns a pointer to the float64 value passed in.
func Float64(v float64) *float64 { return &v }

// Int64 returns a pointer to the int64 value passed in.
func Int64(v int64) *int64 { return &v }

// Int64Value returns the value of the int64 pointer passed in or
// 0 if the pointer is nil.
func Int64Value(v *int64) int64 {
	if v != nil {
		return *v
	}
	return 0
}

// String returns a pointer to the string value or enum passed in.
func String[T ~string](v T) *string {
	result := string(v)
	return &result
}

// StringValue returns the value of the string pointer passed in or
// "" if the pointer is nil.
func StringValue(v *string) string {
	if v != nil {
		return *v
	}
	return ""
}

// ---- currency.go

// Currency is the list of supported currencies.
// For more details see https://support.stripe.com/questions/which-currencies-does-stripe-support.
type Currency string

// List of values that Currency can take.
const (
	CurrencyEUR Currency = "eur" // Euro
	CurrencyUSD Currency = "usd" // United States Dollar
)

// ---- paymentintent.go

// Status of this PaymentIntent, one of `requires_payment_method`, `requires_confirmation`, `requires_action`, `processing`, `requires_capture`, `canceled`, or `succeeded`.
type PaymentIntentStatus string

// List of values that PaymentIntentStatus can take
const (
	PaymentIntentStatusCanceled              PaymentIntentStatus = "canceled"
	PaymentIntentStatusProcessing            PaymentIntentStatus = "processing"
	PaymentIntentStatusRequiresAction        PaymentIntentStatus = "requires_action"
	PaymentIntentStatusRequiresCapture       PaymentIntentStatus = "requires_capture"
	PaymentIntentStatusRequiresConfirmation  PaymentIntentStatus = "requires_confirmation"
	PaymentIntentStatusRequiresPaymentMethod PaymentIntentStatus = "requires_payment_method"
	PaymentIntentStatusSucceeded             PaymentIntentStatus = "succeeded"
)

// Creates a PaymentIntent object (parameters of the deprecated paymentintent.New).
type PaymentIntentParams struct {
	Params `form:"*"`
	// Amount intended to be collected by this PaymentIntent.
	Amount *int64 `form:"amount"`
	// Set to `true` to attempt to confirm this PaymentIntent immediately.
	Confirm *bool `form:"confirm"`
	// Three-letter ISO currency code, in lowercase.
	Currency *string `form:"currency"`
	// ID of the Customer this PaymentIntent belongs to, if one exists.
	Customer *string `form:"customer"`
	// An arbitrary string attached to the object.
	Description *string `form:"description"`
	// Specifies which fields in the response should be expanded.
	Expand []*string `form:"expand"`
	// Set of key-value pairs that you can attach to an object.
	Metadata map[string]string `form:"metadata"`
	// ID of the payment method (a PaymentMethod, Card, or compatible Source object) to attach to this PaymentIntent.
	PaymentMethod *string `form:"payment_method"`
}

// AddExpand appends a new field to expand.
func (p *PaymentIntentParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }

// AddMetadata adds a new key-value pair to the Metadata.
func (p *PaymentIntentParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

// Creates a PaymentIntent object (parameters of Client.V1PaymentIntents.Create).
type PaymentIntentCreateParams struct {
	Params `form:"*"`
	// Amount intended to be collected by this PaymentIntent.
	Amount *int64 `form:"amount"`
	// Set to `true` to attempt to confirm this PaymentIntent immediately.
	Confirm *bool `form:"confirm"`
	// Three-letter ISO currency code, in lowercase.
	Currency *string `form:"currency"`
	// ID of the Customer this PaymentIntent belongs to, if one exists.
	Customer *string `form:"customer"`
	// An arbitrary string attached to the object.
	Description *string `form:"description"`
	// Specifies which fields in the response should be expanded.
	Expand []*string `form:"expand"`
	// Set of key-value pairs that you can attach to an object.
	Metadata map[string]string `form:"metadata"`
	// ID of the payment method to attach to this PaymentIntent.
	PaymentMethod *string `form:"payment_method"`
}

// AddExpand appends a new field to expand.
func (p *PaymentIntentCreateParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }

// AddMetadata adds a new key-value pair to the Metadata.
func (p *PaymentIntentCreateParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

// A PaymentIntent guides you through the process of collecting a payment from your customer.
type PaymentIntent struct {
	// Amount intended to be collected by this PaymentIntent.
	Amount int64 `json:"amount"`
	// Time at which the object was created. Measured in seconds since the Unix epoch.
	Created int64 `json:"created"`
	// Three-letter ISO currency code, in lowercase.
	Currency Currency `json:"currency"`
	// Unique identifier for the object.
	ID string `json:"id"`
	// String representing the object's type. Objects of the same type share the same value.
	Object string `json:"object"`
	// Status of this PaymentIntent.
	Status PaymentIntentStatus `json:"status"`
}

// ---- stripe_client.go

// Client is the Stripe client. It contains all the different services available.
type Client struct {
	// V1PaymentIntents is the service used to invoke /v1/payment_intents APIs.
	V1PaymentIntents *v1PaymentIntentService

	key string
}

type clientConfig struct {
	usage []string
	key   string
}

// ClientOption allows for functional options to be passed to the NewClient constructor.
type ClientOption func(*clientConfig)

// NewClient creates a new Stripe [Client] with the given API key.
func NewClient(key string, opts ...ClientOption) *Client {
	return &Client{V1PaymentIntents: &v1PaymentIntentService{Key: key}, key: key}
}

// ---- paymentintent_service.go

// v1PaymentIntentService is used to invoke /v1/payment_intents APIs.
type v1PaymentIntentService struct {
	Key string
}

// Creates a PaymentIntent object.
func (c v1PaymentIntentService) Create(ctx context.Context, params *PaymentIntentCreateParams) (*PaymentIntent, error) {
	return &PaymentIntent{}, nil
}
