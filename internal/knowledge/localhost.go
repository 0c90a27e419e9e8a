package knowledge

import "strings"

// NamesLocalHost reports whether s names this host (LocalHostNames) as a
// whole host: not part of a longer name or address ("localhost.example.com",
// "fe80::1", "10.127.0.0.1" are not).
func NamesLocalHost(s string) bool {
	hostChar := func(b byte) bool {
		return b == '.' || b == '-' || b == '_' || b == ':' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
	}
	for _, h := range LocalHostNames {
		for i := 0; ; {
			j := strings.Index(s[i:], h)
			if j < 0 {
				break
			}
			start, end := i+j, i+j+len(h)
			before := start == 0 || !hostChar(s[start-1]) || h != "::1" && s[start-1] == ':' && (start < 2 || s[start-2] != ':')
			after := end == len(s) || !hostChar(s[end]) || h != "::1" && s[end] == ':'
			if before && after {
				return true
			}
			i = end
		}
	}
	return false
}
