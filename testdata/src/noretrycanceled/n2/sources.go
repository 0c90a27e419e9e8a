package n2

import (
	"context"
	"net/http"
	"time"
)

// Contexts that are not local variables: a request's, a struct's.

type poller struct {
	ctx  context.Context
	quit chan struct{}
	out  chan int
}

type pool struct{ ctx context.Context }

type conn struct {
	pool *pool
	addr string
}

func dial(addr string) error { return nil }

// --- positives ---------------------------------------------------------

func requestSleeps(w http.ResponseWriter, r *http.Request) { // want requestSleeps:"sleeps"
	var err error
	for i := 0; i < 3; i++ {
		if err = dial("x"); err == nil {
			return
		}
		time.Sleep(backoff(i)) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels r.Context\(\) the loop still sleeps`
	}
}

func (p *poller) fieldSleeps() error { // want fieldSleeps:"sleeps"
	var err error
	for i := 0; i < 5; i++ {
		if err = dial("x"); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `after the caller cancels p.ctx the loop still sleeps`
	}
	return err
}

func (c *conn) nestedFieldSleeps() error { // want nestedFieldSleeps:"sleeps"
	var err error
	for i := 0; i < 5; i++ {
		if err = dial(c.addr); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `after the caller cancels c.pool.ctx the loop still sleeps`
	}
	return err
}

// A quit channel is not the caller's cancellation.
func (p *poller) quitSelect(ctx context.Context) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select { // want `this select waits for the backoff timer and p.quit but not for ctx.Done\(\)`
		case <-p.quit:
			return err
		case <-time.After(backoff(i)):
		}
	}
	return err
}

// --- negatives ---------------------------------------------------------

func requestSelects(w http.ResponseWriter, r *http.Request) {
	var err error
	for i := 0; i < 3; i++ {
		if err = dial("x"); err == nil {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-time.After(backoff(i)):
		}
	}
}

func requestChecks(w http.ResponseWriter, r *http.Request) {
	for i := 0; i < 3; i++ {
		if r.Context().Err() != nil {
			return
		}
		if err := dial("x"); err == nil {
			return
		}
		t := time.NewTimer(backoff(i))
		select {
		case <-r.Context().Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

func (p *poller) fieldSelects() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = dial("x"); err == nil {
			return nil
		}
		select {
		case <-p.ctx.Done():
			return p.ctx.Err()
		case <-time.After(backoff(i)):
		}
	}
	return err
}

func (c *conn) nestedFieldChecks() error {
	var err error
	for i := 0; i < 5 && c.pool.ctx.Err() == nil; i++ {
		if err = dial(c.addr); err == nil {
			return nil
		}
		select {
		case <-c.pool.ctx.Done():
			return err
		case <-time.After(backoff(i)):
		}
	}
	return err
}

// The quit channel beside ctx.Done(): both ways out are watched.
func (p *poller) quitAndDone(ctx context.Context) error { // want quitAndDone:"honors\\(0\\)"
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select {
		case <-p.quit:
			return err
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff(i)):
		}
	}
	return err
}

// A select that waits for a result with a timeout is doing work, not only
// backing off: not judged.
func (p *poller) resultOrTimeout(ctx context.Context) (int, error) {
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return 0, nil
		}
		select {
		case v := <-p.out:
			return v, nil
		case <-time.After(backoff(i)):
		}
	}
	return 0, err
}

// No context anywhere: nothing to honor.
type plain struct{ addr string }

func (p *plain) sleeps() error { // want sleeps:"sleeps"
	var err error
	for i := 0; i < 5; i++ {
		if err = dial(p.addr); err == nil {
			return nil
		}
		time.Sleep(backoff(i))
	}
	return err
}

// A blind wait behind a helper whose name does not say so.
func (p *poller) settle(i int) { // want settle:"sleeps"
	time.Sleep(backoff(i))
}

func (p *poller) behindHelper(ctx context.Context) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		p.settle(i) // want `n2.poller.settle sleeps and takes no context, so this retry loop cannot be interrupted`
	}
	return err
}

// Negative: the helper takes the context and waits in a select on it.
func (p *poller) settleCtx(ctx context.Context, i int) error { // want settleCtx:"honors\\(0\\)"
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(backoff(i)):
		return nil
	}
}

func (p *poller) behindCtxHelper(ctx context.Context) error { // want behindCtxHelper:"honors\\(0\\)"
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if err := p.settleCtx(ctx, i); err != nil {
			return err
		}
	}
	return err
}

// A struct built here whose literal leaves its context out: the field is
// nil, no caller can cancel it, and no other context is in scope.
func localOptions(addr string) error { // want localOptions:"sleeps"
	opts := poller{}
	var err error
	for i := 0; i < 3; i++ {
		if err = dial(addr); err == nil {
			return nil
		}
		_ = opts
		time.Sleep(backoff(i))
	}
	return err
}

// A parameter's context field is the caller's.
func paramOptions(p *poller, addr string) error { // want paramOptions:"sleeps"
	var err error
	for i := 0; i < 3; i++ {
		if err = dial(addr); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `after the caller cancels p.ctx the loop still sleeps`
	}
	return err
}
