// Package i2ctor holds I2 cases of an API client package: requests built
// by the package's own constructor helper, which takes the HTTP method
// as a parameter, and sent by its own send helper through a retrying
// client; and their negative twins.
package i2ctor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// RequestCompletionCallback is called once a request has completed.
type RequestCompletionCallback func(*http.Request, *http.Response)

// Client talks to the API through a retrying client.
type Client struct {
	client             *retryablehttp.Client
	BaseURL            *url.URL
	UserAgent          string
	key                string
	onRequestCompleted RequestCompletionCallback
	sign               func(*http.Request)
}

// NewRequest creates an API request with the given method.
func (c *Client) NewRequest(ctx context.Context, method, uri string, body any) (*http.Request, error) { // want NewRequest:"buildsrequest\\(method=1\\)"
	u, err := c.BaseURL.Parse(uri)
	if err != nil {
		return nil, err
	}
	buf := &bytes.Buffer{}
	if body != nil {
		if err := json.NewEncoder(buf).Encode(body); err != nil {
			return nil, err
		}
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), buf)
	if err != nil {
		return nil, err
	}
	req.Header.Add("User-Agent", c.UserAgent)
	req.Header.Add("Content-Type", "application/json")
	return req, nil
}

// DoWithContext sends the request through the retrying client, which
// resends it on a 5xx or a connection error, and reports it completed.
func (c *Client) DoWithContext(ctx context.Context, r *http.Request, v any) (*http.Response, error) { // want DoWithContext:"request\\(2:sends\\+retries\\)"
	rreq, err := retryablehttp.FromRequest(r)
	if err != nil {
		return nil, err
	}
	rreq = rreq.WithContext(ctx)
	res, err := c.client.Do(rreq)
	if c.onRequestCompleted != nil {
		c.onRequestCompleted(r, res)
	}
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if v == nil {
		return res, nil
	}
	return res, json.NewDecoder(res.Body).Decode(v)
}

// InstanceService creates and changes instances.
type InstanceService struct{ client *Client }

// Create is a POST sent through the retrying client with no key.
func (s *InstanceService) Create(ctx context.Context, in any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "/instances", in) // want `^POST is retried without an idempotency key: after a timeout the server may have applied it already, and the retry applies it again; set an Idempotency-Key header generated once before i2ctor.Client.DoWithContext$`
	if err != nil {
		return err
	}
	_, err = s.client.DoWithContext(ctx, req, nil)
	return err
}

// Update is a PATCH, spelled as a string.
func (s *InstanceService) Update(ctx context.Context, id string, in any) error {
	req, err := s.client.NewRequest(ctx, "PATCH", "/instances/"+id, in) // want `^PATCH is retried without an idempotency key: .* before i2ctor.Client.DoWithContext$`
	if err != nil {
		return err
	}
	_, err = s.client.DoWithContext(ctx, req, nil)
	return err
}

// Negative twins: GET, PUT and DELETE are idempotent.
func (s *InstanceService) Get(ctx context.Context, id string, out any) error {
	req, err := s.client.NewRequest(ctx, http.MethodGet, "/instances/"+id, nil)
	if err != nil {
		return err
	}
	_, err = s.client.DoWithContext(ctx, req, out)
	return err
}

func (s *InstanceService) Replace(ctx context.Context, id string, in any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPut, "/instances/"+id, in)
	if err != nil {
		return err
	}
	_, err = s.client.DoWithContext(ctx, req, nil)
	return err
}

func (s *InstanceService) Delete(ctx context.Context, id string) error {
	req, err := s.client.NewRequest(ctx, http.MethodDelete, "/instances/"+id, nil)
	if err != nil {
		return err
	}
	_, err = s.client.DoWithContext(ctx, req, nil)
	return err
}

// Negative twin: the method is the caller's, held in a variable; no
// constant reaches the constructor here.
func (s *InstanceService) Raw(ctx context.Context, method, path string, in any) error {
	req, err := s.client.NewRequest(ctx, method, path, in)
	if err != nil {
		return err
	}
	_, err = s.client.DoWithContext(ctx, req, nil)
	return err
}

// Negative twin: an OAuth token endpoint; a second token is harmless.
func (s *InstanceService) Token(ctx context.Context, in any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "/oauth/token", in)
	if err != nil {
		return err
	}
	_, err = s.client.DoWithContext(ctx, req, nil)
	return err
}

// NewKeyedRequest sets the key the caller generated once for the series.
func (c *Client) NewKeyedRequest(ctx context.Context, method, uri, key string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL.String()+uri, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return req, nil
}

