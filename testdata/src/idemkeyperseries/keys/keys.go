// Package keys holds key helpers used from other packages: the analyzer
// knows them through facts.
package keys

import (
	"bytes"
	"context"
	"crypto/rand"
	"net/http"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// New returns a fresh key on every call.
func New() string { return uuid.NewString() } // want New:"returnsfreshkey\\(0\\)"

// NewChecked returns a fresh key, or "" and the error.
func NewChecked() (string, error) { // want NewChecked:"returnsfreshkey\\(0\\)"
	u, err := uuid.NewRandom()
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// Token is crypto/rand based.
func Token() string { return "tok_" + rand.Text() } // want Token:"returnsfreshkey\\(0\\)"

// Stamp is time based: a time.Now value that is turned into a string.
func Stamp() string { return strconv.FormatInt(time.Now().UnixNano(), 36) } // want Stamp:"returnsfreshkey\\(0\\)"

// Prefixed gets its freshness from New, a function of this package.
func Prefixed(prefix string) string { return prefix + "-" + New() } // want Prefixed:"returnsfreshkey\\(0\\)"

// NewChargeRequest builds a charge request that carries a new key.
func NewChargeRequest(ctx context.Context, body []byte) (*http.Request, error) { // want NewChargeRequest:"putsfreshkey header \"Idempotency-Key\""
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", New())
	return req, nil
}

// Negative: returns its argument when there is one.
func Or(k string) string {
	if k != "" {
		return k
	}
	return uuid.NewString()
}

// Negative: deterministic, derived from the order id.
func FromOrder(id string) string {
	return uuid.NewSHA1(uuid.NameSpaceURL, []byte(id)).String()
}

// Negative: generated once and kept.
func Lazy(p *string) string {
	if *p == "" {
		*p = uuid.NewString()
	}
	return *p
}

// Negative: a time, not a key.
func Now() time.Time { return time.Now() }

// Negative: a request id is meant to change on every attempt; it is
// returned as a fresh value, but it is no key.
func WithRequestID(req *http.Request) { // want WithRequestID:"request\\(0:none\\)"
	req.Header.Set("X-Request-Id", uuid.NewString())
}
