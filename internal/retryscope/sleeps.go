package retryscope

import (
	"go/ast"
	"go/types"
)

// isSleeper reports whether fn waits blindly by its wait Fact (this
// package's or imported); time.Sleep itself is a wait site, not a
// sleeper.
func (st *state) isSleeper(fn *types.Func) bool {
	f := st.wait.Fact(fn)
	return f != nil && f.Blind
}

// callsSleeper reports whether body (function literals not entered) calls a
// function that waits blindly by its wait Fact.
func (st *state) callsSleeper(body ast.Node) bool { return st.wait.CallsBlind(body) }
