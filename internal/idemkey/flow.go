package idemkey

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The flow engine follows a fresh value forward through SSA def-use
// chains and reports the idempotency sinks it reaches.
//
// Taint is field-sensitive: a value is fresh at a path, "" meaning the
// whole value and "/3" its field 3 (or tuple element 3), "/*" its
// elements. For a reference (pointer, slice, map) the path describes the
// memory it points to, so a Store into &x.f marks the root x at "/f", and
// every load through any address derived from x sees it. That keeps a
// trace id stored next to a key in one struct from tainting the key.

// A Seed starts a flow: V is fresh at Path.
type Seed struct {
	V    ssa.Value
	Path string
}

// A Hit is an idempotency sink reached by a fresh value.
type Hit struct {
	// Pos is the position of the instruction that reached the sink, in
	// the function where the flow started or a closure inside it; for a
	// sink inside a called function of the same package, the call site.
	Pos  token.Pos
	Sink string // `header "Idempotency-Key"`, `field IdempotencyKey`, ...
}

// Flow follows fresh values. It is used by one pass at a time and caches
// summaries of the package's functions between runs.
type Flow struct {
	Config *Config
	// Pkg is the package being analysed: calls into its functions are
	// followed (with a summary per function, parameter and path).
	Pkg *ssa.Package

	sums map[sumKey]*summary
}

type sumKey struct {
	fn    *ssa.Function
	param int
	path  string
}

type summary struct {
	hits    []string
	returns map[int]string
}

// Result is what a run found.
type Result struct {
	Hits    []Hit
	top     *ssa.Function
	taint   map[ssa.Value][]string
	returns map[int]string
}

// Fresh reports whether v carries a fresh value as a whole.
func (r *Result) Fresh(v ssa.Value) bool {
	for _, p := range r.taint[v] {
		if p == "" {
			return true
		}
	}
	return false
}

// maxSegs bounds paths, so recursive types cannot grow them forever;
// a longer path is cut, which widens the taint to the enclosing value.
const maxSegs = 4

// maxDepth bounds how deep calls are followed into the package's
// functions.
const maxDepth = 3

type walker struct {
	f       *Flow
	top     *ssa.Function
	depth   int
	taint   map[ssa.Value][]string
	queue   []vp
	hits    []Hit
	returns map[int]string
}

type vp struct {
	v    ssa.Value
	path string
}

// Run follows seeds, which are values of fn or of closures inside it.
func (f *Flow) Run(fn *ssa.Function, seeds []Seed) *Result {
	w := f.newWalker(fn, 0)
	for _, s := range seeds {
		w.mark(s.V, s.Path)
	}
	w.run()
	return &Result{Hits: w.hits, top: fn, taint: w.taint, returns: w.returns}
}

func (f *Flow) newWalker(fn *ssa.Function, depth int) *walker {
	return &walker{f: f, top: fn, depth: depth, taint: map[ssa.Value][]string{}, returns: map[int]string{}}
}

func trim(path string) string {
	n := 0
	for i := 0; i < len(path); i++ {
		if path[i] == '/' {
			n++
			if n > maxSegs {
				return path[:i]
			}
		}
	}
	return path
}

// mark records that v is fresh at path and queues it.
func (w *walker) mark(v ssa.Value, path string) {
	if v == nil || NoTaint(v.Type()) {
		return
	}
	if _, ok := v.(*ssa.Const); ok {
		return
	}
	path = trim(path)
	ps := w.taint[v]
	for _, p := range ps {
		// Already fresh at path, or at a prefix of it.
		if p == path || p == "" || strings.HasPrefix(path, p+"/") {
			return
		}
	}
	w.taint[v] = append(ps, path)
	w.queue = append(w.queue, vp{v, path})
}

func (w *walker) run() {
	for len(w.queue) > 0 {
		x := w.queue[0]
		w.queue = w.queue[1:]
		w.visit(x.v, x.path)
	}
}

// project returns the path inside the component seg of a value fresh at
// path, if that component is fresh.
func project(path, seg string) (string, bool) {
	if path == "" {
		return "", true
	}
	if path == seg {
		return "", true
	}
	if strings.HasPrefix(path, seg+"/") {
		return path[len(seg):], true
	}
	return "", false
}

func seg(i int) string { return "/" + strconv.Itoa(i) }

const elems = "/*"

