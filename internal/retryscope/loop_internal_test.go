package retryscope

import "testing"

func TestHasWord(t *testing.T) {
	for _, tc := range []struct {
		name, w string
		want    bool
	}{
		{"attempt", "attempt", true},
		{"maxAttempts", "attempt", true},
		{"numRetries", "retries", true},
		{"max_retries", "retries", true},
		{"MaxTries", "tries", true},
		{"numEntries", "tries", false},
		{"retrieved", "retry", false},
		{"reattempt", "attempt", false},
	} {
		if got := hasWord(tc.name, tc.w); got != tc.want {
			t.Errorf("hasWord(%q, %q) = %v, want %v", tc.name, tc.w, got, tc.want)
		}
	}
}
