package quiet // want package:`places quiet.go:23`

// This package holds checks that decide no retry next to one classifier:
// logging, metrics, error-to-response mapping, stream reads, success and
// failure ranges. Nothing here is reported.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"syscall"
	"time"

	"github.com/avast/retry-go/v4"
)

var resets int

func isTransient(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF)
}

func get(c *http.Client, url string) ([]string, error) {
	var lines []string
	err := retry.Do(func() error {
		resp, err := c.Get(url)
		if errors.Is(err, syscall.ECONNRESET) {
			resets++ // a metric
			log.Printf("reset: %v", err)
		}
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		log.Printf("unavailable=%v", resp.StatusCode == http.StatusServiceUnavailable)
		if resp.StatusCode >= 400 { // failed, not a transient signal
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		r := bufio.NewReader(resp.Body)
		for {
			line, err := r.ReadString('\n')
			if errors.Is(err, io.EOF) { // end of the stream
				return nil
			}
			if err != nil {
				return err
			}
			lines = append(lines, line)
		}
	}, retry.RetryIf(isTransient))
	return lines, err
}

// statusFor maps an error to the HTTP answer of a handler.
func statusFor(err error) int {
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return http.StatusBadGateway
	case errors.Is(err, syscall.ETIMEDOUT):
		return http.StatusGatewayTimeout
	}
	return http.StatusInternalServerError
}

func handle(w http.ResponseWriter, r *http.Request, c *http.Client) {
	resp, err := c.Get("http://backend")
	if err != nil {
		w.WriteHeader(statusFor(err))
		return
	}
	if resp.StatusCode == http.StatusServiceUnavailable {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// isSuccess is a verdict on success, and a poll loop whose body never
// tests a retry signal.
func isSuccess(resp *http.Response) bool {
	return resp.StatusCode >= 200 && resp.StatusCode < 300
}

func wait(c *http.Client, url string) error {
	for attempt := 0; attempt < 10; attempt++ {
		resp, err := c.Get(url)
		if err == nil && isSuccess(resp) {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("never ready")
}