func (w *walker) visit(v ssa.Value, p string) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, instr := range *refs {
		switch x := instr.(type) {
		case *ssa.Extract:
			if q, ok := project(p, seg(x.Index)); ok {
				w.mark(x, q)
			}
		case *ssa.Field:
			if q, ok := project(p, seg(x.Field)); ok {
				w.mark(x, q)
			}
		case *ssa.FieldAddr:
			if q, ok := project(p, seg(x.Field)); ok {
				w.mark(x, q)
			}
		case *ssa.Index:
			if x.X == v {
				if q, ok := project(p, elems); ok {
					w.mark(x, q)
				}
			}
		case *ssa.IndexAddr:
			if x.X == v {
				if q, ok := project(p, elems); ok {
					w.mark(x, q)
				}
			}
		case *ssa.Lookup:
			if x.X == v {
				if q, ok := project(p, elems); ok {
					if x.CommaOk {
						q = seg(0) + q
					}
					w.mark(x, q)
				}
			}
		case *ssa.UnOp:
			switch x.Op {
			case token.MUL: // load: the loaded value is the memory the pointer described
				w.mark(x, p)
			case token.SUB, token.XOR:
				w.mark(x, "")
			}
		case *ssa.Slice:
			if x.X == v {
				w.mark(x, p)
			}
		case *ssa.Phi:
			w.mark(x, p)
		case *ssa.Convert:
			w.mark(x, p)
		case *ssa.ChangeType:
			w.mark(x, p)
		case *ssa.MultiConvert:
			w.mark(x, p)
		case *ssa.MakeInterface:
			w.mark(x, p)
		case *ssa.ChangeInterface:
			w.mark(x, p)
		case *ssa.SliceToArrayPointer:
			w.mark(x, p)
		case *ssa.TypeAssert:
			if x.CommaOk {
				w.mark(x, seg(0)+p)
			} else {
				w.mark(x, p)
			}
		case *ssa.BinOp:
			switch x.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO, token.REM,
				token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.AND_NOT:
				w.mark(x, "")
			}
		case *ssa.Store:
			if x.Val == v {
				if s := w.fieldSink(x.Addr); s != "" {
					w.hit(x, s)
				}
				root, pre := rootOf(x.Addr)
				w.mark(root, pre+p)
			}
		case *ssa.MapUpdate:
			if x.Value == v {
				if k, ok := constString(x.Key); ok && w.f.Config.IsKeyHeader(k) {
					w.hit(x, fmt.Sprintf("header %q", k))
				}
				root, pre := rootOf(x.Map)
				w.mark(root, pre+elems+p)
			}
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			for i, b := range x.Bindings {
				if b == v && fn != nil && i < len(fn.FreeVars) {
					w.mark(fn.FreeVars[i], p)
				}
			}
		case *ssa.Return:
			if x.Parent() == w.top {
				for i, r := range x.Results {
					if r == v {
						w.ret(i, p)
					}
				}
			}
		case ssa.CallInstruction:
			w.call(x, v, p)
		}
	}
	// A closure's free variable is its parent's binding: a store through
	// the free variable is seen by the parent's later loads too.
	if fv, ok := v.(*ssa.FreeVar); ok {
		w.parentBindings(fv, p)
	}
}

func (w *walker) ret(i int, p string) {
	if old, ok := w.returns[i]; ok && (old == "" || len(old) <= len(p)) {
		return
	}
	w.returns[i] = p
}

func (w *walker) parentBindings(fv *ssa.FreeVar, p string) {
	anon := fv.Parent()
	if anon == nil || anon.Parent() == nil {
		return
	}
	idx := -1
	for i, f := range anon.FreeVars {
		if f == fv {
			idx = i
		}
	}
	if idx < 0 {
		return
	}
	for _, b := range anon.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == anon && idx < len(mc.Bindings) {
				// Only memory is shared: a captured pointer (variable
				// that the closure may assign).
				if _, ok := mc.Bindings[idx].Type().Underlying().(*types.Pointer); ok {
					w.mark(mc.Bindings[idx], p)
				}
			}
		}
	}
}