// Negative twin: the constructor helper sets the key.
func (s *InstanceService) CreateKeyed(ctx context.Context, key string) error {
	req, err := s.client.NewKeyedRequest(ctx, http.MethodPost, "/instances", key)
	if err != nil {
		return err
	}
	_, err = s.client.DoWithContext(ctx, req, nil)
	return err
}

// NewSignedRequest hands the request to a signer it cannot see, which
// may set the key.
func (c *Client) NewSignedRequest(ctx context.Context, method, uri string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL.String()+uri, nil)
	if err != nil {
		return nil, err
	}
	c.sign(req)
	return req, nil
}

// Negative twin: the constructor helper hands the request to code not
// visible here before it is sent.
func (s *InstanceService) CreateSigned(ctx context.Context) error {
	req, err := s.client.NewSignedRequest(ctx, http.MethodPost, "/instances")
	if err != nil {
		return err
	}
	_, err = s.client.DoWithContext(ctx, req, nil)
	return err
}

// DoKeyed sets the client's key, then sends through the retrying client.
func (c *Client) DoKeyed(ctx context.Context, r *http.Request) (*http.Response, error) { // want DoKeyed:"request\\(2:sends\\+retries\\+setskey\\)"
	r.Header.Set("Idempotency-Key", c.key)
	return c.DoWithContext(ctx, r, nil)
}

// Negative twin: the send helper sets the key.
func (s *InstanceService) CreateViaKeyed(ctx context.Context, in any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "/instances", in)
	if err != nil {
		return err
	}
	_, err = s.client.DoKeyed(ctx, req)
	return err
}

// DoSigned hands the request to the signer before it is sent.
func (c *Client) DoSigned(ctx context.Context, r *http.Request) (*http.Response, error) {
	if c.onRequestCompleted != nil {
		c.onRequestCompleted(r, nil)
	}
	return c.DoWithContext(ctx, r, nil)
}

// Negative twin: a func value sees the request before the send.
func (s *InstanceService) CreateViaSigned(ctx context.Context, in any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "/instances", in)
	if err != nil {
		return err
	}
	_, err = s.client.DoSigned(ctx, req)
	return err
}

// --- A send helper that resends in its own retry loop on a 5xx.

// Simple sends through a plain client, in its own loop.
type Simple struct {
	hc      *http.Client
	base    string
	observe func(*http.Request, *http.Response)
}

func (c *Simple) newRequest(method, path string, payload []byte) (*http.Request, error) {
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Add("Accept", "application/json")
	return req, nil
}

func (c *Simple) doRequest(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		resp, err = c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	if err == nil {
		err = errors.New(resp.Status)
	}
	return resp, err
}

// SendMail is a POST resent on a 5xx with no key.
func (c *Simple) SendMail(payload []byte) error {
	req, err := c.newRequest("POST", "/send", payload) // want `^POST is retried without an idempotency key: .* before i2ctor.Simple.doRequest$`
	if err != nil {
		return err
	}
	resp, err := c.doRequest(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// doObserved shows each attempt to an observer inside the loop, before
// the next send: it may change the request.
func (c *Simple) doObserved(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		resp, err = c.hc.Do(req)
		c.observe(req, resp)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return resp, err
}

// Negative twin: code not visible here sees the request between attempts.
func (c *Simple) SendObserved(payload []byte) error {
	req, err := c.newRequest("POST", "/send", payload)
	if err != nil {
		return err
	}
	resp, err := c.doObserved(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// doOnce sends once.
func (c *Simple) doOnce(req *http.Request) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if c.observe != nil {
		c.observe(req, resp)
	}
	return resp, err
}

// Negative twin: a send helper that does not retry.
func (c *Simple) SendOnce(payload []byte) error {
	req, err := c.newRequest("POST", "/send", payload)
	if err != nil {
		return err
	}
	resp, err := c.doOnce(req)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	return errors.Join(err, resp.Body.Close())
}

// --- A send helper that sends through retryablehttp's StandardClient.

// Std holds a retrying *http.Client.
type Std struct {
	base string
}

func (c *Std) newRequest(ctx context.Context, method, path string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, c.base+path, nil)
}

func (c *Std) send(req *http.Request) error {
	hc := retryablehttp.NewClient().StandardClient()
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Std) Restore(ctx context.Context, id string) error {
	req, err := c.newRequest(ctx, http.MethodPost, "/backups/"+id+"/restore") // want `^POST is retried without an idempotency key: .* before i2ctor.Std.send$`
	if err != nil {
		return err
	}
	return c.send(req)
}
