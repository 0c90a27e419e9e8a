package knowledge

import "testing"

func TestNamesLocalHost(t *testing.T) {
	for s, want := range map[string]bool{
		"localhost:8080": true,
		"postgres://u:%s@localhost:5432/postgres": true,
		"http://127.0.0.1/healthz":                true,
		"[::1]:9000":                              true,
		"host=localhost port=5432":                true,
		"localhost":                               true,
		"localhost.example.com:80":                false,
		"db.internal:5432":                        false,
		"10.127.0.0.1:80":                         false,
		"[fe80::1]:80":                            false,
		"mylocalhost:80":                          false,
	} {
		if got := NamesLocalHost(s); got != want {
			t.Errorf("NamesLocalHost(%q) = %v, want %v", s, got, want)
		}
	}
}
