package main

import (
	"reflect"
	"testing"
)

// TestVetErrors: the go command's progress lines while it resolves a
// module are not load errors; a package's error lines are, under its
// "# pkg" header (a test variant counts as its package).
func TestVetErrors(t *testing.T) {
	text := `go: finding module for package github.com/x/y
go: found github.com/x/y in github.com/x/y v0.0.6
go: downloading github.com/x/z v1.2.3
# example.com/m/broken [example.com/m/broken.test]
broken/a_test.go:3:2: undefined: Foo

`
	got := vetErrors([]byte(text))
	want := []loadError{{"example.com/m/broken", "broken/a_test.go:3:2: undefined: Foo"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("vetErrors = %#v, want %#v", got, want)
	}
}
