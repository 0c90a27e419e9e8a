// Package uuid is a reslint test stub of github.com/google/uuid@v1.6.0: signatures match the real API.
package uuid

import "io"

// A UUID is a 128 bit (16 byte) Universal Unique IDentifier as defined in RFC 9562.
type UUID [16]byte

// A Version represents a UUID's version.
type Version byte

func (v Version) String() string { return "" }

// Well known namespace IDs and UUIDs
var (
	NameSpaceDNS  = Must(Parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceURL  = Must(Parse("6ba7b811-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceOID  = Must(Parse("6ba7b812-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceX500 = Must(Parse("6ba7b814-9dad-11d1-80b4-00c04fd430c8"))
	Nil           UUID // empty UUID, all zeros
)

// New creates a new random UUID or panics. New is equivalent to
// the expression uuid.Must(uuid.NewRandom()).
func New() UUID { return Must(NewRandom()) }

// NewString creates a new random UUID and returns it as a string or panics.
func NewString() string { return Must(NewRandom()).String() }

// NewRandom returns a Random (Version 4) UUID.
func NewRandom() (UUID, error) { return UUID{}, nil }

// NewRandomFromReader returns a UUID based on bytes read from a given io.Reader.
func NewRandomFromReader(r io.Reader) (UUID, error) { return UUID{}, nil }

// NewUUID returns a Version 1 UUID based on the current NodeID and clock sequence, and the current time.
func NewUUID() (UUID, error) { return UUID{}, nil }

// NewV6 returns a Version 6 UUID based on the current NodeID and clock sequence, and the current time.
func NewV6() (UUID, error) { return UUID{}, nil }

// NewV7 returns a Version 7 UUID based on the current time(Unix Epoch).
func NewV7() (UUID, error) { return UUID{}, nil }

// NewV7FromReader returns a Version 7 UUID based on the current time(Unix Epoch).
func NewV7FromReader(r io.Reader) (UUID, error) { return UUID{}, nil }

// NewMD5 returns a new MD5 (Version 3) UUID based on the supplied name space and data.
// It is deterministic.
func NewMD5(space UUID, data []byte) UUID { return UUID{} }

// NewSHA1 returns a new SHA1 (Version 5) UUID based on the supplied name space and data.
// It is deterministic.
func NewSHA1(space UUID, data []byte) UUID { return UUID{} }

// Parse decodes s into a UUID or returns an error if it cannot be parsed.
func Parse(s string) (UUID, error) { return UUID{}, nil }

// ParseBytes is like Parse, except it parses a byte slice instead of a string.
func ParseBytes(b []byte) (UUID, error) { return UUID{}, nil }

// MustParse is like Parse but panics if the string cannot be parsed.
func MustParse(s string) UUID { return UUID{} }

// Must returns uuid if err is nil and panics otherwise.
func Must(uuid UUID, err error) UUID {
	if err != nil {
		panic(err)
	}
	return uuid
}

// Validate returns an error if s is not a properly formatted UUID.
func Validate(s string) error { return nil }

// String returns the string form of uuid, xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx
// , or "" if uuid is invalid.
func (uuid UUID) String() string { return "" }

// URN returns the RFC 2141 URN form of uuid.
func (uuid UUID) URN() string { return "" }

// Version returns the version of uuid.
func (uuid UUID) Version() Version { return Version(uuid[6] >> 4) }

// MarshalText implements encoding.TextMarshaler.
func (uuid UUID) MarshalText() ([]byte, error) { return nil, nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (uuid *UUID) UnmarshalText(data []byte) error { return nil }
