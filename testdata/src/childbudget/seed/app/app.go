// Package app is the essay's budget code: the clamp helper, the handler
// that slices its request's budget, graceful degradation, a composite
// page, admission control, a bulkhead and an idempotent handler. None of
// it may be reported.
package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"net/http"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"childbudget/seed/retry"
)

func childCtx(ctx context.Context, want, reserve time.Duration) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok {
		return context.WithTimeout(ctx, want)
	}
	left := time.Until(dl) - reserve
	if left <= 0 {
		c, cancel := context.WithDeadline(ctx, time.Now())
		return c, cancel
	}
	if left < want {
		want = left
	}
	return context.WithTimeout(ctx, want)
}

type User struct{ ID string }
type Receipt struct{}

type authService struct{}

func (authService) Verify(ctx context.Context, token string) (User, error) { return User{}, nil }

type billingService struct{}

func (billingService) Charge(ctx context.Context, userID string) (Receipt, error) {
	var r Receipt
	err := retry.Do(ctx, retry.Policy{
		MaxAttempts: 3,
		Base:        50 * time.Millisecond,
		Cap:         200 * time.Millisecond,
		PerAttempt:  600 * time.Millisecond,
		Budget:      2 * time.Second,
	}, classify, func(ctx context.Context) error { return ctx.Err() })
	return r, err
}

func classify(err error) (bool, time.Duration) {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false, 0
	}
	return true, 0
}

var (
	auth    authService
	billing billingService
)

func writeErr(w http.ResponseWriter, err error)                 { http.Error(w, err.Error(), http.StatusBadGateway) }
func writeJSON(w http.ResponseWriter, v any)                    {}
func userID(r *http.Request) int64                              { return 0 }
func reasonOf(err error) string                                 { return "error" }
func degradedInc(name, reason string)                           {}
func topPopular() Recs                                          { return nil }
func charge(ctx context.Context, req Request) (Response, error) { return Response{}, nil }

func Handler(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()

	aCtx, cancel := childCtx(ctx, 200*time.Millisecond, 0)
	defer cancel()
	user, err := auth.Verify(aCtx, r.Header.Get("Authorization"))
	if err != nil {
		writeErr(w, err)
		return
	}

	pCtx, cancel2 := childCtx(ctx, 2*time.Second, 100*time.Millisecond)
	defer cancel2()
	receipt, err := billing.Charge(pCtx, user.ID)
	if err != nil {
		writeErr(w, err)
		return
	}

	writeJSON(w, receipt)
}

// Ingress: http.TimeoutHandler gives the handler 3s.
var Ingress = http.TimeoutHandler(http.HandlerFunc(Handler), 3*time.Second, "timeout")

type Recs []string

type breaker struct{}

func (breaker) Do(ctx context.Context, fn func(ctx context.Context) (Recs, error)) (Recs, error) {
	return fn(ctx)
}

type mlClient struct{}

func (mlClient) Get(ctx context.Context, userID int64) (Recs, error) { return nil, nil }

type cache struct{}

func (cache) Set(userID int64, r Recs, ttl time.Duration) {}
func (cache) GetStale(userID int64) (Recs, bool)          { return nil, false }

type reviews struct{}

func (reviews) Top(ctx context.Context, id int64) ([]string, error) { return nil, nil }

type catalog struct{}

func (catalog) Get(ctx context.Context, id int64) (string, error) { return "", nil }

type Service struct {
	mlCB    breaker
	ml      mlClient
	cache   cache
	reviews reviews
	catalog catalog
	repo    repo
}

func (s *Service) Recommendations(ctx context.Context, userID int64) (Recs, bool) {
	ctx, cancel := childCtx(ctx, 150*time.Millisecond, 20*time.Millisecond)
	defer cancel()

	recs, err := s.mlCB.Do(ctx, func(ctx context.Context) (Recs, error) {
		return s.ml.Get(ctx, userID)
	})
	if err == nil {
		s.cache.Set(userID, recs, 10*time.Minute)
		return recs, false
	}
	degradedInc("recs", reasonOf(err))
	if stale, ok := s.cache.GetStale(userID); ok {
		return stale, true
	}
	return topPopular(), true
}

type FeedHandler struct{ svc *Service }