// rootOf walks an address back to the value it was derived from, and
// returns the path of the address inside that value's memory.
func rootOf(a ssa.Value) (ssa.Value, string) {
	path := ""
	for range 16 {
		switch x := a.(type) {
		case *ssa.FieldAddr:
			path = seg(x.Field) + path
			a = x.X
		case *ssa.IndexAddr:
			path = elems + path
			a = x.X
		case *ssa.Slice:
			a = x.X
		case *ssa.MakeInterface:
			a = x.X
		case *ssa.ChangeType:
			a = x.X
		default:
			return a, path
		}
	}
	return a, path
}

func (w *walker) hit(instr ssa.Instruction, sink string) {
	w.hits = append(w.hits, Hit{Pos: PosOf(instr), Sink: sink})
}

// PosOf returns the position of instr, or when it has none (implicit
// stores), that of its address, else of the nearest instruction before it
// in its block that has one, else of the nearest after it.
func PosOf(instr ssa.Instruction) token.Pos {
	if p := instr.Pos(); p.IsValid() {
		return p
	}
	if s, ok := instr.(*ssa.Store); ok {
		if a, ok := s.Addr.(ssa.Instruction); ok && a.Pos().IsValid() {
			return a.Pos()
		}
	}
	b := instr.Block()
	if b == nil {
		return token.NoPos
	}
	before, after := token.NoPos, token.NoPos
	seen := false
	for _, i := range b.Instrs {
		if i == instr {
			seen = true
			continue
		}
		if p := i.Pos(); p.IsValid() {
			if !seen {
				before = p
			} else if !after.IsValid() {
				after = p
			}
		}
	}
	if before.IsValid() {
		return before
	}
	return after
}

// fieldSink names the sink if addr is the address of a field named after
// an idempotency key (stripe's Params.IdempotencyKey, AWS ClientToken).
func (w *walker) fieldSink(addr ssa.Value) string {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	f := FieldOf(fa.X.Type(), fa.Field)
	if f != nil && w.f.Config.IsKeyName(f.Name()) {
		return "field " + f.Name()
	}
	return ""
}

// FieldOf returns field i of the struct that ptr points to, or nil.
func FieldOf(ptr types.Type, i int) *types.Var {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	s, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || i < 0 || i >= s.NumFields() {
		return nil
	}
	return s.Field(i)
}

func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// Callee returns the function a call runs: the static callee's object,
// or the interface method of an invoke. Nil for closures and dynamic
// calls of func values.
func Callee(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return c.Method
	}
	if fn := c.StaticCallee(); fn != nil {
		if o, ok := fn.Object().(*types.Func); ok {
			return o
		}
		if fn.Origin() != nil {
			if o, ok := fn.Origin().Object().(*types.Func); ok {
				return o
			}
		}
	}
	return nil
}

// call handles v (fresh at p) used by a call: as a sink, and as an input
// the result is computed from.
func (w *walker) call(instr ssa.CallInstruction, v ssa.Value, p string) {
	c := instr.Common()
	var args []int
	for i, a := range c.Args {
		if a == v {
			args = append(args, i)
		}
	}
	recv := c.IsInvoke() && c.Value == v
	if len(args) == 0 && !recv {
		return
	}
	result, _ := instr.(*ssa.Call) // nil for go and defer

	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append", "ssa:wrapnilchk":
			if result != nil {
				w.mark(result, p)
			}
		case "copy":
			if len(c.Args) == 2 && c.Args[1] == v {
				root, pre := rootOf(c.Args[0])
				w.mark(root, pre+p)
			}
		}
		return
	}

	sig := c.Signature()
	callee := Callee(c)
	off := 0 // index of the first parameter in Args
	if !c.IsInvoke() && sig.Recv() != nil {
		off = 1
	}

	// Sinks.
	for _, i := range args {
		// A constant key-header name followed by the value:
		// Header.Set/Add, SetHeader, metadata pairs.
		if i > 0 {
			if k, ok := constString(c.Args[i-1]); ok && w.f.Config.IsKeyHeader(k) {
				w.hit(instr, fmt.Sprintf("header %q", k))
				continue
			}
		}
		if i < off {
			continue // the receiver
		}
		if callee != nil && w.f.Config.IsKeyName(callee.Name()) {
			w.hit(instr, "method "+callee.Name())
			continue
		}
		if j := i - off; j < sig.Params().Len() {
			if name := sig.Params().At(j).Name(); w.f.Config.IsKeyName(name) {
				w.hit(instr, fmt.Sprintf("parameter %s of %s", name, funcName(callee, c)))
			}
		}
	}

	// A function of the package being analysed: follow the value in.
	if fn := c.StaticCallee(); fn != nil && w.f.Pkg != nil && len(fn.Blocks) > 0 && fn.Pkg == w.f.Pkg && w.depth < maxDepth {
		for _, i := range args {
			if i >= len(fn.Params) {
				continue
			}
			s := w.f.summary(fn, i, p, w.depth+1)
			for _, h := range s.hits {
				w.hit(instr, h+" in "+fn.Name())
			}
			if result != nil {
				n := sig.Results().Len()
				for ri, rp := range s.returns {
					if n == 1 {
						w.mark(result, rp)
					} else {
						w.mark(result, seg(ri)+rp)
					}
				}
			}
		}
		return
	}

	// Writes into another argument: hex.Encode(dst, src), fmt.Fprintf(w, ...).
	if d, ok := FillsArg(callee); ok && d < len(c.Args) && c.Args[d] != v {
		root, pre := rootOf(c.Args[d])
		w.mark(root, pre)
		return
	}

	if result == nil {
		return
	}
	switch {
	case IsPointerHelper(sig) && len(args) == 1 && args[0] == off:
		w.mark(result, p) // stripe.String(key): the pointee is the key
	case Propagates(callee) && KeyLike(result.Type()):
		w.mark(result, "")
	}
}

