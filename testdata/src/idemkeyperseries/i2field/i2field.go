// Package i2field holds I2 cases of an API client whose constructor puts
// a go-retryablehttp StandardClient into the client's HTTPClient field,
// every request being sent through that field; and their negative twins:
// fields holding a plain client, or a retrying client in one place and a
// plain one in another, and headers set under names that come from the
// call.
package i2field

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

// Client talks to the API. Its HTTPClient is the caller's, or, with
// retries configured, a retrying client.
type Client struct {
	HTTPClient *http.Client
	BaseURL    *url.URL
	UserAgent  string
	RetryMax   int

	// Extra headers set on every request.
	headers map[string]string
}

// ClientOpt configures a client.
type ClientOpt func(*Client) error

// SetRequestHeaders sets headers sent on every request.
func SetRequestHeaders(headers map[string]string) ClientOpt {
	return func(c *Client) error {
		for k, v := range headers {
			c.headers[k] = v
		}
		return nil
	}
}

// NewClient uses the caller's client.
func NewClient(httpClient *http.Client) *Client {
	if httpClient == nil {
		httpClient = http.DefaultClient
	}
	u, _ := url.Parse("https://api.example.com/")
	return &Client{HTTPClient: httpClient, BaseURL: u, headers: map[string]string{}}
}

// New replaces the client with a retrying one when retries are asked for.
func New(httpClient *http.Client, opts ...ClientOpt) (*Client, error) {
	c := NewClient(httpClient)
	for _, opt := range opts {
		if err := opt(c); err != nil {
			return nil, err
		}
	}
	if c.RetryMax > 0 {
		rc := retryablehttp.NewClient()
		rc.RetryMax = c.RetryMax
		c.HTTPClient = rc.StandardClient()
	}
	return c, nil
}

// NewRequest builds a request with the client's headers.
func (c *Client) NewRequest(ctx context.Context, method, path string, body any) (*http.Request, error) { // want NewRequest:"buildsrequest\\(method=1\\)"
	u, err := c.BaseURL.Parse(path)
	if err != nil {
		return nil, err
	}
	buf := new(bytes.Buffer)
	if body != nil {
		if err := json.NewEncoder(buf).Encode(body); err != nil {
			return nil, err
		}
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), buf)
	if err != nil {
		return nil, err
	}
	for k, v := range c.headers {
		req.Header.Add(k, v)
	}
	req.Header.Set("User-Agent", c.UserAgent)
	return req, nil
}

// Do sends through the client's HTTPClient.
func (c *Client) Do(ctx context.Context, req *http.Request, v any) (*http.Response, error) { // want Do:"request\\(2:sends\\+retries\\)"
	resp, err := DoRequestWithClient(ctx, c.HTTPClient, req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if v != nil {
		err = json.NewDecoder(resp.Body).Decode(v)
	}
	return resp, err
}

// DoRequestWithClient sends req with client.
func DoRequestWithClient(ctx context.Context, client *http.Client, req *http.Request) (*http.Response, error) { // want DoRequestWithClient:"request\\(2:sends\\)"
	req = req.WithContext(ctx)
	return client.Do(req)
}

// DropletsService creates droplets.
type DropletsService struct{ client *Client }

// Create is a POST that the retrying client resends with no key.
func (s *DropletsService) Create(ctx context.Context, in any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "v2/droplets", in) // want `^POST is retried without an idempotency key: .* before retryablehttp.Client.StandardClient$`
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, nil)
	return err
}

// Rename sends through the field directly.
func (c *Client) Rename(ctx context.Context, id, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, c.BaseURL.String()+"v2/droplets/"+id, bytes.NewBufferString(name)) // want `^PATCH is retried without an idempotency key: .* before retryablehttp.Client.StandardClient$`
	if err != nil {
		return err
	}
	resp, err := c.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Negative twin: GET is idempotent.
func (s *DropletsService) Get(ctx context.Context, id string, out any) error {
	req, err := s.client.NewRequest(ctx, http.MethodGet, "v2/droplets/"+id, nil)
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, out)
	return err
}

// Negative twins: POSTs that read (a search, a name check): a repeat
// applies nothing.
func (s *DropletsService) Search(ctx context.Context, query any, out any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "v2/insights/logs/search", query)
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, out)
	return err
}

