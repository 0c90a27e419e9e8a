// Command reslint runs the reslint analyzers.
//
// Standalone:
//
//	reslint [-json] [-fix] [-diff] [-<analyzer>=false] [-<analyzer>.<flag>=...] ./...
//
// As a vet tool (multichecker speaks the unitchecker protocol too):
//
//	go vet -vettool=$(command -v reslint) ./...
//
// Exit status: 0 no findings, 3 findings, 1 on a load or type error.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/reslint/reslint"
)

func main() { multichecker.Main(reslint.Analyzers()...) }
