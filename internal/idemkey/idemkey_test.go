package idemkey_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/reslint/reslint/internal/idemkey"
)

func TestConfig(t *testing.T) {
	c := idemkey.NewConfig("", "")
	for h, want := range map[string]bool{
		"Idempotency-Key": true, "idempotency-key": true, "X-IDEMPOTENCY-KEY": true,
		"X-Request-Id": false, "traceparent": false, "Idempotency-Key-2": false,
	} {
		if got := c.IsKeyHeader(h); got != want {
			t.Errorf("IsKeyHeader(%q) = %v, want %v", h, got, want)
		}
	}
	for n, want := range map[string]bool{
		"IdempotencyKey": true, "idempotencyKey": true, "SetIdempotencyKey": true, "idemKey": true,
		"ClientRequestToken": true, "ClientToken": true, "RequestID": false, "TraceID": false, "key": false, "": false,
	} {
		if got := c.IsKeyName(n); got != want {
			t.Errorf("IsKeyName(%q) = %v, want %v", n, got, want)
		}
	}
	c = idemkey.NewConfig(" Nats-Msg-Id , ", "dedupID")
	if !c.IsKeyHeader("nats-msg-id") || c.IsKeyHeader("Idempotency-Key") {
		t.Errorf("keyheaders setting should replace the defaults: %v", c.Headers)
	}
	if !c.IsKeyName("DedupId") || !c.IsKeyName("IdempotencyKey") {
		t.Errorf("keyfields setting should add to the defaults: %v", c.Names)
	}
}

// stubs are tiny versions of generator packages, type-checked from source.
var stubs = map[string]string{
	"github.com/google/uuid": `package uuid
type UUID [16]byte
var NameSpaceURL UUID
func New() UUID { return UUID{} }
func NewString() string { return "" }
func NewRandom() (UUID, error) { return UUID{}, nil }
func NewV7() (UUID, error) { return UUID{}, nil }
func NewSHA1(space UUID, data []byte) UUID { return UUID{} }
func Parse(s string) (UUID, error) { return UUID{}, nil }
func Must(u UUID, err error) UUID { return u }
func (u UUID) String() string { return "" }
`,
	"github.com/gofrs/uuid/v5": `package uuid
type UUID [16]byte
type Gen struct{}
func NewV4() (UUID, error) { return UUID{}, nil }
func NewV5(ns UUID, name string) UUID { return UUID{} }
func (g *Gen) NewV4() (UUID, error) { return UUID{}, nil }
`,
	"stripe": `package stripe
func String[T ~string](v T) *string { s := string(v); return &s }
type Params struct { IdempotencyKey *string; Description *string }
func (p *Params) SetIdempotencyKey(k string) { p.IdempotencyKey = &k }
`,
}

type stubImporter struct {
	fset *token.FileSet
	std  types.Importer
	pkgs map[string]*types.Package
}

func (im *stubImporter) Import(path string) (*types.Package, error) {
	if p, ok := im.pkgs[path]; ok {
		return p, nil
	}
	src, ok := stubs[path]
	if !ok {
		return im.std.Import(path)
	}
	f, err := parser.ParseFile(im.fset, path+".go", src, 0)
	if err != nil {
		return nil, err
	}
	p, err := (&types.Config{Importer: im}).Check(path, im.fset, []*ast.File{f}, nil)
	if err != nil {
		return nil, err
	}
	im.pkgs[path] = p
	return p, nil
}

func newImporter(fset *token.FileSet) *stubImporter {
	return &stubImporter{fset: fset, std: importer.ForCompiler(fset, "gc", nil), pkgs: map[string]*types.Package{}}
}

