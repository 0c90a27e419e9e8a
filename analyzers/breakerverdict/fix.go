package breakerverdict

// The suggested fix for a Settings literal without IsSuccessful: add one
// that counts nil and context.Canceled as success, importing errors and
// context when the file does not.

import (
	"bytes"
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// addIsSuccessful returns the fix that adds the IsSuccessful field to lit,
// or nil when the literal's layout or the file's names make it unsafe.
func (r *runner) addIsSuccessful(lit *ast.CompositeLit) []analysis.SuggestedFix {
	file := r.fileOf(lit.Pos())
	if file == nil {
		return nil
	}
	var imports []string
	name := func(path string) string {
		n, add, ok := r.importName(file, path, lit.Pos())
		if !ok {
			return ""
		}
		if add {
			imports = append(imports, path)
		}
		return n
	}
	errs, ctx := name("errors"), name("context")
	if errs == "" || ctx == "" {
		return nil
	}
	pred := "func(err error) bool { return err == nil || " + errs + ".Is(err, " + ctx + ".Canceled) }"
	edit, ok := r.fieldEdit(lit, "IsSuccessful: "+pred)
	// An explicit IsSuccessful: nil gets its value replaced: a second
	// key would not compile.
	for _, elt := range lit.Elts {
		if kv, isKV := elt.(*ast.KeyValueExpr); isKV {
			if id, isID := kv.Key.(*ast.Ident); isID && id.Name == "IsSuccessful" {
				edit, ok = analysis.TextEdit{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte(pred)}, true
			}
		}
	}
	if !ok {
		return nil
	}
	edits := []analysis.TextEdit{edit}
	if len(imports) > 0 {
		edits = append(edits, importEdit(file, imports))
	}
	return []analysis.SuggestedFix{{
		Message:   "Add IsSuccessful that counts context.Canceled as success",
		TextEdits: edits,
	}}
}

// fileOf returns the file of the package that holds pos.
func (r *runner) fileOf(pos token.Pos) *ast.File {
	for _, f := range r.pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// importName returns the name under which file refers to the package
// path: its import's name, or the package name with add set when it is
// not imported and that name is free at pos. ok is false when the import
// is blank or dot, or the name means something else there.
func (r *runner) importName(file *ast.File, path string, pos token.Pos) (name string, add, ok bool) {
	for _, spec := range file.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || p != path {
			continue
		}
		if spec.Name == nil {
			return path, false, true
		}
		if spec.Name.Name == "_" || spec.Name.Name == "." {
			continue
		}
		return spec.Name.Name, false, true
	}
	scope := r.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", false, false
	}
	if _, obj := scope.LookupParent(path, pos); obj != nil {
		return "", false, false
	}
	// A later declaration in the file scope (a package-level var named
	// errors) would clash too.
	if r.pass.Pkg.Scope().Lookup(path) != nil {
		return "", false, false
	}
	return path, true, true
}

// fieldEdit inserts field as the last element of lit, on a line of its
// own when the literal spans lines.
func (r *runner) fieldEdit(lit *ast.CompositeLit, field string) (analysis.TextEdit, bool) {
	fset := r.pass.Fset
	tf := fset.File(lit.Pos())
	if tf == nil {
		return analysis.TextEdit{}, false
	}
	if tf.Line(lit.Lbrace) == tf.Line(lit.Rbrace) {
		if len(lit.Elts) == 0 {
			at := lit.Lbrace + 1
			return analysis.TextEdit{Pos: at, End: at, NewText: []byte(field)}, true
		}
		at := lit.Elts[len(lit.Elts)-1].End()
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte(", " + field)}, true
	}
	if len(lit.Elts) == 0 {
		// Before the closing brace, keeping a comment after the opening one.
		at := lit.Rbrace
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte(field + ",\n")}, true
	}
	// After the last element's line (its comma and any line comment),
	// with that line's indentation.
	if r.pass.ReadFile == nil {
		return analysis.TextEdit{}, false
	}
	src, err := r.pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return analysis.TextEdit{}, false
	}
	last := lit.Elts[len(lit.Elts)-1]
	end := tf.Offset(last.End())
	eol := bytes.IndexByte(src[end:], '\n')
	if eol < 0 {
		return analysis.TextEdit{}, false
	}
	rest := strings.TrimSpace(string(src[end : end+eol]))
	if !strings.HasPrefix(rest, ",") {
		return analysis.TextEdit{}, false // the closing brace follows on this line
	}
	if rest = strings.TrimSpace(rest[1:]); rest != "" && !strings.HasPrefix(rest, "//") {
		return analysis.TextEdit{}, false
	}
	start := tf.Offset(tf.LineStart(tf.Line(last.Pos())))
	line := src[start:end]
	indent := line[:len(line)-len(bytes.TrimLeft(line, " \t"))]
	at := tf.Pos(end + eol)
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + string(indent) + field + ",")}, true
}

// importEdit adds the import of paths to file.
func importEdit(file *ast.File, paths []string) analysis.TextEdit {
	var quoted []string
	for _, p := range paths {
		quoted = append(quoted, strconv.Quote(p))
	}
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			at := gd.Lparen + 1
			return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n\t" + strings.Join(quoted, "\n\t"))}
		}
		// import "x": one block with the new paths.
		if len(gd.Specs) == 1 {
			if spec, ok := gd.Specs[0].(*ast.ImportSpec); ok && spec.Doc == nil && spec.Comment == nil {
				old := spec.Path.Value
				if spec.Name != nil {
					old = spec.Name.Name + " " + old
				}
				return analysis.TextEdit{Pos: gd.Pos(), End: gd.End(),
					NewText: []byte("import (\n\t" + strings.Join(quoted, "\n\t") + "\n\t" + old + "\n)")}
			}
		}
		at := gd.End()
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\nimport (\n\t" + strings.Join(quoted, "\n\t") + "\n)")}
	}
	at := file.Name.End()
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n\nimport (\n\t" + strings.Join(quoted, "\n\t") + "\n)")}
}
