// Package ulid is a reslint test stub of github.com/oklog/ulid/v2@v2.1.2: signatures match the real API.
package ulid

import (
	"io"
	"time"
)

// An ULID is a 16 byte Universally Unique Lexicographically Sortable Identifier.
type ULID [16]byte

// MonotonicReader is an interface that should yield monotonically increasing
// entropy into the provided slice for all calls with the same ms parameter.
type MonotonicReader interface {
	io.Reader
	MonotonicRead(ms uint64, p []byte) error
}

// New returns a ULID with the given Unix milliseconds timestamp and an
// optional entropy source.
func New(ms uint64, entropy io.Reader) (id ULID, err error) { return id, nil }

// MustNew is a convenience function equivalent to New that panics on failure
// instead of returning an error.
func MustNew(ms uint64, entropy io.Reader) ULID { return ULID{} }

// MustNewDefault is a convenience function equivalent to MustNew with
// DefaultEntropy as the entropy.
func MustNewDefault(t time.Time) ULID { return ULID{} }

// DefaultEntropy returns a thread-safe per process monotonically increasing
// entropy source.
func DefaultEntropy() io.Reader { return nil }

// Make returns a ULID with the current time in Unix milliseconds and
// monotonically increasing entropy for the same millisecond.
func Make() (id ULID) { return id }

// Parse parses an encoded ULID, returning an error in case of failure.
func Parse(ulid string) (id ULID, err error) { return id, nil }

// MustParse is a convenience function equivalent to Parse that panics on failure
// instead of returning an error.
func MustParse(ulid string) ULID { return ULID{} }

// String returns a lexicographically sortable string encoded ULID
// (26 characters, non-standard base 32) e.g. 01AN4Z07BY79KA1307SR9X4MV3.
func (id ULID) String() string { return "" }

// Bytes returns bytes slice representation of ULID.
func (id ULID) Bytes() []byte { return id[:] }

// Time returns the Unix time in milliseconds encoded in the ULID.
func (id ULID) Time() uint64 { return 0 }

// Now is a convenience function that returns the current
// UTC time in Unix milliseconds.
func Now() uint64 { return Timestamp(time.Now().UTC()) }

// Timestamp converts a time.Time to Unix milliseconds.
func Timestamp(t time.Time) uint64 { return uint64(t.UnixMilli()) }

// Monotonic returns a source of entropy that yields strictly increasing entropy
// bytes, to a limit governeed by the `inc` parameter.
func Monotonic(entropy io.Reader, inc uint64) *MonotonicEntropy {
	return &MonotonicEntropy{Reader: entropy}
}

// MonotonicEntropy is an opaque type that provides monotonic entropy.
type MonotonicEntropy struct {
	io.Reader
	ms  uint64
	inc uint64
}

// MonotonicRead implements the MonotonicReader interface.
func (m *MonotonicEntropy) MonotonicRead(ms uint64, entropy []byte) (err error) { return nil }
