// Package budget shows childbudget: the request's time budget is set at
// ingress and every layer takes strictly less than what is left. The
// correct shape is childCtx and Handler (ServeCheckout); the
// mistakes are a child timeout longer than its parent (B1), a callee whose
// own timeout exceeds what its caller has left (B2), retry attempts that do
// not fit the budget (B3, together with noretrycanceled's N4) and a call
// detached from the request with context.Background() (B4).
package budget

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/reslint/reslint/examples/classify"
	"github.com/reslint/reslint/examples/retry"
)

// Dependencies of the checkout service.
type (
	Auth interface {
		Verify(ctx context.Context, token string) (string, error)
	}
	Billing interface {
		Charge(ctx context.Context, userID string) (Receipt, error)
	}
	Pricing interface {
		Quote(ctx context.Context, sku string) (Quote, error)
	}
	Stock interface {
		Hold(ctx context.Context, skus []string) error
	}
	Audit interface {
		Record(ctx context.Context, event, userID string) error
	}
	Reports interface {
		Export(ctx context.Context) error
	}
)

type (
	Receipt struct{ ID string }
	Quote   struct{ PriceCents int64 }
	Profile struct{ Name, Email string }
)

// Server is the checkout service.
type Server struct {
	auth     Auth
	billing  Billing
	pricing  Pricing
	stock    Stock
	audit    Audit
	reports  Reports
	profiles *ProfileStore
}

// childCtx derives a child that takes at most want, and never more than what
// is left of the parent minus reserve. GOOD: it clamps to the parent's budget.
func childCtx(ctx context.Context, want, reserve time.Duration) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok {
		return context.WithTimeout(ctx, want) // no budget above: take our own
	}
	left := time.Until(dl) - reserve
	if left <= 0 {
		// No time left: going to the network would only take a connection
		// from a dependency that is struggling already. Fail at once.
		c, cancel := context.WithDeadline(ctx, time.Now())
		return c, cancel
	}
	if left < want {
		want = left
	}
	return context.WithTimeout(ctx, want)
}

// ServeCheckout is the checkout handler. Ingress (http.TimeoutHandler, 3s)
// sets the budget; auth 200ms + payment 2s + 100ms reserve fit in it.
func (s *Server) ServeCheckout(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context() // the deadline arrives with the request

	aCtx, cancel := childCtx(ctx, 200*time.Millisecond, 0) // GOOD: a slice of what is left
	defer cancel()
	userID, err := s.auth.Verify(aCtx, r.Header.Get("Authorization"))
	if err != nil {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}

	pCtx, cancel2 := childCtx(ctx, 2*time.Second, 100*time.Millisecond) // GOOD: keeps 100ms to write the answer
	defer cancel2()
	receipt, err := s.billing.Charge(pCtx, userID) // retries and a breaker inside
	if err != nil {
		http.Error(w, "payment failed", http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(receipt)
}

// QuoteItem prices one item within the 3s the API gateway allows.
func (s *Server) QuoteItem(ctx context.Context, sku string) (Quote, error) {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	// BAD(B1): timeout 5s exceeds the 3s left on its parent: it can never fire; take less than the parent has left.
	qctx, qcancel := context.WithTimeout(ctx, 5*time.Second)
	defer qcancel()
	return s.pricing.Quote(qctx, sku)
}

// ProfileStore reads user profiles.
type ProfileStore struct {
	db interface {
		Profile(ctx context.Context, userID string) (Profile, error)
	}
}

// Load reads a profile. Its 5s timeout is fine on its own (the caller's
// budget is unknown here); reslint records it in a Fact for the callers.
func (p *ProfileStore) Load(ctx context.Context, userID string) (Profile, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return p.db.Profile(ctx, userID)
}

// Profile serves the profile page within 2s.
func (s *Server) Profile(ctx context.Context, userID string) (Profile, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	// BAD(B2): ProfileStore.Load sets a 5s timeout, but its context has at most 2s left: Load's setting is dead.
	return s.profiles.Load(ctx, userID)
}

// LatestQuote asks the pricing service for a fresh quote, retrying twice.
func (s *Server) LatestQuote(ctx context.Context, sku string) (Quote, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var q Quote
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		// BAD(B3): 3 attempts x 800ms = 2.4s, but the parent has at most 2s left: the last attempt is cut short.
		actx, acancel := context.WithTimeout(ctx, 800*time.Millisecond)
		q, err = s.pricing.Quote(actx, sku)
		acancel()
		if err == nil {
			return q, nil
		}
		// BAD(N4): classified before ctx.Err() is checked: a DeadlineExceeded from the caller's own
		// deadline is taken for the attempt's timeout, and the loop skips the wait below that would
		// have noticed the caller leaving.
		if errors.Is(err, context.DeadlineExceeded) {
			continue
		}
		if !classify.ShouldRetry(err, true) {
			return q, err
		}
		t := time.NewTimer(rand.N((50 * time.Millisecond) << attempt))
		select {
		case <-ctx.Done():
			t.Stop()
			return q, errors.Join(err, ctx.Err())
		case <-t.C:
		}
	}
	return q, err
}

// GOOD: the policy: 4 x 400ms + (50+100+200)ms backoff = 1.95s <= 2s.
var quotePolicy = retry.Policy{
	MaxAttempts: 4,
	Base:        50 * time.Millisecond,
	Cap:         1 * time.Second,
	PerAttempt:  400 * time.Millisecond,
	Budget:      2 * time.Second,
}

// BAD(B3): 3 attempts x 600ms + (200+400)ms backoff = 2.4s > 2s budget: the last attempt never gets its time.
var exportPolicy = retry.Policy{
	MaxAttempts: 3,
	Base:        200 * time.Millisecond,
	Cap:         1 * time.Second,
	PerAttempt:  600 * time.Millisecond,
	Budget:      2 * time.Second,
}

// ExportReport pushes the daily report to the warehouse.
func (s *Server) ExportReport(ctx context.Context) error {
	return retry.Do(ctx, exportPolicy, classify.HTTPClassifier, s.reports.Export)
}

// Price reads a quote under the standard policy (a read: safe to retry).
func (s *Server) Price(ctx context.Context, sku string) (Quote, error) {
	var q Quote
	err := retry.Do(ctx, quotePolicy, classify.HTTPClassifier, func(ctx context.Context) error {
		var err error
		q, err = s.pricing.Quote(ctx, sku)
		return err
	})
	return q, err
}

// Checkout holds the stock and records an audit event.
func (s *Server) Checkout(ctx context.Context, userID string, skus []string) error {
	// BAD(B4): context.Background() escapes the request's deadline and cancellation: derive from ctx instead.
	if err := s.stock.Hold(context.Background(), skus); err != nil {
		return err
	}
	// GOOD: the audit record must outlive a cancelled request: WithoutCancel detaches on purpose and keeps ctx's values.
	return s.audit.Record(context.WithoutCancel(ctx), "checkout", userID)
}
