// Package ksuid is a reslint test stub of github.com/segmentio/ksuid@v1.0.4: signatures match the real API.
package ksuid

import "time"

const (
	timestampLengthInBytes = 4
	payloadLengthInBytes   = 16
	byteLength             = timestampLengthInBytes + payloadLengthInBytes
)

// KSUIDs are 20 bytes:
//
//	00-03 byte: uint32 BE UTC timestamp with custom epoch
//	04-19 byte: random "payload"
type KSUID [byteLength]byte

var (
	// Represents a completely empty (invalid) KSUID
	Nil KSUID
)

// String-encoded representation that can be passed through Parse()
func (i KSUID) String() string { return "" }

// Raw byte representation of KSUID
func (i KSUID) Bytes() []byte { return i[:] }

// IsNil returns true if this is a "nil" KSUID
func (i KSUID) IsNil() bool { return i == Nil }

// Time returns the timestamp portion of the ID as a Time object
func (i KSUID) Time() time.Time { return time.Time{} }

// Parse decodes a string-encoded representation of a KSUID object
func Parse(s string) (KSUID, error) { return Nil, nil }

// Generates a new KSUID. In the strange case that random bytes
// can't be read, it will panic.
func New() KSUID { return Nil }

// Generates a new KSUID
func NewRandom() (ksuid KSUID, err error) { return Nil, nil }

// Generates a new KSUID with the given time.
func NewRandomWithTime(t time.Time) (ksuid KSUID, err error) { return Nil, nil }

// FromParts constructs a KSUID from constituent parts (deterministic).
func FromParts(t time.Time, payload []byte) (KSUID, error) { return Nil, nil }
