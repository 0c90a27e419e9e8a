// Package crosspkg waits through helpers of another package, known by
// their facts.
package crosspkg

import (
	"context"
	"errors"
	"net/http"
	"time"

	j "backoffjitter/jitterlib"
)

func call(ctx context.Context) error { return errors.New("x") }

func constantThroughSleep(ctx context.Context) error { // want constantThroughSleep:"honors\\(0\\)"
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		if err := j.Sleep(ctx, 3*time.Second); err != nil { // want `constant wait 3s`
			return err
		}
	}
}

func expThroughPause(ctx context.Context) error {
	var err error
	for n := 0; n < 4; n++ {
		if err = call(ctx); err == nil {
			return nil
		}
		j.Pause(ctx, 50*time.Millisecond<<n) // want `exponential backoff 50 \* time.Millisecond << n`
	}
	return err
}

func jitterHelper(ctx context.Context) error { // want jitterHelper:"honors\\(0\\)"
	var err error
	for n := 0; n < 4; n++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if err := j.Sleep(ctx, j.Jitter(time.Second<<n)); err != nil {
			return err
		}
	}
	return err
}

func backoffHelper(ctx context.Context) error {
	var err error
	for n := 0; n < 4; n++ {
		if err = call(ctx); err == nil {
			return nil
		}
		d := j.Backoff(100*time.Millisecond, 5*time.Second, n)
		time.Sleep(d)
	}
	return err
}

func cryptoHelper(ctx context.Context) error {
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(j.CryptoJitter(time.Second))
	}
}

func jitteredSleeper(ctx context.Context) error {
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		_ = j.SleepJittered(ctx, time.Second)
	}
}

type throttled struct{ wait time.Duration }

func (t *throttled) Error() string { return "throttled" }

func serverField(ctx context.Context, c *http.Client, req *http.Request) error {
	for {
		resp, err := c.Do(req)
		if err == nil {
			return nil
		}
		var t *throttled
		if resp != nil {
			t = &throttled{wait: j.RetryAfter(resp)}
		}
		if t != nil {
			time.Sleep(t.wait)
		}
	}
}

func awaitIsNoWait(ctx context.Context, ch chan error) error {
	for {
		err := j.Await(ch, 2*time.Second)
		if err == nil {
			return nil
		}
		time.Sleep(j.Jitter(time.Second))
	}
}

func opaqueHelper(ctx context.Context) error {
	var err error
	for n := 0; n < 4; n++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(j.Fixed(n)) // another package's function without a fact: unknown
	}
	return err
}

func jitterFactor(ctx context.Context) error {
	wait := 100 * time.Millisecond
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(float64(wait) * j.Factor()))
		wait *= 2
	}
}
