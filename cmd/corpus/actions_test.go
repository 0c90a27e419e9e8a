package main

import (
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
)

// TestActionsTable: per-round sums per analyzer and class, the median
// over rounds, package counts from one round, a dash for a class with no
// package.
func TestActionsTable(t *testing.T) {
	ms := time.Millisecond
	round := func(scale time.Duration) []actionTime {
		return []actionTime{
			{"ambiguouswrite", classOwnDB, 2 * scale},
			{"ambiguouswrite", classOwnDB, 3 * scale},
			{"ambiguouswrite", classOwnNoDB, 0},
			{"retryscope", classOwnNoDB, 4 * scale},
			{"retryscope", classDependency, 1 * scale},
		}
	}
	got := actionsTable([][]actionTime{round(ms), round(3 * ms), round(2 * ms)})
	for _, want := range []string{
		"| ambiguouswrite | 2 | 10.0 | 1 | 0.0 | 0 | – |",
		"| retryscope | 0 | – | 1 | 8.0 | 1 | 2.0 |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
	if strings.Index(got, "ambiguouswrite") > strings.Index(got, "retryscope") {
		t.Errorf("analyzers not sorted:\n%s", got)
	}
}

// TestImportsDB: a package is in the database class when it imports one
// of the database libraries directly.
func TestImportsDB(t *testing.T) {
	sql := &packages.Package{Imports: map[string]*packages.Package{"database/sql": {}, "fmt": {}}}
	plain := &packages.Package{Imports: map[string]*packages.Package{"fmt": {}, "net/http": {}}}
	if !importsDB(sql) || importsDB(plain) {
		t.Errorf("importsDB(database/sql) = %v, importsDB(fmt, net/http) = %v", importsDB(sql), importsDB(plain))
	}
}
