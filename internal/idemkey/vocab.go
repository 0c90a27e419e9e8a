// Package idemkey recognises idempotency keys for reslint: the
// calls that generate a fresh value on every call (uuid, ulid, xid, ksuid,
// crypto/rand, time.Now), the places a key is handed to a server (headers,
// fields, methods and parameters named after idempotency keys), and the
// SSA data flow that connects the two (flow.go).
//
// The vocabulary is deliberately small and explicit: a generator that is
// not listed is simply not seen, which costs a missed finding, never a
// false one. Deterministic constructors that live in the same packages
// (uuid.NewSHA1, uuid.NewMD5, uuid.Parse) are not generators: a key
// derived from the order id is exactly what correct code does.
package idemkey

import (
	"go/types"
	"strings"

	"github.com/reslint/reslint/internal/analysisutil"
)

// Config is the key vocabulary a user can extend: header names (the
// keyheaders setting) and name fragments of fields, methods and
// parameters (the keyfields setting).
type Config struct {
	Headers []string // compared case-insensitively
	Names   []string // lower-case fragments, matched by containment
}

// DefaultHeaders and DefaultNames are the vocabulary without settings.
var (
	DefaultHeaders = []string{"Idempotency-Key", "X-Idempotency-Key"}
	DefaultNames   = []string{"IdempotencyKey", "IdemKey", "ClientRequestToken", "ClientToken"}
)

// NewConfig builds a Config from the comma-separated settings. headers
// replaces the default header list when it is not empty; fields adds to
// the default name fragments.
func NewConfig(headers, fields string) *Config {
	c := &Config{}
	for _, h := range split(headers) {
		c.Headers = append(c.Headers, h)
	}
	if len(c.Headers) == 0 {
		c.Headers = DefaultHeaders
	}
	for _, n := range append(append([]string(nil), DefaultNames...), split(fields)...) {
		c.Names = append(c.Names, strings.ToLower(n))
	}
	return c
}

func split(s string) []string {
	var out []string
	for f := range strings.SplitSeq(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// IsKeyHeader reports whether s names an idempotency-key header.
func (c *Config) IsKeyHeader(s string) bool {
	for _, h := range c.Headers {
		if strings.EqualFold(s, h) {
			return true
		}
	}
	return false
}

// IsKeyName reports whether an identifier (field, method, parameter) names
// an idempotency key: it contains one of the fragments, in any case.
// Request and trace ids (RequestID, TraceID) do not: they are meant to
// change on every attempt.
func (c *Config) IsKeyName(name string) bool {
	if name == "" {
		return false
	}
	l := strings.ToLower(name)
	for _, n := range c.Names {
		if strings.Contains(l, n) {
			return true
		}
	}
	return false
}

// generators lists, by import path without major-version suffix, the
// functions (and, for the uuid and rand generators, methods) that return a
// new value on every call.
var generators = map[string]map[string]bool{
	"github.com/google/uuid": set("New", "NewString", "NewRandom", "NewRandomFromReader",
		"NewUUID", "NewV6", "NewV7", "NewV7FromReader"),
	// gofrs/uuid: package functions and the Gen/Generator methods.
	"github.com/gofrs/uuid":          set("NewV1", "NewV4", "NewV6", "NewV7"),
	"github.com/satori/go.uuid":      set("NewV1", "NewV4"),
	"github.com/oklog/ulid":          set("Make", "MustNew", "New", "MustNewDefault", "Now"),
	"github.com/rs/xid":              set("New", "NewWithTime"),
	"github.com/segmentio/ksuid":     set("New", "NewRandom", "NewRandomWithTime"),
	"github.com/lithammer/shortuuid": set("New"),
	"github.com/teris-io/shortid":    set("Generate", "MustGenerate"),
	"github.com/matoous/go-nanoid":   set("New", "Generate", "Must", "MustGenerate"),
	"crypto/rand":                    set("Text", "Int", "Prime"),
	"math/rand": set("Int", "Int31", "Int31n", "Int63", "Int63n", "Intn", "Uint32", "Uint64",
		"Float32", "Float64", "ExpFloat64", "NormFloat64", "Perm"),
	"math/rand/v2": set("Int", "Int32", "Int32N", "Int64", "Int64N", "IntN", "N", "Uint",
		"Uint32", "Uint32N", "Uint64", "Uint64N", "UintN", "Float32", "Float64", "Perm"),
	"time": set("Now"),
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// genPath returns the generator-table key of a package path.
func genPath(path string) string {
	if path == "math/rand/v2" {
		return path
	}
	return analysisutil.StripMajor(path)
}

// IsGeneratorPackage reports whether importing path may bring a generator
// into a package (the analyzer's early-return test).
func IsGeneratorPackage(path string) bool {
	_, ok := generators[genPath(path)]
	return ok
}

// IsGenerator reports whether a call of fn returns a freshly generated
// value on every call. Methods count for the uuid generators
// (gofrs's Gen.NewV4) and math/rand's *Rand, whose receivers are
// generators themselves.
func IsGenerator(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path := genPath(fn.Pkg().Path())
	names, ok := generators[path]
	if !ok || !names[fn.Name()] {
		return false
	}
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		switch path {
		case "github.com/gofrs/uuid", "math/rand", "math/rand/v2":
			return true
		}
		return false
	}
	return true
}

// Hoistable reports whether a call of the generator fn can be moved to
// before the retry call without changing what it means: a pure key
// generator. time.Now and math/rand values are generated for other
// purposes too, so no fix is offered for them.
func Hoistable(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch genPath(fn.Pkg().Path()) {
	case "time", "math/rand", "math/rand/v2":
		return false
	}
	return true
}

// IsGeneratorType reports whether t is a value type of a generator package
// (uuid.UUID, ulid.ULID, xid.ID, ksuid.KSUID, time.Time): methods on a
// fresh value of such a type return fresh values.
func IsGeneratorType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return IsGeneratorPackage(n.Obj().Pkg().Path())
}

// IsCryptoRandRead reports whether fn is crypto/rand.Read, which fills its
// argument with fresh bytes.
func IsCryptoRandRead(fn *types.Func) bool {
	return isFunc(fn, "crypto/rand", "Read")
}

func isFunc(fn *types.Func, path, name string) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name &&
		fn.Type().(*types.Signature).Recv() == nil
}

