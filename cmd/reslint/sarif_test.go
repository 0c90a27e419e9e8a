package main

// SARIF output: validated against the 2.1.0 schema, on testdata/mod and
// on findings made up for the cases testdata/mod lacks.

import (
	"bytes"
	"encoding/json"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint"
	"github.com/reslint/reslint/internal/analysisdoc"
)

// suite is the analyzer list, made once: reslint.Analyzers wraps each
// analyzer, and a second wrap would change nothing but cost a test.
var suite = sync.OnceValue(reslint.Analyzers)

// goldenPkgs are the packages the goldens cover: a fact across packages,
// related notes, suggested fixes, a directive finding and a clean package.
var goldenPkgs = []string{"./app/...", "./retry/...", "./clean/...", "./timers/..."}

// testdata is the absolute path of ./testdata: the tests change directory.
var testdata = func() string {
	abs, err := filepath.Abs("testdata")
	if err != nil {
		panic(err)
	}
	return abs
}()

// driveIn runs the driver in this process in dir (relative to testdata) and returns its stdout,
// stderr and exit code, with the tool version fixed and the directory's
// absolute path replaced by /SRCROOT.
func driveIn(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	abs := dir
	if !filepath.IsAbs(dir) {
		abs = filepath.Join(testdata, dir)
	}
	t.Chdir(abs)
	saved := toolVersion
	toolVersion = func() string { return "(test)" }
	defer func() { toolVersion = saved }()
	var stdout, stderr bytes.Buffer
	// In this process the test binary cannot serve as go vet's tool: the
	// formats are checked on the in-process transport (TestTransports
	// checks that both transports report the same).
	args = append([]string{"-transport=load"}, args...)
	code := drive(suite(), args, &stdout, &stderr)
	norm := func(s string) string { return strings.ReplaceAll(s, filepath.ToSlash(abs), "/SRCROOT") }
	return norm(stdout.String()), norm(stderr.String()), code
}

// TestSARIFClean: no findings is still a complete log, with every rule.
func TestSARIFClean(t *testing.T) {
	out, _, code := driveIn(t, "mod", "-format=sarif", "./clean")
	if code != exitClean {
		t.Errorf("exit %d, want 0", code)
	}
	validateSARIF(t, []byte(out))
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string } `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []any `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || log.Runs[0].Results == nil || len(log.Runs[0].Results) != 0 {
		t.Errorf("want one run with an empty results list:\n%s", out)
	}
	if n := len(log.Runs[0].Tool.Driver.Rules); n != len(analysisdoc.Rules) {
		t.Errorf("%d rules, want one per catalogue rule (%d)", n, len(analysisdoc.Rules))
	}
}

var sarifSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	f, err := os.Open(filepath.Join(testdata, "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
})

func validateSARIF(t *testing.T, out []byte) {
	t.Helper()
	sch, err := sarifSchema()
	if err != nil {
		t.Fatalf("SARIF schema: %v", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("SARIF output is not JSON: %v\n%s", err, out)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("SARIF output does not validate against the 2.1.0 schema: %v", err)
	}
}

// TestSARIFUnit covers what testdata/mod does not: columns after
// non-ASCII text (UTF-16 code units), a file outside the working
// directory (an absolute URI), edits known only by byte offset (as go
// vet's JSON gives them), and a rule missing from the catalogue.
func TestSARIFUnit(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\nfunc f() { s := \"héllo 🙂\"; _ = s }\n"
	file := filepath.Join(dir, "sub", "p.go")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	col := strings.Index(src[strings.Index(src, "func"):], "_ = s") + 1 // byte column on line 3
	other := filepath.Join(t.TempDir(), "q.go")
	fs := []finding{{
		pkg: "p", analyzer: "timerstop", rule: "T1",
		posn:    token.Position{Filename: file, Line: 3, Column: col},
		end:     token.Position{Filename: file, Line: 3, Column: col + 5},
		message: "a <message> & more",
		related: []related{{token.Position{Filename: other, Line: 1, Column: 1}, "elsewhere"}},
		fixes: []suggestedFix{{"drop it", []textEdit{{
			file, strings.Index(src, "_ = s"), strings.Index(src, "_ = s") + 5, "",
		}}}},
	}, {
		pkg: "p", analyzer: "newone", rule: "Z9",
		posn: token.Position{Filename: file, Line: 1, Column: 1}, message: "unknown rule",
	}}
	var b bytes.Buffer
	if err := writeSARIF(&b, fs, dir, []*analysis.Analyzer{{Name: "timerstop", Doc: "timerstop: check timers"}}, newSources(), nil); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, b.Bytes())
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID              string
						FullDescription struct{ Text string } `json:"fullDescription"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleIndex int `json:"ruleIndex"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation physLoc `json:"physicalLocation"`
				}
				RelatedLocations []struct {
					PhysicalLocation physLoc `json:"physicalLocation"`
				} `json:"relatedLocations"`
				Fixes []struct {
					ArtifactChanges []struct {
						Replacements []struct {
							DeletedRegion region `json:"deletedRegion"`
						}
					} `json:"artifactChanges"`
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	r := run.Results[0]
	loc := r.Locations[0].PhysicalLocation
	// "héllo 🙂" is 11 bytes and 8 UTF-16 code units: 3 fewer.
	if loc.ArtifactLocation.URI != "sub/p.go" || loc.ArtifactLocation.URIBaseID != srcRoot ||
		loc.Region.StartColumn != col-3 || loc.Region.EndColumn != col+2 {
		t.Errorf("location %+v, want sub/p.go from %%SRCROOT%% at UTF-16 columns %d-%d", loc, col-3, col+2)
	}
	if u := r.RelatedLocations[0].PhysicalLocation.ArtifactLocation; u.URIBaseID != "" || !strings.HasPrefix(u.URI, "file:///") {
		t.Errorf("a file outside the working directory: %+v, want an absolute file URI", u)
	}
	if d := r.Fixes[0].ArtifactChanges[0].Replacements[0].DeletedRegion; d.StartLine != 3 || d.StartColumn != col-3 || d.EndColumn != col+2 {
		t.Errorf("offset-only edit resolved to %+v, want line 3, columns %d-%d", d, col-3, col+2)
	}
	if r.Message.Text != "a <message> & more" || !strings.Contains(b.String(), `"a <message> & more"`) {
		t.Errorf("message %q, want it unescaped", r.Message.Text)
	}
	if got := run.Tool.Driver.Rules[run.Results[1].RuleIndex].ID; got != "Z9" {
		t.Errorf("an uncatalogued rule points at rule %q", got)
	}
	if got := run.Tool.Driver.Rules[run.Results[0].RuleIndex]; got.ID != "T1" || !strings.Contains(got.FullDescription.Text, "check timers") {
		t.Errorf("rule of T1: %+v", got)
	}
}

type region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

type physLoc struct {
	ArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId"`
	} `json:"artifactLocation"`
	Region region `json:"region"`
}
