package b4

import (
	"context"
	"net/http"
)

// An error reporter whose context only carries the person the report is
// about: the context is read with Value three calls down, never for its
// deadline. Its twin reports over HTTP with the context: a request.

type personKey struct{}

type Reporter struct{ queue chan map[string]any }

func personFrom(ctx context.Context) (string, bool) {
	p, ok := ctx.Value(personKey{}).(string)
	return p, ok
}

func buildReport(ctx context.Context, msg string) map[string]any {
	body := map[string]any{"msg": msg}
	if p, ok := personFrom(ctx); ok {
		body["person"] = p
	}
	return body
}

func (c *Reporter) build(ctx context.Context, msg string) map[string]any {
	return buildReport(ctx, msg)
}

func (c *Reporter) MessageWithContext(ctx context.Context, r *http.Request, msg string) {
	body := c.build(ctx, msg)
	body["url"] = r.URL.String()
	c.queue <- body
}

// Message describes the request r in the report; the context only carries
// values, and none is given here.
func (c *Reporter) Message(r *http.Request, msg string) {
	c.MessageWithContext(context.TODO(), r, msg)
}

func (c *Reporter) postWithContext(ctx context.Context, msg string) error {
	body := c.build(ctx, msg)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://errors.example.com", nil)
	if err != nil {
		return err
	}
	_ = body
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Reporter) Post(r *http.Request, msg string) error {
	return c.postWithContext(context.TODO(), msg) // want `context.TODO\(\) passed to b4.Reporter.postWithContext detaches the call`
}
