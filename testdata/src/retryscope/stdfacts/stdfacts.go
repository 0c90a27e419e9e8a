// Package stdfacts calls standard functions whose facts come from the
// table that replaces analyzing the standard library
// (internal/knowledge/std.go): they must reach this package as if the
// standard library had been analyzed.
package stdfacts

import (
	"flag"
	"io/fs"
	"sort"
	"strings"
	"time"
)

// Visit hands its parameter to flag.VisitAll, which calls it.
func Visit(f func(*flag.Flag)) { // want Visit:"callsparam\\(0\\)"
	flag.VisitAll(f)
}

// Sorted hands its parameter to sort.Slice, which the inference of a
// standard package would not see calling it (through a struct).
func Sorted(xs []int, less func(i, j int) bool) { // want Sorted:"callsparam\\(1\\)"
	sort.Slice(xs, less)
}

// Walk retries fs.WalkDir with its walker: the walker runs once per
// attempt, so Walk is a retry helper.
func Walk(fsys fs.FS, fn fs.WalkDirFunc) error { // want Walk:"callsparam\\(1\\)" Walk:"retryhelper\\(1\\) inferred" Walk:"sleeps"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = fs.WalkDir(fsys, ".", fn); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Upper hands its parameter to nothing that calls it.
func Upper(s string, f func(rune) rune) string {
	_ = f
	return strings.ToUpper(s)
}

// Wait sleeps blindly, through time.Sleep (known by name, not by fact).
func Wait() { // want Wait:"sleeps"
	time.Sleep(time.Second)
}
