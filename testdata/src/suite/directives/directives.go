package directives

// want +1 "has no reason"
//reslint:ignore timerstop
var a = 1

// want +1 "unknown analyzer \"nosuchanalyzer\""
//reslint:ignore nosuchanalyzer because
var b = 2

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