func funcName(fn *types.Func, c *ssa.CallCommon) string {
	if fn != nil {
		return fn.Name()
	}
	if sc := c.StaticCallee(); sc != nil {
		return sc.Name()
	}
	return "the called function"
}

// summary follows a value fresh at path in parameter i of fn (a function
// of the package being analysed) and records the sinks and results it
// reaches. Recursion yields an empty summary.
func (f *Flow) summary(fn *ssa.Function, i int, path string, depth int) *summary {
	if f.sums == nil {
		f.sums = map[sumKey]*summary{}
	}
	k := sumKey{fn, i, path}
	if s, ok := f.sums[k]; ok {
		return s
	}
	s := &summary{}
	f.sums[k] = s
	w := f.newWalker(fn, depth)
	w.mark(fn.Params[i], path)
	w.run()
	seen := map[string]bool{}
	for _, h := range w.hits {
		if !seen[h.Sink] {
			seen[h.Sink] = true
			s.hits = append(s.hits, h.Sink)
		}
	}
	s.returns = w.returns
	return s
}

// SeedsOf returns the starting values of a source call: the fresh results of a
// generator or of a function known to return one (results nil: all of
// them), or the buffer that crypto/rand fills.
func SeedsOf(call ssa.CallInstruction, results []int) []Seed {
	c := call.Common()
	if buf := RandBuffer(c); buf != nil {
		root, pre := rootOf(buf)
		return []Seed{{root, pre}}
	}
	v, ok := call.(*ssa.Call)
	if !ok {
		return nil
	}
	if results == nil {
		return []Seed{{v, ""}}
	}
	n := c.Signature().Results().Len()
	var out []Seed
	for _, r := range results {
		if n == 1 {
			out = append(out, Seed{v, ""})
		} else {
			out = append(out, Seed{v, seg(r)})
		}
	}
	return out
}

// RandBuffer returns the buffer that a call fills with random bytes:
// crypto/rand.Read(buf), io.ReadFull(rand.Reader, buf) and
// rand.Reader.Read(buf). Nil for other calls.
func RandBuffer(c *ssa.CallCommon) ssa.Value {
	fn := Callee(c)
	switch {
	case IsCryptoRandRead(fn) && len(c.Args) == 1:
		return c.Args[0]
	case isFunc(fn, "io", "ReadFull") && len(c.Args) == 2 && isCryptoReader(c.Args[0]):
		return c.Args[1]
	case c.IsInvoke() && c.Method.Name() == "Read" && isCryptoReader(c.Value) && len(c.Args) == 1:
		return c.Args[0]
	}
	return nil
}

// isCryptoReader reports whether v is a load of crypto/rand.Reader.
func isCryptoReader(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if ci, ok := v.(*ssa.ChangeInterface); ok {
		v = ci.X
	}
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	g, ok := u.X.(*ssa.Global)
	return ok && g.Object() != nil && g.Object().Pkg() != nil && g.Object().Pkg().Path() == "crypto/rand" && g.Name() == "Reader"
}
