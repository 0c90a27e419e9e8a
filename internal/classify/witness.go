package classify

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
)

// A Witness is a concrete failure to evaluate a classifier against (see
// EvalWith): a context error (what noretrycanceled asks about), an HTTP
// status, a SQLSTATE, a JSON decoding error.
type Witness interface {
	witness
	String() string
}

// statusWitness is an HTTP answer with status code: a response with a
// nil error (inErr false: go-retryablehttp's CheckRetry shape), or an
// error value carrying the status in a StatusCode field or a
// StatusCode()/HTTPStatusCode() method (inErr true).
type statusWitness struct {
	code  int64
	inErr bool
}

// StatusWitness returns the witness of an HTTP answer with the status
// code, in the response (inErr false) or in the error (inErr true).
func StatusWitness(code int64, inErr bool) Witness { return statusWitness{code, inErr} }

func (w statusWitness) String() string { return "HTTP " + strconv.FormatInt(w.code, 10) }
func (w statusWitness) errMethods() []string {
	return []string{"Error", "StatusCode", "HTTPStatusCode"}
}
func (statusWitness) sentinel(types.Object, string) bool { return false }
func (statusWitness) unwrapsToNil() bool                 { return true }
func (statusWitness) status() (string, bool)             { return "Unknown", false }
func (statusWitness) contextCode() string                { return "Unknown" }
func (w statusWitness) message() string                  { return fmt.Sprintf("unexpected status %d", w.code) }
func (statusWitness) callerErr() string                  { return "" }
func (w statusWitness) errNil() bool                     { return !w.inErr }
func (w statusWitness) respStatus() (int64, bool)        { return w.code, !w.inErr }

// concrete: any struct type with an integer StatusCode field.
func (w statusWitness) concrete(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Name() == "StatusCode" {
			b, ok := f.Type().Underlying().(*types.Basic)
			return ok && b.Info()&types.IsInteger != 0
		}
	}
	return false
}

func (w statusWitness) field(name string) (any, bool) {
	if name == "StatusCode" || name == "HTTPStatusCode" {
		return w.code, true
	}
	return nil, false
}

// sqlWitness is a Postgres error (pgconn.PgError, pq.Error) with a
// SQLSTATE code.
type sqlWitness struct{ code string }

// SQLStateWitness returns the witness of a Postgres error with the
// SQLSTATE code.
func SQLStateWitness(code string) Witness { return sqlWitness{code} }

func (w sqlWitness) String() string                   { return "SQLSTATE " + w.code }
func (sqlWitness) errMethods() []string               { return []string{"Error", "SQLState"} }
func (sqlWitness) sentinel(types.Object, string) bool { return false }
func (sqlWitness) unwrapsToNil() bool                 { return true }
func (sqlWitness) status() (string, bool)             { return "Unknown", false }
func (sqlWitness) contextCode() string                { return "Unknown" }
func (w sqlWitness) message() string                  { return "ERROR (SQLSTATE " + w.code + ")" }
func (sqlWitness) callerErr() string                  { return "" }
func (sqlWitness) errNil() bool                       { return false }
func (sqlWitness) respStatus() (int64, bool)          { return 0, false }
func (sqlWitness) concrete(t types.Type) bool         { return isPostgresError(t) }
func (w sqlWitness) field(name string) (any, bool) {
	if name == "Code" || name == "SQLState" {
		return w.code, true
	}
	return nil, false
}

// jsonWitness is an encoding/json decoding error of the named type.
type jsonWitness struct{ name string }

// JSONWitness returns the witness of a *json.SyntaxError ("SyntaxError")
// or *json.UnmarshalTypeError ("UnmarshalTypeError").
func JSONWitness(name string) Witness { return jsonWitness{name} }

func (w jsonWitness) String() string                   { return "*json." + w.name }
func (jsonWitness) errMethods() []string               { return []string{"Error"} }
func (jsonWitness) sentinel(types.Object, string) bool { return false }
func (jsonWitness) unwrapsToNil() bool                 { return true }
func (jsonWitness) status() (string, bool)             { return "Unknown", false }
func (jsonWitness) contextCode() string                { return "Unknown" }
func (jsonWitness) message() string                    { return "invalid character" }
func (jsonWitness) callerErr() string                  { return "" }
func (jsonWitness) errNil() bool                       { return false }
func (jsonWitness) respStatus() (int64, bool)          { return 0, false }
func (w jsonWitness) concrete(t types.Type) bool {
	_, isPtr := t.(*types.Pointer)
	return isPtr && isNamed(t, "encoding/json", w.name)
}
func (jsonWitness) field(string) (any, bool) { return nil, false }

// EvalWith evaluates fn (an *ast.FuncLit or *ast.FuncDecl) for the
// witness w, the error held in errp and the response, if any, in resp.
// Like Eval, it returns the answers of all paths and whether every path
// could be followed.
func EvalWith(info *types.Info, fn ast.Node, errp, resp *types.Var, w Witness, opt *Options) (answers []Answer, complete bool) {
	if opt == nil {
		opt = &Options{}
	}
	body, sig := funcBody(info, fn)
	if body == nil || sig == nil || errp == nil {
		return nil, false
	}
	ip := &interp{info: info, opt: opt, w: w, errp: errp, resp: resp, sig: sig}
	ip.run(body, nil)
	return ip.answers, !ip.incomplete
}
