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

func TestValidRetryFunc(t *testing.T) {
	for s, want := range map[string]bool{
		"example.com/x.Do":            true,
		"example.com/x/retry.(*R).Do": true,
		"example.com/x/retry.R.Do":    true,
		"retryscope/cfg.Run":          true,
		"Do":                          false,
		"example.com/x":               false,
		"example.com/x.(*R.Do":        false,
		"example.com/x.Do()":          false,
		"example.com/x.a.b.c":         false,
		"example.com/x.(*R).Do extra": false,
	} {
		if got := validRetryFunc(s); got != want {
			t.Errorf("validRetryFunc(%q) = %v, want %v", s, got, want)
		}
	}
}
