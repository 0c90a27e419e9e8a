package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// exampleCommand matches a reslint command line in a workflow or a shell
// block: at the start of a line, after "run:" or "- run:".
var exampleCommand = regexp.MustCompile(`(?m)^\s*(?:-\s*)?(?:run:\s*)?(reslint\s.*)$`)

// TestCIExamples checks the workflows of examples/ci without running
// them: every reslint command line parses with the driver's own flags
// (an unknown flag is a usage error) and names a known format, and each
// workflow has the steps its README promises. There is no YAML parser
// among the module's dependencies; the shape checks below stand in.
func TestCIExamples(t *testing.T) {
	dir := filepath.Join(testdata, "..", "..", "..", "examples", "ci")
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) < 5 {
		t.Fatalf("examples/ci: %v, %d files", err, len(files))
	}
	commands := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(file)
		if strings.HasSuffix(name, ".yml") {
			if bytes.Contains(data, []byte("\t")) {
				t.Errorf("%s: a tab (YAML indents with spaces)", name)
			}
		}
		for _, m := range exampleCommand.FindAllStringSubmatch(string(data), -1) {
			commands++
			args := exampleArgs(m[1])
			// -version first: the driver parses every flag, then prints
			// its version instead of loading packages.
			var stderr bytes.Buffer
			if code := drive(suite(), append([]string{"-version"}, args...), &bytes.Buffer{}, &stderr); code != exitClean {
				t.Errorf("%s: %q is not a valid reslint command line: %s", name, m[1], stderr.String())
			}
			for _, a := range args {
				if f, ok := strings.CutPrefix(a, "-format="); ok && !slices.Contains(formats, f) {
					t.Errorf("%s: %q: unknown format %q", name, m[1], f)
				}
			}
		}
	}
	if commands < 6 {
		t.Errorf("found only %d reslint command lines in examples/ci", commands)
	}

	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for name, wants := range map[string][]string{
		"reslint-code-scanning.yml": {"\non:\n", "\njobs:\n", "reslint -format=sarif", "github/codeql-action/upload-sarif@", "security-events: write", "sarif_file: reslint.sarif"},
		"reslint-annotations.yml":   {"\non:\n", "\njobs:\n", "reslint -format=github ./..."},
		"reslint-baseline.yml":      {"\non:\n", "\njobs:\n", "reslint -baseline=.reslint-baseline.json", "-baseline=write .reslint-baseline.json"},
		"golangci-lint.yml":         {"\non:\n", "\njobs:\n", "golangci-lint custom", "golangci/golangci-lint-action@", "only-new-issues: true", "install-mode: none", "hashFiles('.custom-gcl.yml')"},
		"custom-gcl.yml":            {"module: github.com/reslint/reslint\n", "import: github.com/reslint/reslint/plugin\n"},
	} {
		text := read(name)
		for _, w := range wants {
			if !strings.Contains(text, w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
	// One version variable per workflow: every reslint it installs
	// comes from RESLINT_VERSION, and nothing names a release that has no
	// tag or @latest (which would be whatever main is).
	for _, name := range []string{"reslint-code-scanning.yml", "reslint-annotations.yml", "reslint-baseline.yml", "golangci-lint.yml"} {
		text := read(name)
		if strings.Count(text, "RESLINT_VERSION: ") != 1 || !strings.Contains(text, `--branch "$RESLINT_VERSION" https://github.com/reslint/reslint`) {
			t.Errorf("%s: want one RESLINT_VERSION setting, and reslint cloned at it", name)
		}
	}
	for _, file := range append(files, filepath.Join(dir, "..", "..", "README.md"), filepath.Join(dir, "..", "..", "plugin", "README.md"), filepath.Join(dir, "..", "..", ".custom-gcl.yml")) {
		data, _ := os.ReadFile(file)
		for _, bad := range []string{"cmd/reslint@latest", "version: v0.1.0"} {
			if strings.Contains(string(data), bad) {
				t.Errorf("%s: %q names a release that does not exist", filepath.Base(file), bad)
			}
		}
	}
	// The plugin package the golangci-lint example imports exists.
	if _, err := os.Stat(filepath.Join(dir, "..", "..", "plugin", "plugin.go")); err != nil {
		t.Errorf("custom-gcl.yml imports the plugin package: %v", err)
	}
}

// exampleArgs splits a command line into reslint's arguments, leaving out
// a redirection and anything after it, and a trailing comment.
func exampleArgs(line string) []string {
	var args []string
	for _, f := range strings.Fields(line)[1:] {
		if strings.HasPrefix(f, "#") || strings.HasPrefix(f, ">") || f == "|" || f == "&&" {
			break
		}
		args = append(args, strings.Trim(f, `"'`))
	}
	return args
}
