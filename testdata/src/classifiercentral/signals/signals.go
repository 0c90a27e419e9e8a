// Package signals holds one example of every retry-signal spelling the
// recogniser knows, and look-alikes it must not take for one.
package signals

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

type apiError struct{ StatusCode int }

func (e *apiError) Error() string { return "api" }

func errnos(err error, errno syscall.Errno) {
	_ = errors.Is(err, syscall.ECONNRESET)  // want `signal ECONNRESET retry`
	_ = err == syscall.ECONNREFUSED         // want `signal ECONNREFUSED retry`
	_ = errno != syscall.EPIPE              // want `signal EPIPE retry`
	_ = errors.Is(err, syscall.ENOENT)      // not a connection fault
	_ = errors.Is(err, io.ErrUnexpectedEOF) // want `signal io.ErrUnexpectedEOF retry`
	_ = err == io.EOF                       // want `signal io.EOF eof`
	switch errno {
	case syscall.EHOSTUNREACH, syscall.ENETUNREACH: // want `signal EHOSTUNREACH retry` `signal ENETUNREACH retry`
	case syscall.ETIMEDOUT: // want `signal ETIMEDOUT retry`
	case syscall.EACCES:
	}
}

func netTypes(err error) {
	var opErr *net.OpError
	_ = errors.As(err, &opErr) // want `signal \*net.OpError retry`
	var dnsErr *net.DNSError
	_ = errors.As(err, &dnsErr) // want `signal \*net.DNSError retry`
	_, _ = err.(net.Error)      // want `signal net.Error retry`
	if ne, ok := err.(interface{ Timeout() bool }); ok {
		_ = ne.Timeout() // want `signal net.Error Timeout\(\) retry`
	}
	switch e := err.(type) {
	case *net.OpError: // want `signal \*net.OpError retry`
		_ = e.Temporary() // want `signal net.Error Temporary\(\) retry`
	case *json.SyntaxError: // want `signal \*json.SyntaxError det`
	}
	var typeErr *json.UnmarshalTypeError
	_ = errors.As(err, &typeErr) // want `signal \*json.UnmarshalTypeError det`
	var clock interface{ Timeout() bool }
	_ = clock // an interface value not tested is nothing
}

func sqlStates(err error) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		_ = pgErr.Code == "40001"               // want `signal SQLSTATE 40001 retry`
		_ = pgErr.SQLState() == "40P01"         // want `signal SQLSTATE 40P01 retry`
		_ = strings.HasPrefix(pgErr.Code, "23") // want `signal SQLSTATE class 23 retry det`
		_ = pgErr.Code == "42601"               // syntax error: neither
		_ = pgErr.Message == "40001"            // not the code
		code := pgErr.Code
		switch code {
		case "23505": // want `signal SQLSTATE 23505 retry det`
		case "55P03", "57014": // want `signal SQLSTATE 55P03 retry` `signal SQLSTATE 57014 retry`
		}
	}
	name := "40001"
	_ = name == "40001" // a string that is not a SQLSTATE
}

func grpcCodes(err error) {
	_ = status.Code(err) == codes.Unavailable // want `signal codes.Unavailable retry`
	switch status.Code(err) {
	case codes.ResourceExhausted, codes.Aborted: // want `signal codes.ResourceExhausted retry` `signal codes.Aborted retry`
	case codes.NotFound:
	}
}

func statuses(resp *http.Response, err error) {
	_ = resp.StatusCode == http.StatusTooManyRequests   // want `signal HTTP 429 retry`
	_ = resp.StatusCode == 503                          // want `signal HTTP 503 retry`
	_ = resp.StatusCode >= 500                          // want `signal HTTP 5xx retry`
	_ = resp.StatusCode >= 500 && resp.StatusCode < 600 // want `signal HTTP 5xx retry`
	_ = 499 < resp.StatusCode                           // want `signal HTTP 5xx retry`
	_ = resp.StatusCode >= 400                          // failed, not transient
	_ = resp.StatusCode < 500                           // want `signal HTTP 5xx retry`
	_ = resp.StatusCode <= 499                          // want `signal HTTP 5xx retry`
	_ = resp.StatusCode >= 400 && resp.StatusCode < 500 // want `signal HTTP 4xx retry`
	_ = resp.StatusCode < 499 && resp.StatusCode >= 400 // want `signal HTTP 4xx retry`
	_ = resp.StatusCode < 400                           // not failed, not a class of faults
	_ = resp.StatusCode >= 400 && resp.StatusCode < 600 // failed
	_ = resp.StatusCode >= 300 && resp.StatusCode < 500 // not one class
	_ = resp.StatusCode > 400 && resp.StatusCode < 500  // not the whole class
	_ = resp.StatusCode >= 200 && resp.StatusCode < 300
	_ = resp.StatusCode == http.StatusOK
	_ = resp.StatusCode == http.StatusNotFound // want `signal HTTP 404 det`
	code := resp.StatusCode
	switch code {
	case http.StatusBadGateway, http.StatusServiceUnavailable: // want `signal HTTP 502 retry` `signal HTTP 503 retry`
	case http.StatusConflict: // want `signal HTTP 409 det`
	}
	var apiErr *apiError
	if errors.As(err, &apiErr) && apiErr.StatusCode == 408 { // want `signal HTTP 408 retry`
		return
	}
	size := 503
	_ = size == 503 // not a status
	_ = resp.ContentLength == 503
}
