package reslint_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// libraryPath matches the import paths of the libraries reslint knows. They
// are written once, in internal/knowledge, so that a new major version or a
// moved package is one edit and every analyzer agrees on it.
var libraryPath = regexp.MustCompile(`^(github\.com/(cenkalti/backoff|avast/retry-go|sethvargo/go-retry|sony/gobreaker|failsafe-go/failsafe-go|hashicorp/go-retryablehttp|jackc/pgx|go-pg/pg|uptrace/bun|go-sql-driver/mysql|lib/pq|afex/hystrix-go|mercari/go-circuitbreaker|streadway/handy)|k8s\.io/(client-go|apimachinery))`)

// TestVocabularyInKnowledge fails on a string literal naming a known
// library's import path outside internal/knowledge (tests, fixtures,
// examples and the corpus harness, which name real modules, excepted).
func TestVocabularyInKnowledge(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch path {
			case "testdata", "examples", filepath.Join("internal", "knowledge"), filepath.Join("cmd", "corpus"):
				return filepath.SkipDir
			}
			if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		imports := map[*ast.BasicLit]bool{}
		for _, is := range f.Imports {
			imports[is.Path] = true
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || imports[lit] {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && libraryPath.MatchString(s) {
				t.Errorf("%s: import path %q written outside internal/knowledge; name it there and use the constant", fset.Position(lit.Pos()), s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
