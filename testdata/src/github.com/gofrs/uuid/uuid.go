// Package uuid is a reslint test stub of github.com/gofrs/uuid@v4.4.0+incompatible: signatures match the real API.
package uuid

// Size of a UUID in bytes.
const Size = 16

// UUID is an array type to represent the value of a UUID, as defined in RFC-4122.
type UUID [Size]byte

// Nil is the nil UUID, as specified in RFC-4122, that has all 128 bits set to zero.
var Nil = UUID{}

// Predefined namespace UUIDs.
var (
	NamespaceDNS  = Must(FromString("6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
	NamespaceURL  = Must(FromString("6ba7b811-9dad-11d1-80b4-00c04fd430c8"))
	NamespaceOID  = Must(FromString("6ba7b812-9dad-11d1-80b4-00c04fd430c8"))
	NamespaceX500 = Must(FromString("6ba7b814-9dad-11d1-80b4-00c04fd430c8"))
)

// NewV1 returns a UUID based on the current timestamp and MAC address.
func NewV1() (UUID, error) { return UUID{}, nil }

// NewV3 returns a UUID based on the MD5 hash of the namespace UUID and name (deterministic).
func NewV3(ns UUID, name string) UUID { return UUID{} }

// NewV4 returns a randomly generated UUID.
func NewV4() (UUID, error) { return UUID{}, nil }

// NewV5 returns a UUID based on SHA-1 hash of the namespace UUID and name (deterministic).
func NewV5(ns UUID, name string) UUID { return UUID{} }

// NewV6 returns a k-sortable UUID based on a timestamp and 48 bits of
// pseudorandom data.
func NewV6() (UUID, error) { return UUID{}, nil }

// NewV7 returns a k-sortable UUID based on the current millisecond precision
// UNIX epoch and 74 bits of pseudorandom data.
func NewV7() (UUID, error) { return UUID{}, nil }

// FromString returns a UUID parsed from the input string.
func FromString(text string) (UUID, error) { return UUID{}, nil }

// FromStringOrNil returns a UUID parsed from the input string.
// Same behavior as FromString(), but returns uuid.Nil instead of an error.
func FromStringOrNil(input string) UUID { return UUID{} }

// Must is a helper that wraps a call to a function returning (UUID, error)
// and panics if the error is non-nil.
func Must(u UUID, err error) UUID {
	if err != nil {
		panic(err)
	}
	return u
}

// Bytes returns a byte slice representation of the UUID.
func (u UUID) Bytes() []byte { return u[:] }

// String returns a canonical RFC-4122 string representation of the UUID:
// xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.
func (u UUID) String() string { return "" }

// IsNil returns if the UUID is equal to the nil UUID
func (u UUID) IsNil() bool { return u == Nil }

// Version returns the algorithm version used to generate the UUID.
func (u UUID) Version() byte { return u[6] >> 4 }
