// Package tuned holds library backoffs chosen or tuned by the user:
// backoff factories, self-retrying clients' backoff strategies and retry
// delay options.
package tuned

import (
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	retryv2 "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/sethgrid/pester"
)

type HookConfig struct {
	Endpoint   string
	MaxRetries int
	Backoff    time.Duration
}

// gRPC retry interceptor options.

func linearOpts(g *HookConfig) []grpc_retry.CallOption {
	return []grpc_retry.CallOption{
		grpc_retry.WithBackoff(grpc_retry.BackoffLinear(g.Backoff)), // want `grpc_retry.BackoffLinear waits the same g.Backoff before every retry with no random part`
		grpc_retry.WithMax(uint(g.MaxRetries)),
	}
}

func exponentialOpts() grpc_retry.CallOption {
	return grpc_retry.WithBackoff(grpc_retry.BackoffExponential(100 * time.Millisecond)) // want `grpc_retry.BackoffExponential doubles 100 \* time.Millisecond with every retry with no random part`
}

func zeroJitterOpts(g *HookConfig) grpc_retry.CallOption {
	return grpc_retry.WithBackoff(grpc_retry.BackoffLinearWithJitter(g.Backoff, 0)) // want `jitter fraction 0 leaves grpc_retry.BackoffLinearWithJitter with no random part`
}

func v2Opts() retryv2.CallOption {
	return retryv2.WithBackoff(retryv2.BackoffLinear(2 * time.Second)) // want `retry.BackoffLinear waits the same 2 \* time.Second before every retry with no random part`
}

// Twins: jittered siblings, and a short constant pacing.

func jitteredLinearOpts(g *HookConfig) []grpc_retry.CallOption {
	return []grpc_retry.CallOption{
		grpc_retry.WithBackoff(grpc_retry.BackoffLinearWithJitter(g.Backoff, 0.1)),
		grpc_retry.WithMax(uint(g.MaxRetries)),
	}
}

func jitteredExponentialOpts() grpc_retry.CallOption {
	return grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.2))
}

func shortLinearOpts() grpc_retry.CallOption {
	return grpc_retry.WithBackoff(grpc_retry.BackoffLinear(50 * time.Millisecond))
}

func v2BoundedOpts() retryv2.CallOption {
	return retryv2.WithBackoff(retryv2.BackoffExponentialWithJitterBounded(100*time.Millisecond, 0.1, 10*time.Second))
}

// Self-retrying HTTP clients' backoff strategies.

type HttpHook struct {
	HookConfig
	client *pester.Client
}

func (h *HttpHook) Setup() {
	client := pester.New()
	client.MaxRetries = h.MaxRetries
	client.Backoff = func(_ int) time.Duration { // want `constant wait h.Backoff \(a setting\) as the backoff strategy of (pester|retryablehttp).Client has no random part`
		return h.Backoff
	}
	h.client = client
}

func constantStrategy() *pester.Client {
	return &pester.Client{MaxRetries: 3, Backoff: func(int) time.Duration { return 2 * time.Second }} // want `constant wait 2s as the backoff strategy of (pester|retryablehttp).Client has no random part`
}

func linearStrategy() *pester.Client {
	c := pester.New()
	c.Backoff = pester.LinearBackoff // want `linear backoff pester.LinearBackoff as the backoff strategy of (pester|retryablehttp).Client has no random part`
	return c
}

func doublingStrategy(c *pester.Client) {
	c.Backoff = func(retry int) time.Duration { // want `exponential backoff time.Second << retry as the backoff strategy of (pester|retryablehttp).Client has no random part`
		return time.Second << retry
	}
}

func minStrategy(c *retryablehttp.Client) {
	c.Backoff = func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration { // want `constant wait min \(a setting\) as the backoff strategy of (pester|retryablehttp).Client has no random part`
		return min
	}
}

// Twins: jittered strategies, the server's Retry-After, and the library's
// jittered functions.

func (h *HttpHook) SetupJittered() {
	client := pester.New()
	client.Backoff = func(_ int) time.Duration {
		return h.Backoff/2 + rand.N(h.Backoff/2)
	}
	h.client = client
}

func jitteredLibStrategy() *pester.Client {
	c := pester.New()
	c.Backoff = pester.ExponentialJitterBackoff
	return c
}

func fullJitterStrategy(c *pester.Client) {
	c.Backoff = func(retry int) time.Duration {
		return rand.N(time.Second << retry)
	}
}

func retryAfterStrategy(c *retryablehttp.Client) {
	c.Backoff = func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
		if resp != nil {
			if s := resp.Header.Get("Retry-After"); s != "" {
				if d, err := time.ParseDuration(s + "s"); err == nil {
					return d
				}
			}
		}
		return min + rand.N(max-min)
	}
}

// The server's Retry-After when it sends one, else a deterministic
// exponential backoff: the fallback is what throttled clients wait when
// the header is missing.
func retryAfterElseExpStrategy(c *retryablehttp.Client) {
	c.Backoff = func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
		if resp != nil {
			if s, ok := resp.Header["Retry-After"]; ok {
				if sleep, err := strconv.ParseInt(s[0], 10, 64); err == nil {
					return time.Second * time.Duration(sleep)
				}
			}
		}
		mult := math.Pow(2, float64(attemptNum)) * float64(min) // want `exponential backoff math.Pow\(2, float64\(attemptNum\)\) as the backoff strategy of retryablehttp.Client, taken when the server names no delay`
		sleep := time.Duration(mult)
		if float64(sleep) != mult || sleep > max {
			sleep = max
		}
		return sleep
	}
}

// The same with a constant fallback (the client's minimum): left alone.
func retryAfterElseMinStrategy(c *retryablehttp.Client) {
	c.Backoff = func(lo, hi time.Duration, attemptNum int, resp *http.Response) time.Duration {
		if resp != nil {
			if s := resp.Header.Get("Retry-After"); s != "" {
				if d, err := time.ParseDuration(s + "s"); err == nil {
					return min(d, hi)
				}
			}
		}
		return lo
	}
}

func libJitterStrategy(c *retryablehttp.Client) {
	c.Backoff = retryablehttp.LinearJitterBackoff
}

func shortStrategy() *pester.Client {
	return &pester.Client{Backoff: func(int) time.Duration { return 50 * time.Millisecond }}
}

// Retry delay options given a bare number.

func azureOptions() policy.RetryOptions {
	return policy.RetryOptions{
		MaxRetries:    5,
		RetryDelay:    100,  // want `policy.RetryOptions.RetryDelay 100 is 100ns, since a time.Duration counts nanoseconds`
		MaxRetryDelay: 5000, // want `policy.RetryOptions.MaxRetryDelay 5000 is 5µs, since a time.Duration counts nanoseconds`
	}
}

func retryableClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryWaitMin = 500 // want `retryablehttp.Client.RetryWaitMin 500 is 500ns, since a time.Duration counts nanoseconds`
	return c
}

// Twins: durations with their unit, zero (the library's default) and a
// negative value (deliberately no delay).

func azureOptionsUnits() policy.RetryOptions {
	return policy.RetryOptions{
		MaxRetries:    5,
		RetryDelay:    100 * time.Millisecond,
		MaxRetryDelay: 5 * time.Second,
	}
}

func azureOptionsDefault() *policy.RetryOptions {
	return &policy.RetryOptions{MaxRetries: 3, RetryDelay: 0, MaxRetryDelay: -1}
}

func retryableClientUnits() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryWaitMin = 500 * time.Millisecond
	c.RetryWaitMax = 10 * time.Second
	return c
}