func (h *FeedHandler) Feed(w http.ResponseWriter, r *http.Request) {
	recs, degraded := h.svc.Recommendations(r.Context(), userID(r))
	if degraded {
		w.Header().Set("X-Degraded", "recommendations")
	}
	writeJSON(w, recs)
}

type Page struct {
	Product string
	Recs    Recs
	Reviews []string
	Partial bool
}

func (s *Service) ProductPage(ctx context.Context, id int64) (Page, error) {
	var page Page
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		p, err := s.catalog.Get(gctx, id)
		page.Product = p
		return err
	})
	var recsDeg, reviewsDeg bool
	g.Go(func() error {
		recs, deg := s.Recommendations(ctx, id)
		page.Recs, recsDeg = recs, deg
		return nil
	})
	g.Go(func() error {
		rv, err := s.reviews.Top(ctx, id)
		if err != nil {
			reviewsDeg = true
			return nil
		}
		page.Reviews = rv
		return nil
	})
	if err := g.Wait(); err != nil {
		return Page{}, err
	}
	page.Partial = recsDeg || reviewsDeg
	return page, nil
}

var (
	ErrNoTimeBudget = errors.New("no time budget")
	ErrOverloaded   = errors.New("overloaded")
)

type Server struct {
	minWorkTime time.Duration
	inflight    atomic.Int64
	maxInflight int64
}

func (s *Server) admit(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < s.minWorkTime {
		return ErrNoTimeBudget
	}
	if s.inflight.Load() > s.maxInflight {
		return ErrOverloaded
	}
	return nil
}

type Bulkhead struct{ sem chan struct{} }

func (b *Bulkhead) Do(ctx context.Context, fn func(context.Context) error) error {
	select {
	case b.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	default:
		return ErrOverloaded
	}
	defer func() { <-b.sem }()
	return fn(ctx)
}

type Request struct{ Body []byte }

func (r Request) Canonical() []byte { return r.Body }

type Response struct{}

type State int

const StateInProgress State = 1

type keyRecord struct {
	RequestHash []byte
	State       State
	Response    Response
}

type repo struct{}

func (repo) ClaimKey(ctx context.Context, key, op string, hash []byte) (bool, error) {
	return true, nil
}
func (repo) LoadKey(ctx context.Context, key string) (keyRecord, error)    { return keyRecord{}, nil }
func (repo) ReleaseKey(ctx context.Context, key string) error              { return nil }
func (repo) CompleteKey(ctx context.Context, key string, r Response) error { return nil }

var (
	ErrIdempotencyKeyRequired = errors.New("key required")
	ErrIdempotencyKeyReuse    = errors.New("key reuse")
	ErrInProgress             = errors.New("in progress")
	ErrOutcomeUnknown         = errors.New("outcome unknown")
)

func (s *Service) CreatePayment(ctx context.Context, key string, req Request) (Response, error) {
	if key == "" {
		return Response{}, ErrIdempotencyKeyRequired
	}
	hash := sha256.Sum256(req.Canonical())
	claimed, err := s.repo.ClaimKey(ctx, key, "POST /payments", hash[:])
	if err != nil {
		return Response{}, err
	}
	if !claimed {
		rec, err := s.repo.LoadKey(ctx, key)
		if err != nil {
			return Response{}, err
		}
		if !bytes.Equal(rec.RequestHash, hash[:]) {
			return Response{}, ErrIdempotencyKeyReuse
		}
		if rec.State == StateInProgress {
			return Response{}, ErrInProgress
		}
		return rec.Response, nil
	}
	resp, err := charge(ctx, req)
	if err != nil {
		if !errors.Is(err, ErrOutcomeUnknown) {
			_ = s.repo.ReleaseKey(ctx, key)
		}
		return Response{}, err
	}
	if err := s.repo.CompleteKey(ctx, key, resp); err != nil {
		return Response{}, err
	}
	return resp, nil
}

// The essay's call of retry.Do with its policy: 4 x 400ms + 350ms <= 2s.
func Pay(ctx context.Context) error {
	policy := retry.Policy{
		MaxAttempts: 4,
		Base:        50 * time.Millisecond,
		Cap:         1 * time.Second,
		PerAttempt:  400 * time.Millisecond,
		Budget:      2 * time.Second,
	}
	return retry.Do(ctx, policy, classify, func(ctx context.Context) error { return ctx.Err() })
}
