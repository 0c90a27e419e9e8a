package delegate // want package:`places delegate.go:29 delegate.go:85`

// A retry policy decides inline and asks a helper for network errors: one
// decision in two functions, not two copies. A second classifier that
// the policy never asks is a place of its own.

import (
	"errors"
	"net"
	"net/http"
	"time"
)

type storageError interface {
	error
	Temporary() bool
	Response() *http.Response
}

type policy struct{ tries int }

func (p policy) do(send func() (*http.Response, error)) (*http.Response, error) {
	var resp *http.Response
	var err error
	for try := 1; try <= p.tries; try++ {
		resp, err = send()
		action := ""
		switch {
		case err == nil && resp.StatusCode == http.StatusServiceUnavailable:
			action = "retry: 503"
		case err != nil:
			var st storageError
			var ne net.Error
			switch {
			case errors.As(err, &st):
				if st.Temporary() {
					action = "retry: temporary"
				}
			case errors.As(err, &ne):
				if !isNotRetriable(ne) {
					action = "retry: network"
				}
			}
		}
		if action == "" {
			return resp, err
		}
		time.Sleep(time.Duration(try) * time.Second)
	}
	return resp, err
}

// isNotRetriable answers for the network errors the policy hands it.
func isNotRetriable(err net.Error) bool {
	if err == nil {
		return true
	}
	if err.Timeout() {
		return false
	}
	var dns *net.DNSError
	var addr *net.AddrError
	if errors.As(err, &dns) || errors.As(err, &addr) {
		return true
	}
	return false
}

// reader retries a body read with its own, different list.
type reader struct{ tries int }

func (r reader) read(get func() error) error {
	var err error
	for i := 0; i < r.tries; i++ {
		if err = get(); err == nil || !isReadRetryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func isReadRetryable(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) // want `error classification is scattered over 2 functions`
}