// pure lists packages whose functions compute their result from their
// arguments only: a fresh argument makes a fresh result.
var pure = map[string]bool{
	"fmt": true, "strconv": true, "strings": true, "bytes": true,
	"encoding/hex": true, "encoding/base64": true, "encoding/base32": true,
	"crypto/sha256": true, "crypto/sha1": true, "crypto/sha512": true, "crypto/md5": true,
	"path": true, "path/filepath": true, "net/url": true, "unicode": true,
	"math/big": true, "slices": true,
}

// Propagates reports whether a call of fn with a fresh argument (or
// receiver) returns a fresh value: pure formatting and encoding functions
// (fmt.Sprintf, strconv, strings, hex, base64), methods of generator types
// (uuid.UUID.String, time.Time.Format), and functions of generator
// packages that take a fresh value (uuid.Must, ulid.Timestamp).
func Propagates(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	if pure[path] {
		switch fn.Name() {
		case "Print", "Printf", "Println", "Fprint", "Fprintf", "Fprintln", "Errorf":
			return false // no fresh value comes back (Errorf's error is not a key)
		}
		return true
	}
	return IsGeneratorPackage(path) && path != "time" || path == "time" && fn.Type().(*types.Signature).Recv() != nil
}

// FillsArg returns, for functions that write a value derived from one
// argument into another (hex.Encode(dst, src), fmt.Fprintf(w, ...),
// io.WriteString(w, s)), the index of the argument written to. The
// receiver of a method counts as argument 0.
func FillsArg(fn *types.Func) (int, bool) {
	if fn == nil || fn.Pkg() == nil {
		return 0, false
	}
	recv := fn.Type().(*types.Signature).Recv() != nil
	switch path := fn.Pkg().Path(); {
	case path == "encoding/hex" && !recv && fn.Name() == "Encode":
		return 0, true
	case (path == "encoding/base64" || path == "encoding/base32") && recv && fn.Name() == "Encode":
		return 1, true // receiver, dst, src
	case path == "fmt" && strings.HasPrefix(fn.Name(), "Fprint"):
		return 0, true
	case path == "io" && fn.Name() == "WriteString":
		return 0, true
	case (path == "strings" || path == "bytes") && recv && strings.HasPrefix(fn.Name(), "Write"):
		return 0, true // (*strings.Builder).WriteString and friends
	}
	return 0, false
}

// IsPointerHelper reports whether sig is func(T) *T (or *U, U the
// underlying type of T): stripe.String,
// aws.String, ptr.To and other helpers that return a pointer to a copy
// of their argument.
func IsPointerHelper(sig *types.Signature) bool {
	if sig == nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.Recv() != nil {
		return false
	}
	p, ok := sig.Results().At(0).Type().(*types.Pointer)
	// stripe.String[T ~string](v T) *string: compare underlying types.
	return ok && types.Identical(p.Elem().Underlying(), sig.Params().At(0).Type().Underlying())
}

// KeyLike reports whether values of type t can carry a key: strings,
// numbers, byte arrays and slices, pointers to those, and the value types
// of generator packages. Errors and booleans cannot.
func KeyLike(t types.Type) bool {
	return keyLike(t, 0)
}

func keyLike(t types.Type, depth int) bool {
	if t == nil || depth > 3 {
		return false
	}
	if IsGeneratorType(t) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger|types.IsFloat) != 0
	case *types.Pointer:
		return keyLike(u.Elem(), depth+1)
	case *types.Slice:
		return keyLike(u.Elem(), depth+1)
	case *types.Array:
		return keyLike(u.Elem(), depth+1)
	case *types.Tuple:
		for i := range u.Len() {
			if keyLike(u.At(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// NoTaint reports whether values of type t never carry a key, whatever
// they were computed from: errors and booleans.
func NoTaint(t types.Type) bool {
	if t == nil {
		return true
	}
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}
