package main

// The vet protocol side of the binary: what changes when the go command
// runs it as go vet -vettool on one package described by a .cfg file.
//
// The go command keeps each vet run's result in its build cache under a
// key made of the package, its dependencies' results, the vet tool's
// identity (-V=full) and the flags given to it, but not of whether the run
// was for a target (report findings) or only for a dependency's facts
// (report nothing). A package first vetted as a dependency therefore
// stores an empty result that a later run with it as a target replays:
// its findings are lost until the cache entry goes (docs/cache.md has a
// reproduction with stock go vet). The reslint driver passes -complete:
// then every run reports its findings, dependency or not, so whatever is
// cached is the whole answer, and the driver keeps the findings of the
// packages it was asked about. Plain go vet -vettool runs stay as the go
// command expects them.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/settings"
)

// completeFlag is the vet tool flag the driver passes. It is part of the
// go command's cache key, so complete and ordinary results never mix.
const completeFlag = "complete"

// vetProtocol prepares a run under the go command's vet protocol: it
// declares -complete (so that go vet accepts it and -flags lists it) and,
// when -complete and -json are set, has a facts-only run report its
// findings too. It returns the arguments to hand to the multichecker.
//
// Run by go vet itself, each message starts with its rule id ("T1: ticker
// t is not stopped ..."): go vet prints the message and the analyzer, not
// the Category, and the rule id is what a user looks up (reslint help T1)
// and names in a //reslint:ignore directive. Since Go 1.26 go vet always
// asks the tool for JSON and formats text itself, so the tool cannot tell
// go vet's text output from go vet -json, whose messages carry the prefix
// too (beside "category"). The reslint command, which passes -complete,
// gets the messages as the analyzers wrote them and shows the rule id in
// its own way.
func vetProtocol(analyzers []*analysis.Analyzer, args []string) []string {
	flag.Bool(completeFlag, false, "report findings also when go vet runs the tool only for a dependency's facts, so that each cached result is complete, and leave the rule id out of messages (set by the reslint command, which keeps its targets' findings; needs -json)")
	flag.String(configHashFlag, "", "a digest of the .reslint.yaml files, which the tool reads itself: part of the go command's cache key, so that a changed file is not answered from the cache (set by the reslint command)")
	if !boolFlag(args, completeFlag) {
		for _, a := range analyzers {
			prefixRules(a)
		}
	}
	args = configure(analyzers, args)
	return vetProtocolArgs(args)
}

// configHashFlag is the vet tool flag that carries the digest of the
// configuration files.
const configHashFlag = "confighash"

// configure applies the configuration file that governs the package
// described by the .cfg file among args (found from its directory, see
// settings.Find) to the analyzers' flags, before the multichecker parses
// the command line, which overrides it. An analyzer the file disables is
// turned off with -NAME=false unless the command line names it. A file
// with an error stops the run with a message naming the file and the
// setting.
func configure(analyzers []*analysis.Analyzer, args []string) []string {
	var dir string
	for _, a := range args {
		if strings.HasSuffix(a, ".cfg") && !strings.HasPrefix(a, "-") {
			b, err := os.ReadFile(a)
			if err != nil {
				return args
			}
			var cfg struct{ Dir string }
			if json.Unmarshal(b, &cfg) != nil {
				return args
			}
			dir = cfg.Dir
		}
	}
	if dir == "" {
		return args
	}
	file := settings.Find(dir)
	if file == "" {
		return args
	}
	raw, err := settings.Load(file)
	var on []*analysis.Analyzer
	if err == nil {
		on, err = settings.Configure(analyzers, raw)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "reslint: %s: %v\n", file, err)
		os.Exit(1)
	}
	var off []string
	for _, a := range analyzers {
		named := slices.ContainsFunc(args, func(arg string) bool {
			n, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
			return strings.HasPrefix(arg, "-") && n == a.Name
		})
		if !slices.Contains(on, a) && !named {
			off = append(off, "-"+a.Name+"=false")
		}
	}
	return append(off, args...)
}

// configDigest returns a digest of every configuration file of the module
// around dir (the nearest one above dir, and all below the module's root),
// for the go command's cache key; "" when there is none.
func configDigest(dir string) string {
	root := dir
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			root = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	var files []string
	if f := settings.Find(dir); f != "" {
		files = append(files, f)
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == settings.FileName && !slices.Contains(files, path) {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		return ""
	}
	slices.Sort(files)
	h := sha256.New()
	for _, f := range files {
		b, _ := os.ReadFile(f)
		fmt.Fprintf(h, "%s\x00%d\x00", f, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// prefixRules makes a report each diagnostic with its rule id in front of
// its message.
func prefixRules(a *analysis.Analyzer) {
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Message = analysisdoc.PrefixRule(a.Name, d.Category, d.Message)
			pass.Report(d)
		}
		return run(&p)
	}
}

// vetProtocolArgs is vetProtocol after the flag is declared.
func vetProtocolArgs(args []string) []string {
	if !boolFlag(args, completeFlag) || !boolFlag(args, "json") {
		return args
	}
	out := make([]string, len(args))
	copy(out, args)
	for i, a := range out {
		if strings.HasSuffix(a, ".cfg") && !strings.HasPrefix(a, "-") {
			if cfg, ok := reportingConfig(a); ok {
				out[i] = cfg
			}
		}
	}
	return out
}

// reportingConfig writes a copy of the vet config file with VetxOnly
// cleared next to it (in the go command's scratch directory for this
// package) and returns its name; ok is false when the file needs no change
// or cannot be rewritten, and the run then goes ahead as given.
func reportingConfig(name string) (string, bool) {
	b, err := os.ReadFile(name)
	if err != nil {
		return "", false
	}
	// A map keeps every field the go command wrote, known or not.
	var cfg map[string]json.RawMessage
	if json.Unmarshal(b, &cfg) != nil {
		return "", false
	}
	if only, err := strconv.ParseBool(string(cfg["VetxOnly"])); err != nil || !only {
		return "", false
	}
	cfg["VetxOnly"] = json.RawMessage("false")
	b, err = json.Marshal(cfg)
	if err != nil {
		return "", false
	}
	out := filepath.Join(filepath.Dir(name), "reslint-complete.cfg")
	if os.WriteFile(out, b, 0o666) != nil {
		return "", false
	}
	return out, true
}

// boolFlag reports whether the boolean flag name is set to true among the
// flags that precede the first non-flag argument.
func boolFlag(args []string, name string) bool {
	set := false
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "--" {
			break
		}
		n, v, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if n != name {
			continue
		}
		set = true
		if hasValue {
			set, _ = strconv.ParseBool(v)
		}
	}
	return set
}
