package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParseModules(t *testing.T) {
	in := "# header\n\nexample.com/a@v1.2.3\n  example.com/b/v2@v2.0.0 # pinned\n"
	mods, err := parseModules(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Module{{"example.com/a", "v1.2.3"}, {"example.com/b/v2", "v2.0.0"}}
	if !slices.Equal(mods, want) {
		t.Errorf("got %v, want %v", mods, want)
	}
	for _, bad := range []string{"example.com/a\n", "example.com/a@latest\n", "@v1.0.0\n"} {
		if _, err := parseModules(strings.NewReader(bad)); err == nil {
			t.Errorf("parseModules(%q): want error", bad)
		}
	}
	got := selectModules(want, "b/v2, nothing")
	if len(got) != 1 || got[0].Path != "example.com/b/v2" {
		t.Errorf("selectModules: got %v", got)
	}
}

func TestShippedModulesPinned(t *testing.T) {
	f, err := os.Open("../../corpus/modules.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mods, err := parseModules(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) < 20 {
		t.Errorf("corpus/modules.txt lists %d modules, want the whole corpus", len(mods))
	}
}

// checkerJSON is -json output in the shape of x/tools' driverutil.JSONTree,
// including an analyzer error and a test variant repeating a diagnostic.
const checkerJSON = `{
	"example.com/m": {
		"timerstop": [
			{"posn": "/mc/example.com/m@v1.0.0/a.go:10:2", "end": "/mc/example.com/m@v1.0.0/a.go:10:9", "category": "T1", "message": "timer is never stopped"}
		],
		"childbudget": {"error": "boom"}
	},
	"example.com/m [example.com/m.test]": {
		"timerstop": [
			{"posn": "/mc/example.com/m@v1.0.0/a.go:10:2", "end": "/mc/example.com/m@v1.0.0/a.go:10:9", "category": "T1", "message": "timer is never stopped"},
			{"posn": "/mc/example.com/m@v1.0.0/a_test.go:3:1", "end": "", "message": "second"}
		]
	}
}
`

func TestParseCheckerJSON(t *testing.T) {
	raw, aerrs, err := parseCheckerJSON([]byte(checkerJSON + "trailing noise"))
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) != 3 {
		t.Errorf("got %d raw diagnostics, want 3: %v", len(raw), raw)
	}
	if want := []string{"example.com/m: childbudget: boom"}; !slices.Equal(aerrs, want) {
		t.Errorf("analyzer errors: got %q, want %q", aerrs, want)
	}
	n := normalizer{mod: "example.com/m@v1.0.0", modDir: "/mc/example.com/m@v1.0.0", modCache: "/mc"}
	fs := toFindings("example.com/m@v1.0.0", raw, n)
	if len(fs) != 2 {
		t.Fatalf("got %d findings, want 2 (test variant deduplicated): %v", len(fs), fs)
	}
	want := Finding{
		Module: "example.com/m@v1.0.0", File: "example.com/m@v1.0.0/a.go", Line: 10, Col: 2,
		Analyzer: "timerstop", Rule: "T1", Message: "timer is never stopped",
		Key: "example.com/m@v1.0.0/a.go:10 T1",
	}
	if fs[0] != want {
		t.Errorf("got %+v\nwant %+v", fs[0], want)
	}
	if fs[1].File != "example.com/m@v1.0.0/a_test.go" {
		t.Errorf("second finding file: %s", fs[1].File)
	}

	for _, bad := range []string{"", "not json", `{"p": {"a": 3}}`} {
		if _, _, err := parseCheckerJSON([]byte(bad)); err == nil {
			t.Errorf("parseCheckerJSON(%q): want error", bad)
		}
	}
}

