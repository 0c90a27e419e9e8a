package idemkeyperseries

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"

	"github.com/reslint/reslint/internal/retryscope"
)

// hoist offers to move a pure generator call out of the retry scope into
// a variable declared just before the statement that holds the retry
// call (or the loop):
//
//	idempotencyKey := uuid.NewString()
//	err := retry.Do(ctx, p, cls, func(ctx context.Context) error {
//		req.Header.Set("Idempotency-Key", idempotencyKey)
//
// It gives up when the call uses anything declared per attempt (the
// closure's parameters, the loop's variables, locals of the body), when
// it has several results, when the operation is a named function, or when
// no unused name is at hand.
func (c *checker) hoist(s *source, sc *retryscope.Scope) *analysis.SuggestedFix {
	info := c.pass.TypesInfo
	var anchor ast.Node
	switch sc.Kind {
	case retryscope.Closure:
		lit, ok := sc.Func.(*ast.FuncLit)
		if !ok {
			return nil
		}
		anchor = lit
	case retryscope.Loop:
		anchor = sc.Loop
	default:
		return nil
	}
	if _, ok := info.TypeOf(s.call).(*types.Tuple); ok || info.TypeOf(s.call) == nil {
		return nil
	}
	perAttempt := false
	ast.Inspect(s.call, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := info.Uses[id]; obj != nil && within(anchor, obj.Pos()) {
				perAttempt = true
			}
		}
		return !perAttempt
	})
	if perAttempt {
		return nil
	}

	// The statement, in a statement list, that holds the anchor.
	cur, ok := c.in.Root().FindNode(anchor)
	if !ok {
		return nil
	}
	var stmt ast.Stmt
	var fn ast.Node // the function declaration that holds the statement
	for a := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		fn = a.Node()
		break
	}
	for a := cur; a.Valid(); a = a.Parent() {
		if st, ok := a.Node().(ast.Stmt); ok {
			switch a.ParentEdgeKind() {
			case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
				stmt = st
			}
		}
		if stmt != nil {
			break
		}
		if _, ok := a.Node().(*ast.FuncDecl); ok {
			return nil
		}
	}
	if stmt == nil {
		return nil
	}
	if fn == nil {
		fn = stmt
	}
	name := c.freshName(fn, stmt, s)
	if name == "" {
		return nil
	}
	src, indent, ok := c.source(stmt, s.call)
	if !ok {
		return nil
	}
	c.fixNames[fn] = append(c.fixNames[fn], name)
	return &analysis.SuggestedFix{
		Message: fmt.Sprintf("generate the key once, before %s", fixTarget(sc)),
		TextEdits: []analysis.TextEdit{
			{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(name + " := " + src + "\n" + indent)},
			{Pos: s.call.Pos(), End: s.call.End(), NewText: []byte(name)},
		},
	}
}

func fixTarget(sc *retryscope.Scope) string {
	if sc.Kind == retryscope.Loop {
		return "the loop"
	}
	return sc.Helper
}

// freshName picks a variable name that is free both where the
// declaration goes and where the call is, and not taken by another fix
// in the same function: two hoists in one function each declare their
// own name, so applying both fixes still compiles.
func (c *checker) freshName(fn ast.Node, stmt ast.Stmt, s *source) string {
	scope := c.pass.Pkg.Scope().Innermost(stmt.Pos())
	inner := c.pass.Pkg.Scope().Innermost(s.call.Pos())
	if scope == nil || inner == nil {
		return ""
	}
	for i := 1; i <= 9; i++ {
		name := "idempotencyKey"
		if i > 1 {
			name = fmt.Sprintf("idempotencyKey%d", i)
		}
		taken := false
		for _, n := range c.fixNames[fn] {
			taken = taken || n == name
		}
		if taken || scope.Lookup(name) != nil {
			continue
		}
		if _, obj := scope.LookupParent(name, stmt.Pos()); obj != nil {
			continue
		}
		if _, obj := inner.LookupParent(name, s.call.Pos()); obj != nil {
			continue
		}
		return name
	}
	return ""
}

// source returns the text of call and the indentation of stmt's line.
func (c *checker) source(stmt ast.Stmt, call *ast.CallExpr) (text, indent string, ok bool) {
	tf := c.pass.Fset.File(stmt.Pos())
	if tf == nil || c.pass.ReadFile == nil {
		return "", "", false
	}
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "", "", false
	}
	start, end := tf.Offset(call.Pos()), tf.Offset(call.End())
	sp := tf.Offset(stmt.Pos())
	ls := tf.Offset(tf.LineStart(tf.Line(stmt.Pos())))
	if start < 0 || end > len(content) || start > end || ls > sp || sp > len(content) {
		return "", "", false
	}
	indent = string(content[ls:sp])
	for _, r := range indent {
		if r != ' ' && r != '\t' {
			return "", "", false // the statement does not start its line
		}
	}
	return string(content[start:end]), indent, true
}
