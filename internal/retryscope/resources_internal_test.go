package retryscope

import "testing"

// TestFirstWord: the take verb is the first word of a name, however the
// name is cased.
func TestFirstWord(t *testing.T) {
	for name, want := range map[string]string{
		"popIdle":   "pop",
		"Get":       "get",
		"next_node": "next",
		"Acquire2":  "acquire",
		"getter":    "getter",
		"GetConn":   "get",
		"p":         "p",
	} {
		if got := firstWord(name); got != want {
			t.Errorf("firstWord(%q) = %q, want %q", name, got, want)
		}
	}
}