func (s *DropletsService) ValidateName(ctx context.Context, name string) error {
	path := fmt.Sprintf("%s/validate-name", "v2/registry")
	req, err := s.client.NewRequest(ctx, http.MethodPost, path, map[string]string{"name": name})
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, nil)
	return err
}

// Negative twin: a lookup with its query string.
func (s *DropletsService) Lookup(ctx context.Context, q any, out any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "v2/addresses/lookup?expand=true", q)
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, out)
	return err
}

// A saved search is created: only the last segment names a read.
func (s *DropletsService) SaveSearch(ctx context.Context, in any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "v2/searches/saved", in) // want `POST is retried without an idempotency key`
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, nil)
	return err
}

// Negative twin: the key is set from the caller's request, once for all
// the retries.
func (s *DropletsService) CreateWithKey(ctx context.Context, in any, key string) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "v2/droplets", in)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = s.client.Do(ctx, req, nil)
	return err
}

// Negative twin: headers handed in with the call may carry the key.
func (s *DropletsService) CreateWithHeaders(ctx context.Context, in any, headers map[string]string) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "v2/droplets", in)
	if err != nil {
		return err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	_, err = s.client.Do(ctx, req, nil)
	return err
}

// CreateOpts are the options of one call.
type CreateOpts struct {
	Body    any
	Headers map[string]string
}

// Negative twin: a field of the call's options is per call too.
func (s *DropletsService) CreateWithOpts(ctx context.Context, opts *CreateOpts) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "v2/droplets", opts.Body)
	if err != nil {
		return err
	}
	for k, v := range opts.Headers {
		req.Header.Set(k, v)
	}
	_, err = s.client.Do(ctx, req, nil)
	return err
}

// Negative twin: a header named by a value generated for this call.
func (s *DropletsService) CreateTraced(ctx context.Context, in any) error {
	req, err := s.client.NewRequest(ctx, http.MethodPost, "v2/droplets", in)
	if err != nil {
		return err
	}
	req.Header.Set("X-Op-"+uuid.NewString(), "1")
	_, err = s.client.Do(ctx, req, nil)
	return err
}

// Builder collects the headers of one request, key included.
type Builder struct {
	client  *Client
	headers map[string]string
}

// Header sets a header of this request.
func (b *Builder) Header(k, v string) *Builder {
	b.headers[k] = v
	return b
}

// Negative twin: a request builder's header map is per request (the
// builder holds no http.Client of its own).
func (b *Builder) Post(ctx context.Context, path string, in any) error {
	req, err := b.client.NewRequest(ctx, http.MethodPost, path, in)
	if err != nil {
		return err
	}
	for k, v := range b.headers {
		req.Header.Set(k, v)
	}
	_, err = b.client.Do(ctx, req, nil)
	return err
}

// Plain holds a plain client: a send through it is sent once.
type Plain struct {
	hc      *http.Client
	base    string
	headers map[string]string
}

// NewPlain builds a client without retries.
func NewPlain(base string) *Plain {
	return &Plain{hc: &http.Client{Timeout: 10 * time.Second}, base: base, headers: map[string]string{}}
}

// Negative twin: the field holds a plain client.
func (p *Plain) Create(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.base+"/items", bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, v := range p.headers {
		req.Header.Set(k, v)
	}
	resp, err := DoRequestWithClient(ctx, p.hc, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Mixed holds a retrying client or, when built with NewMixedFast, a
// plain one.
type Mixed struct {
	hc   *http.Client
	base string
}

// NewMixed builds a retrying client.
func NewMixed(base string) *Mixed {
	return &Mixed{hc: retryablehttp.NewClient().StandardClient(), base: base}
}

// NewMixedFast builds a client that does not retry.
func NewMixedFast(base string) *Mixed {
	m := &Mixed{base: base}
	m.hc = &http.Client{Timeout: time.Second}
	return m
}

// Negative twin: whether the field retries depends on the constructor.
func (m *Mixed) Create(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.base+"/items", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := m.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Negative twin: sent through the same helper with the default client.
func (c *Client) CreateOnce(ctx context.Context, in any) error {
	req, err := c.NewRequest(ctx, http.MethodPost, "v2/droplets", in)
	if err != nil {
		return err
	}
	resp, err := DoRequestWithClient(ctx, http.DefaultClient, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
