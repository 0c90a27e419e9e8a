package settings

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseYAML(t *testing.T) {
	src := `# reslint settings
rules: all,-T2          # a comment after a value
disable: [timerstop, "backoffjitter"]
retryscope:
  retryfuncs:
    - example.com/platform/retry.Do
    - 'example.com/platform/retry.(*Policy).Run'
timerstop.strict: true
childbudget:
  reserve: 100ms
empty: []
quoted: "a # not a comment"
`
	got, err := ParseYAML(src)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"rules":   "all,-T2",
		"disable": []any{"timerstop", "backoffjitter"},
		"retryscope": map[string]any{
			"retryfuncs": []any{"example.com/platform/retry.Do", "example.com/platform/retry.(*Policy).Run"},
		},
		"timerstop.strict": "true",
		"childbudget":      map[string]any{"reserve": "100ms"},
		"empty":            []any{},
		"quoted":           "a # not a comment",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseYAML =\n%#v\nwant\n%#v", got, want)
	}
}

func TestParseYAMLErrors(t *testing.T) {
	for src, want := range map[string]string{
		"a: 1\na: 2\n":        `line 2: key "a" is given twice`,
		"a:\n":                "line 1: a has no value",
		"a: {b: 1}\n":         "line 1:",
		"a: [1, 2\n":          "line 1: a [list] must end on its line",
		"a:\n\tb: 1\n":        "line 2: indent with spaces",
		"  a: 1\n":            "line 1: the first key must not be indented",
		"a: 1\n  b: 2\n":      "line 2: unexpected indentation",
		"- a\n":               "want keys",
		"a:\n  - x: 1\n":      "line 2: a list item must be a single value",
		"just text\n":         "line 1: want key: value",
		"a: \"unterminated\n": "line 1: unterminated",
	} {
		_, err := ParseYAML(src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseYAML(%q): err = %v, want one containing %q", src, err, want)
		}
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	mod := filepath.Join(root, "mod")
	pkg := filepath.Join(mod, "internal", "pay")
	if err := os.MkdirAll(pkg, 0o777); err != nil {
		t.Fatal(err)
	}
	write := func(name string) {
		if err := os.WriteFile(name, []byte("rules: all\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(mod, "go.mod"))
	write(filepath.Join(root, FileName)) // above the module root: not used
	if got := Find(pkg); got != "" {
		t.Errorf("Find found %s above the module root", got)
	}
	write(filepath.Join(mod, FileName))
	if got := Find(pkg); got != filepath.Join(mod, FileName) {
		t.Errorf("Find = %q, want the module root's file", got)
	}
	write(filepath.Join(mod, "internal", FileName))
	if got := Find(pkg); got != filepath.Join(mod, "internal", FileName) {
		t.Errorf("Find = %q, want the nearest file", got)
	}
}
