package shapes

import (
	"context"
	mrand "math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// A func-typed field or variable that the package only ever sets to
// function literals of its own computes what those literals return.

type Client struct {
	retryBackoff func(attempt uint8) time.Duration
	maxRetries   uint8
}

func NewClient() *Client {
	c := &Client{maxRetries: 3}
	if c.retryBackoff == nil {
		c.retryBackoff = func(attempt uint8) time.Duration {
			return time.Second * time.Duration(attempt)
		}
	}
	return c
}

func (c *Client) Send(ctx context.Context) error {
	var tries uint8
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		if tries >= c.maxRetries {
			return err
		}
		tries++
		t := time.NewTimer(c.retryBackoff(tries)) // want `linear backoff time.Second \* time.Duration\(attempt\) between retry attempts has no random part`
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

func localClosure(ctx context.Context) error {
	backoff := func(n int) time.Duration { return 100 * time.Millisecond << n }
	for i := 0; i < 5; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `exponential backoff 100 \* time.Millisecond << n between retry attempts`
	}
	return nil
}

// The user's option may replace the default: what it returns is unknown.
type OptClient struct {
	backoff func(attempt int) time.Duration
}

type Options struct {
	Backoff func(attempt int) time.Duration
}

func NewOptClient(o Options) *OptClient {
	c := &OptClient{backoff: o.Backoff}
	if c.backoff == nil {
		c.backoff = func(attempt int) time.Duration { return time.Second << attempt }
	}
	return c
}

func (c *OptClient) Send(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i))
	}
	return nil
}

// A default literal that draws a random share is jittered.
type JitterClient struct {
	backoff func(attempt int) time.Duration
}

func NewJitterClient() *JitterClient {
	return &JitterClient{backoff: func(attempt int) time.Duration {
		d := time.Second << attempt
		return d/2 + mrand.N(d/2)
	}}
}

func (c *JitterClient) Send(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i))
	}
	return nil
}

// A func parameter is the caller's choice.
func sendWith(ctx context.Context, backoff func(int) time.Duration) error {
	for i := 0; i < 5; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(backoff(i))
	}
	return nil
}

// A default literal that waits what the server asked for.
var retryAfter = func(resp *http.Response) time.Duration {
	s, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	return time.Duration(s) * time.Second
}

func sendHonouring(ctx context.Context, resp *http.Response) error {
	for i := 0; i < 5; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(retryAfter(resp))
	}
	return nil
}

// An exported func field is the user's option, set from other packages.
type Pool struct {
	DialBackoff func(attempt int) time.Duration
}

func NewPool() *Pool {
	return &Pool{DialBackoff: func(attempt int) time.Duration { return time.Duration(attempt+1) * time.Second }}
}

func (p *Pool) Dial(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(p.DialBackoff(i))
	}
	return nil
}