func TestSplitPosn(t *testing.T) {
	for _, tc := range []struct {
		in        string
		file      string
		line, col int
		ok        bool
	}{
		{"/a/b.go:12:3", "/a/b.go", 12, 3, true},
		{"/a/b.go:12", "/a/b.go", 12, 0, true},
		{"C:/x/b.go:1:2", "C:/x/b.go", 1, 2, true},
		{"-", "-", 0, 0, false},
		{"/a/b.go", "/a/b.go", 0, 0, false},
	} {
		f, l, c, ok := splitPosn(tc.in)
		if f != tc.file || l != tc.line || c != tc.col || ok != tc.ok {
			t.Errorf("splitPosn(%q) = %q %d %d %v", tc.in, f, l, c, ok)
		}
	}
}

func TestNormalizer(t *testing.T) {
	n := normalizer{
		mod:      "github.com/IBM/sarama@v1.61.1",
		modDir:   "/root/go/pkg/mod/github.com/!i!b!m/sarama@v1.61.1",
		modCache: "/root/go/pkg/mod",
		goroot:   "/usr/local/go",
		work:     "/tmp/reslint-corpus/x",
	}
	for in, want := range map[string]string{
		"/root/go/pkg/mod/github.com/!i!b!m/sarama@v1.61.1/internal/x.go": "github.com/IBM/sarama@v1.61.1/internal/x.go",
		"/root/go/pkg/mod/github.com/!burnt!sushi/toml@v1.0.0/a.go":       "github.com/BurntSushi/toml@v1.0.0/a.go",
		"/usr/local/go/src/time/sleep.go":                                 "$GOROOT/src/time/sleep.go",
		"/elsewhere/a.go":                                                 "/elsewhere/a.go",
	} {
		if got := n.file(in); got != want {
			t.Errorf("file(%q) = %q, want %q", in, got, want)
		}
	}
	got := n.text("/root/go/pkg/mod/github.com/!i!b!m/sarama@v1.61.1/a.go:3:4: could not import C (in /tmp/reslint-corpus/x)")
	want := "github.com/IBM/sarama@v1.61.1/a.go:3:4: could not import C (in $WORK)"
	if got != want {
		t.Errorf("text: got %q, want %q", got, want)
	}
}