func TestGenerators(t *testing.T) {
	im := newImporter(token.NewFileSet())
	lookup := func(path, name string) *types.Func {
		p, err := im.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		if i := strings.Index(name, "."); i >= 0 { // method
			tn := p.Scope().Lookup(name[:i]).(*types.TypeName)
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, p, name[i+1:])
			return obj.(*types.Func)
		}
		return p.Scope().Lookup(name).(*types.Func)
	}
	for _, tc := range []struct {
		path, name string
		gen, hoist bool
	}{
		{"github.com/google/uuid", "New", true, true},
		{"github.com/google/uuid", "NewString", true, true},
		{"github.com/google/uuid", "NewV7", true, true},
		{"github.com/google/uuid", "NewSHA1", false, false}, // deterministic
		{"github.com/google/uuid", "Parse", false, false},
		{"github.com/google/uuid", "Must", false, false}, // propagates, generates nothing
		{"github.com/google/uuid", "UUID.String", false, false},
		{"github.com/gofrs/uuid/v5", "NewV4", true, true},
		{"github.com/gofrs/uuid/v5", "NewV5", false, false},
		{"github.com/gofrs/uuid/v5", "Gen.NewV4", true, true},
		{"crypto/rand", "Text", true, true},
		{"crypto/rand", "Read", false, false}, // fills a buffer: see RandBuffer
		{"time", "Now", true, false},
		{"time", "Since", false, false},
		{"math/rand/v2", "IntN", true, false},
	} {
		fn := lookup(tc.path, tc.name)
		if got := idemkey.IsGenerator(fn); got != tc.gen {
			t.Errorf("IsGenerator(%s.%s) = %v, want %v", tc.path, tc.name, got, tc.gen)
		}
		if tc.gen {
			if got := idemkey.Hoistable(fn); got != tc.hoist {
				t.Errorf("Hoistable(%s.%s) = %v, want %v", tc.path, tc.name, got, tc.hoist)
			}
		}
	}
	if !idemkey.IsCryptoRandRead(lookup("crypto/rand", "Read")) {
		t.Errorf("crypto/rand.Read is a fill")
	}
	if !idemkey.Propagates(lookup("github.com/google/uuid", "Must")) || !idemkey.Propagates(lookup("fmt", "Sprintf")) ||
		idemkey.Propagates(lookup("fmt", "Println")) || idemkey.Propagates(lookup("time", "Since")) {
		t.Errorf("Propagates: uuid.Must and fmt.Sprintf propagate, fmt.Println and time.Since do not")
	}
	if sig := lookup("stripe", "String").Type().(*types.Signature); !idemkey.IsPointerHelper(types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(0, nil, "v", types.Typ[types.String])), sig.Results(), false)) {
		t.Errorf("stripe.String instantiated with string is a pointer helper")
	}
}

