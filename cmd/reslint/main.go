// Command reslint runs the reslint analyzers.
//
// Standalone:
//
//	reslint [-format=text|json|github] [-json] [-exit-zero] [-tags=...] [-generated]
//	        [-<analyzer>=false] [-<analyzer>.<flag>=...] packages...
//	reslint -fix|-diff packages...
//	reslint help [analyzer]
//	reslint -version
//
// Text output goes to stdout, one line per finding, sorted, with paths
// relative to the working directory and the rule id and analyzer named:
//
//	app/pay.go:12:3: N2 noretrycanceled: time.Sleep in a retry loop cannot be interrupted: ...
//
// As a vet tool (the same binary speaks the go command's protocol):
//
//	go vet -vettool=$(command -v reslint) ./...
//
// Exit status, in every format: 0 no findings, 3 findings, 1 on a load,
// type or analyzer error, 2 on a usage error; -exit-zero exits 0 with
// findings. Generated files (// Code generated ... DO NOT EDIT.) are not
// reported unless -generated is set.
package main

import (
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/reslint/reslint"
)

func main() {
	analyzers := reslint.Analyzers()
	if standard(os.Args[1:]) {
		multichecker.Main(analyzers...)
		return
	}
	os.Exit(drive(analyzers, os.Args[1:], os.Stdout, os.Stderr))
}

// standard reports whether the arguments ask for what the standard
// multichecker does: the go command's vet protocol (a .cfg file, -V,
// -flags), help, and applying or showing fixes.
func standard(args []string) bool {
	if len(args) > 0 && args[0] == "help" {
		return true
	}
	return slices.ContainsFunc(args, func(a string) bool {
		if strings.HasSuffix(a, ".cfg") {
			return true
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		return strings.HasPrefix(a, "-") && slices.Contains([]string{"V", "flags", "fix", "diff"}, name)
	})
}
