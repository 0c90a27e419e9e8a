package s2classes

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// apiError is an API's answer with a status code, made from the response
// once the client has stopped retrying.
type apiError struct {
	error
	StatusCode  int
	ErrorHeader string
}

type apiClient struct {
	http *retryablehttp.Client
}

// apiConfig is what the caller configures: a retry policy of its own
// replaces the client's.
type apiConfig struct {
	RetryPolicy retryablehttp.CheckRetry
	RetryCount  int
}

// newAPIClient retries outages (transport errors, 429, 5xx but 501)
// unless the caller hands it a policy of its own.
func newAPIClient(cfg *apiConfig) *apiClient {
	c := retryablehttp.NewClient()
	if cfg.RetryPolicy != nil {
		c.CheckRetry = cfg.RetryPolicy
	} else {
		c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
			if ctx.Err() != nil {
				return false, ctx.Err()
			}
			if err != nil {
				return true, err
			}
			if resp.StatusCode == 0 || (resp.StatusCode >= 500 && resp.StatusCode != 501) {
				return true, nil
			}
			if resp.StatusCode == 429 {
				return true, nil
			}
			return false, nil
		}
	}
	c.RetryMax = 4
	if cfg.RetryCount != 0 {
		c.RetryMax = cfg.RetryCount
	}
	return &apiClient{http: c}
}

func (c *apiClient) do(req *retryablehttp.Request) (*http.Response, error) {
	return c.http.Do(req)
}

// exec sends the request (the client retries it) and turns an error
// status into an apiError.
func (c *apiClient) exec(ctx context.Context, req *retryablehttp.Request) error {
	resp, err := c.do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return &apiError{StatusCode: resp.StatusCode, ErrorHeader: resp.Header.Get("X-Error")}
	}
	return nil
}

// Negative: the result of an asynchronous request is polled while the
// API answers 404 "not processed yet", which the client never retries;
// the outages the client retries end this loop.
func (c *apiClient) retrieveStatus(ctx context.Context, req *retryablehttp.Request) error {
	for i := 0; ; i++ {
		err := c.exec(ctx, req)
		if err != nil {
			apiErr, ok := err.(*apiError)
			if !ok || apiErr.StatusCode != 404 || apiErr.ErrorHeader != "RequestNotProcessed" || i >= 4 {
				return err
			}
		} else {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
}

// Positive: this poll goes round on 503 too, which the client has
// already retried to exhaustion.
func (c *apiClient) retrieveStatusOrBusy(ctx context.Context, req *retryablehttp.Request) error {
	for i := 0; ; i++ { // want `retry loop \(its attempts\) runs c.exec \(retryablehttp.Client.Do at async.go:\d+\) \(5 attempts\) in each attempt`
		err := c.exec(ctx, req)
		if err == nil {
			return nil
		}
		apiErr, ok := err.(*apiError)
		if !ok || apiErr.StatusCode != 404 && apiErr.StatusCode != 503 || i >= 4 {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
}

// Positive: this poll goes round on every API error, whatever its
// status, 5xx included.
func (c *apiClient) retrieveStatusAnyAPIError(ctx context.Context, req *retryablehttp.Request) error {
	for i := 0; ; i++ { // want `retry loop \(its attempts\) runs c.exec \(retryablehttp.Client.Do at async.go:\d+\) \(5 attempts\) in each attempt`
		err := c.exec(ctx, req)
		if err == nil {
			return nil
		}
		if _, ok := err.(*apiError); !ok || i >= 4 {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
}