// TestFlow builds each snippet's package and follows the value of the
// call marked /*gen*/ in function f.
func TestFlow(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		sink       string // "" for none
		fresh      bool   // f returns the value as a whole
	}{
		{"header", `req.Header.Set("Idempotency-Key", /*gen*/uuid.NewString())`, `header "Idempotency-Key"`, false},
		{"header case", `req.Header.Add("x-idempotency-key", /*gen*/uuid.NewString())`, `header "x-idempotency-key"`, false},
		{"request id", `req.Header.Set("X-Request-Id", /*gen*/uuid.NewString())`, "", false},
		{"map index", `req.Header["Idempotency-Key"] = []string{/*gen*/uuid.NewString()}`, `header "Idempotency-Key"`, false},
		{"local and String", `u := /*gen*/uuid.New(); s := u.String(); req.Header.Set("Idempotency-Key", s)`, `header "Idempotency-Key"`, false},
		{"tuple and Must", `s := uuid.Must(/*gen*/uuid.NewRandom()).String(); req.Header.Set("Idempotency-Key", s)`, `header "Idempotency-Key"`, false},
		{"sprintf", `req.Header.Set("Idempotency-Key", fmt.Sprintf("o-%s-%d", id, /*gen*/time.Now().UnixNano()))`, `header "Idempotency-Key"`, false},
		{"concat strconv", `req.Header.Set("Idempotency-Key", id + "-" + strconv.FormatInt(/*gen*/time.Now().Unix(), 10))`, `header "Idempotency-Key"`, false},
		{"pointer helper field", `p := &stripe.Params{}; p.IdempotencyKey = stripe.String(/*gen*/uuid.NewString())`, "field IdempotencyKey", false},
		{"other field", `p := &stripe.Params{}; p.Description = stripe.String(/*gen*/uuid.NewString())`, "", false},
		{"method", `p := &stripe.Params{}; p.SetIdempotencyKey(/*gen*/uuid.NewString())`, "method SetIdempotencyKey", false},
		{"param", `send(/*gen*/uuid.NewString(), id)`, "parameter idempotencyKey of send", false},
		{"param not a key", `send(id, /*gen*/uuid.NewString())`, "", false},
		{"struct field sensitivity", `pr := pair{trace: /*gen*/uuid.NewString(), key: id}; send(pr.key, pr.trace)`, "", false},
		{"struct field", `pr := pair{trace: id, key: /*gen*/uuid.NewString()}; send(pr.key, pr.trace)`, "parameter idempotencyKey of send", false},
		{"rand buffer", `b := make([]byte, 8); /*gen*/rand.Read(b); req.Header.Set("Idempotency-Key", hex.EncodeToString(b))`, `header "Idempotency-Key"`, false},
		{"builder", `var sb strings.Builder; sb.WriteString(id); sb.WriteString(/*gen*/rand.Text()); req.Header.Set("Idempotency-Key", sb.String())`, `header "Idempotency-Key"`, false},
		{"helper of the package", `setKey(req, /*gen*/uuid.NewString())`, `header "Idempotency-Key" in setKey`, false},
		{"closure", `func() { req.Header.Set("Idempotency-Key", k) }(); _ = /*gen*/uuid.NewString()`, "", false},
		{"captured", `k = /*gen*/uuid.NewString(); func() { req.Header.Set("Idempotency-Key", k) }()`, `header "Idempotency-Key"`, false},
		{"deterministic", `req.Header.Set("Idempotency-Key", uuid.NewSHA1(uuid.NameSpaceURL, []byte(id)).String()); _ = /*gen*/uuid.New()`, "", false},
		{"returned", `return /*gen*/uuid.NewString()`, "", true},
		{"returned formatted", `return "k-" + /*gen*/rand.Text()`, "", true},
		{"error not fresh", `_, err := /*gen*/uuid.NewRandom(); if err != nil { return err.Error() }`, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `package p
import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"github.com/google/uuid"
	"stripe"
)
var (_ = rand.Text; _ = hex.EncodeToString; _ = fmt.Sprint; _ = strconv.Itoa; _ = strings.ToUpper; _ = time.Now; _ = uuid.New; _ = stripe.String[string])
type pair struct{ trace, key string }
func send(idempotencyKey, requestID string) {}
func setKey(r *http.Request, k string) { r.Header.Set("Idempotency-Key", k) }
func f(req *http.Request, id string) string {
	var k string
	_ = k
	` + tc.body + `
	return ""
}
`
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: newImporter(fset)}, fset,
				types.NewPackage("p", "p"), []*ast.File{file}, 0)
			if err != nil {
				t.Fatal(err)
			}
			fn := pkg.Func("f")
			// The marked call is the first call after the /*gen*/ comment.
			mark := token.NoPos
			for _, cg := range file.Comments {
				if cg.Text() == "gen\n" || strings.Contains(cg.List[0].Text, "gen") {
					mark = cg.End()
				}
			}
			var call ssa.CallInstruction
			var all []*ssa.Function
			all = append(all, fn)
			all = append(all, fn.AnonFuncs...)
			best := token.NoPos
			for _, f := range all {
				for _, b := range f.Blocks {
					for _, instr := range b.Instrs {
						if ci, ok := instr.(ssa.CallInstruction); ok && ci.Pos() > mark && (best == token.NoPos || ci.Pos() < best) {
							if _, isBuiltin := ci.Common().Value.(*ssa.Builtin); !isBuiltin {
								call, best = ci, ci.Pos()
							}
						}
					}
				}
			}
			if call == nil {
				t.Fatal("no marked call")
			}
			flow := &idemkey.Flow{Config: idemkey.NewConfig("", ""), Pkg: pkg}
			res := flow.Run(fn, idemkey.SeedsOf(call, nil))
			got := ""
			if len(res.Hits) > 0 {
				got = res.Hits[0].Sink
			}
			if got != tc.sink {
				t.Errorf("sink = %q, want %q (hits %v)", got, tc.sink, res.Hits)
			}
			fresh := false
			for _, b := range fn.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 && res.Fresh(ret.Results[0]) {
					fresh = true
				}
			}
			if fresh != tc.fresh {
				t.Errorf("returns fresh = %v, want %v", fresh, tc.fresh)
			}
		})
	}
}
