// Command floor is the load-and-typecheck-only baseline for the corpus
// benchmark (issue 6): a multichecker with a single analyzer that does
// nothing. Whatever it costs — process start, parsing, export-data reads,
// type checking — is the floor that every go/analysis tool pays, so
// reslint's own cost is what it adds on top of this.
//
// It works both standalone (floor ./...) and as a vet tool
// (go vet -vettool=$(command -v floor) ./...).
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

// Noop requires nothing and reports nothing. It declares no facts and no
// Requires, so the drivers load only what they must to type-check.
var Noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "does nothing: measures the cost of loading and type checking",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { multichecker.Main(Noop) }