func TestFindingKey(t *testing.T) {
	if got, want := findingKey("m@v1/a.go", 7, "I1"), "m@v1/a.go:7 I1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSortFindings(t *testing.T) {
	fs := []Finding{
		{Module: "b", File: "b/x.go", Line: 1},
		{Module: "a", File: "a/y.go", Line: 1},
		{Module: "a", File: "a/x.go", Line: 20},
		{Module: "a", File: "a/x.go", Line: 3, Analyzer: "z"},
		{Module: "a", File: "a/x.go", Line: 3, Analyzer: "b"},
	}
	sortFindings(fs)
	var got []string
	for _, f := range fs {
		got = append(got, f.File+":"+strconv.Itoa(f.Line)+":"+f.Analyzer)
	}
	want := []string{"a/x.go:3:b", "a/x.go:3:z", "a/x.go:20:", "a/y.go:1:", "b/x.go:1:"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

const verdictsFile = verdictsHeader + `| m@v1/a.go:10 timerstop: timer is never stopped | TP | leaks a timer per attempt |
| ` + "`m@v1/a.go:20 childbudget: x \\| y`" + ` | fp | fixed by #12 |
| m@v1/b.go:1 timerstop: undecided | ? | looking |
| m@v1/a.go:10 timerstop: timer is never stopped | FP | duplicate |
| lonely |
| n@v2/c.go:5 timerstop: other module | TP | still there |
`

func TestParseVerdicts(t *testing.T) {
	vs, problems, err := parseVerdicts(strings.NewReader(verdictsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 4 {
		t.Errorf("got %d verdicts, want 4: %v", len(vs), vs)
	}
	v := vs["m@v1/a.go:20 childbudget: x | y"]
	if v.Verdict != "FP" || v.Why != "fixed by #12" {
		t.Errorf("escaped/backticked row: %+v", v)
	}
	if v := vs["m@v1/a.go:10 timerstop: timer is never stopped"]; v.Verdict != "TP" {
		t.Errorf("first duplicate row must win: %+v", v)
	}
	if len(problems) != 2 {
		t.Errorf("want a duplicate and a short-row problem, got %q", problems)
	}
}

func TestCheckVerdicts(t *testing.T) {
	vs, _, err := parseVerdicts(strings.NewReader(verdictsFile))
	if err != nil {
		t.Fatal(err)
	}
	findings := []Finding{
		{Key: "m@v1/a.go:10 timerstop: timer is never stopped"},
		{Key: "m@v1/b.go:1 timerstop: undecided"}, // row says "?"
		{Key: "m@v1/z.go:9 timerstop: new"},       // no row
		{Key: "m@v1/z.go:9 timerstop: new"},       // same key twice
	}
	missing, stale := checkVerdicts(findings, vs, []string{"m@v1"})
	if want := []string{"m@v1/b.go:1 timerstop: undecided", "m@v1/z.go:9 timerstop: new"}; !slices.Equal(missing, want) {
		t.Errorf("missing: got %q, want %q", missing, want)
	}
	// The childbudget row of m matches nothing; n's row is not checked
	// because n did not run.
	if len(stale) != 1 || stale[0].Key != "m@v1/a.go:20 childbudget: x | y" {
		t.Errorf("stale: got %+v", stale)
	}
	if missing, _ := checkVerdicts(findings[:1], vs, nil); len(missing) != 0 {
		t.Errorf("all judged: got missing %q", missing)
	}
}

// TestJudgeFindings covers the file handling and the rows it prints: the
// printed row must parse back to the same key.
func TestJudgeFindings(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "verdicts.md")
	f := Finding{Module: "m@v1", File: "m@v1/a.go", Line: 3, Analyzer: "x", Message: "a | b"}
	f.Key = findingKey(f.File, f.Line, f.Analyzer)
	var out bytes.Buffer
	ok, err := judgeFindings(path, []Finding{f}, []string{"m@v1"}, &out)
	if err != nil || ok {
		t.Fatalf("judgeFindings = %v, %v; want a missing verdict", ok, err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("verdicts.md not created: %v", err)
	}
	var row string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "| ") {
			row = l
		}
	}
	if row == "" {
		t.Fatalf("no row printed:\n%s", out.String())
	}
	// Paste the row with a verdict filled in: now it passes.
	filled := strings.Replace(row, "| ? |", "| TP |", 1)
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, append(data, filled+"\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	ok, err = judgeFindings(path, []Finding{f}, []string{"m@v1"}, &out)
	if err != nil || !ok {
		t.Fatalf("after adding %q: judgeFindings = %v, %v\n%s", filled, ok, err, out.String())
	}
	// With the finding gone, the row is reported stale but does not fail.
	out.Reset()
	ok, err = judgeFindings(path, nil, []string{"m@v1"}, &out)
	if err != nil || !ok || !strings.Contains(out.String(), "stale") {
		t.Fatalf("stale: judgeFindings = %v, %v\n%s", ok, err, out.String())
	}
}

func TestMergeResults(t *testing.T) {
	all := []Module{{"a", "v1"}, {"b", "v1"}}
	prev := []Result{{Module: "a@v1", Seconds: 1}, {Module: "b@v1", Seconds: 2}, {Module: "gone@v1"}}
	prevF := []Finding{{Module: "a@v1", Key: "old a"}, {Module: "b@v1", Key: "b"}, {Module: "gone@v1", Key: "g"}}
	cur := []Result{{Module: "a@v1", Seconds: 9}}
	curF := []Finding{{Module: "a@v1", Key: "new a"}}
	rs, fs := mergeResults(prev, cur, prevF, curF, all)
	if len(rs) != 2 || rs[0].Seconds != 9 || rs[1].Seconds != 2 {
		t.Errorf("results: %+v", rs)
	}
	var keys []string
	for _, f := range fs {
		keys = append(keys, f.Key)
	}
	if want := []string{"new a", "b"}; !slices.Equal(keys, want) {
		t.Errorf("findings: got %q, want %q", keys, want)
	}
}

func TestLoadErrors(t *testing.T) {
	n := normalizer{mod: "m@v1", modDir: "/mc/m@v1"}
	var b strings.Builder
	for range maxLoadErrors + 5 {
		b.WriteString("/mc/m@v1/a.go:1:1: same\n")
	}
	if got := loadErrors(b.String(), n); !slices.Equal(got, []string{"m@v1/a.go:1:1: same"}) {
		t.Errorf("dedup: %q", got)
	}
	b.Reset()
	for i := range maxLoadErrors + 5 {
		b.WriteString("err " + strconv.Itoa(i) + "\n")
	}
	got := loadErrors(b.String(), n)
	if len(got) != maxLoadErrors+1 || got[maxLoadErrors] != "... and 5 more lines" {
		t.Errorf("cap: %q", got)
	}
}

func TestParseToolFlags(t *testing.T) {
	data := `[{"Name":"V","Bool":true,"Usage":"print version and exit"},
	{"Name":"timerstop","Bool":true,"Usage":"enable \"timerstop\" analysis"},
	{"Name":"timerstop.strict","Bool":true,"Usage":"enable strict mode"},
	{"Name":"childbudget","Bool":true,"Usage":"enable \"childbudget\" analysis"}]`
	got, err := parseToolFlags([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"timerstop", "childbudget"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := parseToolFlags([]byte(`[]`)); err == nil {
		t.Error("no analyzers: want error")
	}
}

func TestMedianRatio(t *testing.T) {
	if got := median([]float64{5, 1, 3}); got != 3 {
		t.Errorf("odd median = %v", got)
	}
	if got := median([]float64{4, 1, 3, 2}); got != 2.5 {
		t.Errorf("even median = %v", got)
	}
	in := []float64{3, 1, 2}
	median(in)
	if !slices.Equal(in, []float64{3, 1, 2}) {
		t.Error("median must not reorder its input")
	}
	if !math.IsNaN(median(nil)) {
		t.Error("median(nil) must be NaN")
	}
	if got := ratio(3, 2); got != 1.5 {
		t.Errorf("ratio = %v", got)
	}
	if !math.IsNaN(ratio(1, 0)) || !math.IsNaN(ratio(math.NaN(), 1)) {
		t.Error("ratio of unknowns must be NaN")
	}
	pr := pairedRatio([]sample{{Wall: 2}, {Wall: 9}, {Wall: 3}}, []sample{{Wall: 1}, {Wall: 10}, {Wall: 3}})
	if pr != 1 { // per-round ratios 2, 0.9, 1
		t.Errorf("pairedRatio = %v, want 1", pr)
	}
	if fmtRatio(1.234) != "1.23x" || fmtRatio(math.NaN()) != "n/a" {
		t.Errorf("fmtRatio: %s %s", fmtRatio(1.234), fmtRatio(math.NaN()))
	}
}

func TestVetFailed(t *testing.T) {
	diags := "# example.com/m\n# [example.com/m]\n../../mc/m@v1/a.go:3:4: timer is never stopped\n"
	if vetFailed(diags) {
		t.Error("diagnostics alone are not a failure")
	}
	if !vetFailed(diags + "vet: analysis failed\n") {
		t.Error("a vet: error line is a failure")
	}
}

func TestBenchConfigs(t *testing.T) {
	cs := benchConfigs("/b/floor", "/b/reslint", []string{"x", "y"})
	var got []string
	for _, c := range cs {
		got = append(got, c.Name+"="+strings.Join(c.Args, " "))
	}
	want := []string{"a=", "b=-vettool=/b/floor", "c=-vettool=/b/reslint",
		"d:x=-vettool=/b/reslint -x", "d:y=-vettool=/b/reslint -y", "e=", "f=-json"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	for _, c := range cs {
		if c.Standalone != (c.Name == "e" || c.Name == "f") {
			t.Errorf("%s: standalone %v", c.Name, c.Standalone)
		}
	}
	for rows, want := range map[string]string{
		"":      "a b c d:x d:y e f",
		"a,b,c": "a b c",
		"c,d":   "b c d:x d:y",
		"d:y,f": "b d:y f",
	} {
		var names []string
		for _, c := range selectRows(cs, rows) {
			names = append(names, c.Name)
		}
		if got := strings.Join(names, " "); got != want {
			t.Errorf("selectRows(%q) = %q, want %q", rows, got, want)
		}
	}
	if benchPkgMode("", "google.golang.org/grpc") != "root" || benchPkgMode("", "x") != "all" || benchPkgMode("all", "google.golang.org/grpc") != "all" {
		t.Error("benchPkgMode")
	}
}

func TestBenchReport(t *testing.T) {
	cs := benchConfigs("f", "r", []string{"x"})
	samples := map[string][]sample{
		"a":   {{Wall: 10, RSSKB: 100 << 10}, {Wall: 12, RSSKB: 100 << 10}, {Wall: 11, RSSKB: 100 << 10}},
		"b":   {{Wall: 10, RSSKB: 200 << 10}, {Wall: 10, RSSKB: 200 << 10}, {Wall: 10, RSSKB: 200 << 10}},
		"c":   {{Wall: 12, RSSKB: 220 << 10}, {Wall: 13, RSSKB: 220 << 10}, {Wall: 11, RSSKB: 220 << 10}},
		"d:x": {{Wall: 11}, {Wall: 11}, {Wall: 11}},
		"e":   {{Wall: 24, RSSKB: 440 << 10}, {Wall: 26, RSSKB: 440 << 10}, {Wall: 22, RSSKB: 440 << 10}},
		"f":   {{Wall: 24}, {Wall: 26}, {Wall: 22}},
	}
	rep := benchReport(cs, samples, []string{"m@v1 (2 packages)"}, 2, 3)
	for _, want := range []string{"c/a (reslint / go vet): 1.09x (paired 1.08x)", "c/b (reslint / FLOOR): 1.20x (paired 1.20x)", "peak RSS c/a: 2.20x", "d:x/b", "1.10x",
		"e/b (reslint PKGS (standalone) / FLOOR): 2.40x (paired 2.40x); e/c (/ reslint as vet tool): 2.00x (paired 2.00x); peak RSS e/c: 2.00x"} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
}

// TestBenchReportRows checks a report of selected rows: no ratio names a
// row that did not run.
func TestBenchReportRows(t *testing.T) {
	cs := selectRows(benchConfigs("f", "r", []string{"x"}), "b,c")
	samples := map[string][]sample{"b": {{Wall: 10}}, "c": {{Wall: 11}}}
	rep := benchReport(cs, samples, []string{"m@v1 (2 packages)"}, 2, 1)
	if !strings.Contains(rep, "c/b (reslint / FLOOR): 1.10x") || strings.Contains(rep, "- c/a") || strings.Contains(rep, "| a |") {
		t.Errorf("report:\n%s", rep)
	}
}

// TestCheckMode runs the harness's -check mode on outputs of a previous run.
func TestCheckMode(t *testing.T) {
	dir := t.TempDir()
	mods := filepath.Join(dir, "modules.txt")
	f := Finding{Module: "m@v1", File: "m@v1/a.go", Line: 3, Analyzer: "x", Message: "msg"}
	f.Key = findingKey(f.File, f.Line, f.Analyzer)
	if err := os.WriteFile(mods, []byte("m@v1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeJSON(filepath.Join(dir, "findings.json"), []Finding{f}); err != nil {
		t.Fatal(err)
	}
	if err := writeJSON(filepath.Join(dir, "summary.json"), []Result{{Module: "m@v1", Status: "ok"}}); err != nil {
		t.Fatal(err)
	}
	args := []string{"-check", "-modules", mods, "-out", dir}
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), args, &stdout, &stderr); code != 1 {
		t.Fatalf("unjudged finding: exit %d, want 1\n%s", code, stderr.String())
	}
	data, _ := os.ReadFile(filepath.Join(dir, "verdicts.md"))
	data = append(data, verdictRow(f.Key, "TP", "real")+"\n"...)
	if err := os.WriteFile(filepath.Join(dir, "verdicts.md"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run(t.Context(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("judged finding: exit %d, want 0\n%s", code, stderr.String())
	}
}
