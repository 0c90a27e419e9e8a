// Package policy is a reslint test stub of github.com/Azure/azure-sdk-for-go/sdk/azcore@v1.21.0: signatures match the real API.
package policy

import (
	"net/http"
	"time"
)

// RetryOptions configures the retry policy's behavior.
// Zero-value fields will have their specified default values applied during use.
// This allows for modification of a subset of fields.
type RetryOptions struct {
	MaxRetries    int32
	TryTimeout    time.Duration
	RetryDelay    time.Duration
	MaxRetryDelay time.Duration
	StatusCodes   []int
	ShouldRetry   func(*http.Response, error) bool
}
