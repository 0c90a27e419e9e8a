package polls

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// apiError is the error a client returns for a response it did not expect.
type apiError struct {
	StatusCode int
	Code       string
}

func (e *apiError) Error() string { return e.Code }

var (
	ErrNotFound             = errors.New("not found")
	ErrAuthorizationPending = errors.New("authorization pending")
	ErrUnstableOffsetCommit = errors.New("unstable offset commit")
	ErrUnavailable          = errors.New("unavailable")
	ErrWriteConflict        = errors.New("conflict: concurrent modification")
)

func (c *client) headBucket(ctx context.Context, name string) error { return nil }
func (c *client) exchange(ctx context.Context, code string) error   { return nil }
func (c *client) fetchOffsets(ctx context.Context) error            { return nil }
func (c *client) postResult(ctx context.Context, id string) error   { return nil }

// --- negatives: waits for a state ------------------------------------------

// The bucket was just created: wait while HEAD answers 404, leave on any
// other failure.
func (c *client) waitBucket(ctx context.Context, name string) error {
	for i := 0; i < 20; i++ {
		err := c.headBucket(ctx, name)
		if err == nil {
			return nil
		}
		var apiErr *apiError
		if !errors.As(err, &apiErr) {
			return err
		}
		if apiErr.StatusCode != http.StatusNotFound {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errGaveUp
}

// A device-authorization poll: only "pending" goes round.
func (c *client) waitAuthorized(ctx context.Context, code string) error {
	for {
		err := c.exchange(ctx, code)
		if err == nil {
			return nil
		}
		pending := errors.Is(err, ErrAuthorizationPending)
		if !pending {
			return err
		}
		time.Sleep(5 * time.Second)
	}
}

// Goes round only while the broker reports an unstable offset or the
// resource is not there yet.
func (c *client) loadOffsets(ctx context.Context) error {
	for {
		err := c.fetchOffsets(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrUnstableOffsetCommit) || errors.Is(err, ErrNotFound) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// A read-your-writes race: only this 400 with this code goes round.
func (c *client) sendResult(ctx context.Context, id string) error {
	delays := [...]time.Duration{100 * time.Millisecond, 300 * time.Millisecond, 600 * time.Millisecond}
	for attempt := 0; ; attempt++ {
		err := c.postResult(ctx, id)
		if err == nil {
			return nil
		}
		var apiErr *apiError
		if attempt == len(delays) || !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || apiErr.Code != "unknown_pending_call" {
			return err
		}
		time.Sleep(delays[attempt])
	}
}

// --- positives: the twins whose condition is a fault -----------------------

func (c *client) waitBucketUp(ctx context.Context, name string) error {
	for i := 0; i < 20; i++ {
		err := c.headBucket(ctx, name)
		if err == nil {
			return nil
		}
		var apiErr *apiError
		if !errors.As(err, &apiErr) {
			return err
		}
		if apiErr.StatusCode != http.StatusServiceUnavailable {
			return err
		}
		time.Sleep(5 * time.Second) // want `constant wait 5s`
	}
	return errGaveUp
}

func (c *client) loadOffsetsUp(ctx context.Context) error {
	for {
		err := c.fetchOffsets(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrUnavailable) {
			time.Sleep(time.Second) // want `constant wait 1s`
			continue
		}
		return err
	}
}

// One state and one fault: the fault alone brings the fleet back here.
func (c *client) loadOffsetsEither(ctx context.Context) error {
	for {
		err := c.fetchOffsets(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrNotFound) || errors.Is(err, ErrUnavailable) {
			time.Sleep(time.Second) // want `constant wait 1s`
			continue
		}
		return err
	}
}

// Contention: clients that conflicted retry together.
func (c *client) sendContended(ctx context.Context, id string) error {
	for attempt := 0; attempt < 5; attempt++ {
		err := c.postResult(ctx, id)
		if err == nil {
			return nil
		}
		if !errors.Is(err, ErrWriteConflict) {
			return err
		}
		time.Sleep(2 * time.Second) // want `constant wait 2s`
	}
	return errGaveUp
}

// Throttled: 429 is an overload answer.
func (c *client) sendThrottled(ctx context.Context, id string) error {
	for attempt := 0; attempt < 5; attempt++ {
		err := c.postResult(ctx, id)
		if err == nil {
			return nil
		}
		var apiErr *apiError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusTooManyRequests {
			return err
		}
		time.Sleep(2 * time.Second) // want `constant wait 2s`
	}
	return errGaveUp
}
