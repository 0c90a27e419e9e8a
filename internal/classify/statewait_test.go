package classify

import "testing"

func TestFaultName(t *testing.T) {
	for name, want := range map[string]bool{
		"ErrNotFound":             false,
		"ErrUnstableOffsetCommit": false,
		"ErrAuthorizationPending": false,
		"authorization_pending":   false,
		"invalid_request_error":   false,
		"UnknownTopicID":          false,
		"ErrUnavailable":          true,
		"ErrNoServersAvailable":   true,
		"TooManyRequests":         true,
		"rate-limited":            true,
		"slow_down":               true,
		"ErrConnectionReset":      true,
		"ErrTimedOut":             true,
		"RetryableError":          true,
		"ErrLeaderNotAvailable":   true,
		"ErrServerBusy":           true,
		"ErrConflict":             true,
	} {
		if got := faultName(name); got != want {
			t.Errorf("faultName(%q) = %v, want %v", name, got, want)
		}
	}
}
