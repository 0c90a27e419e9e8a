package directives

// want +1 "has no reason"
//reslint:ignore timerstop
var a = 1

// want +1 "unknown analyzer or rule \"nosuchanalyzer\"; known are analyzers .*timerstop.*; rules N1, .*T1"
//reslint:ignore nosuchanalyzer because
var b = 2

// Rule ids are names too: known, not reported here.
//reslint:ignore T1,N2 the pool owns this timer
var b2 = 2

// want +1 "unknown analyzer or rule \"T99\""
//reslint:ignore T1,T99 a rule id that does not exist
var b3 = 2

// want +1 "names no analyzer"
//reslint:ignore
var c = 3

// want +1 "unknown directive //reslint:frobnicate"
//reslint:frobnicate
var d = 4

// want +1 "must be in a function's doc comment"
//reslint:retry
var e2 = 5

//reslint:ignore timerstop,idemkeyperseries the timer is owned by the pool
var f = 6

//reslint:ignore timerstop // the reason may follow a second comment marker
var f2 = 6

// Marked is fine.
//
//reslint:classifier
func Marked(err error) bool { return false }

// A comment that mentions reslint:ignore in prose is not a directive.
var g = 7

// want +3 "names op2, which is not a parameter of Named"
// Named retries op.
//
//reslint:retry op2
func Named(op func() error) error { return op() }

// want +3 "names n, which is not a function"
// NotFunc retries.
//
//reslint:retry n
func NotFunc(n int, op func() error) error { return op() }

// want +3 "has no func-typed parameter to retry"
// NoOp has nothing to retry.
//
//reslint:retry
func NoOp(n int) error { return nil }

// Fine: the named parameter is the operation.
//
//reslint:retry op
func Good(n int, op func() error) error { return op() }

// want +1 "this comment is not a directive: there is a space after //"
// reslint:ignore timerstop the pool owns it
var h = 8
