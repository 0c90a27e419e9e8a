package ambiguouswrite

// The idempotency of an SQL statement, read from its text. The reader is
// a tokenizer, not a parser: it knows the few clauses that decide whether
// running a write twice has the effect of running it once, and answers
// "unknown" (stay silent) for anything else.

import (
	"strings"
	"unicode"
)

// stmtKind says what running a statement twice does.
type stmtKind int

const (
	kindUnknown    stmtKind = iota // cannot tell: no finding
	kindRead                       // SELECT, SHOW, ...: no effect
	kindControl                    // BEGIN, COMMIT, SAVEPOINT, SET, DDL of temporary tables
	kindIdempotent                 // upsert, absolute UPDATE, DELETE, INSERT ... WHERE NOT EXISTS
	kindInsert                     // INSERT with no conflict handling: a second row, or a unique violation
	kindRelative                   // UPDATE ... SET n = n + $1: applied twice, counted twice
	kindCall                       // a stored procedure: its effect is not visible here
)

// A stmt is one statement of a text, as far as idempotency goes.
type stmt struct {
	kind stmtKind
	// what names the statement for messages: "INSERT INTO orders",
	// "UPDATE accounts SET balance = balance - ...", "CALL transfer".
	what string
	// rows is the number of VALUES tuples of an INSERT.
	rows int
	// cas is the column an UPDATE both sets and compares with = in its
	// WHERE clause (an optimistic-concurrency version), lowercased.
	cas string
	// rewind: ROLLBACK TO SAVEPOINT, a transaction rewound to retry in
	// place (CockroachDB's client-side retry protocol).
	rewind bool
	// temp: CREATE TEMP[ORARY] TABLE.
	temp bool
}

// nonIdempotent reports whether running s twice differs from running it
// once.
func (s stmt) nonIdempotent() bool {
	return s.kind == kindInsert || s.kind == kindRelative || s.kind == kindCall
}

// parseSQL splits text into statements and classifies each.
func parseSQL(text string) []stmt {
	var out []stmt
	for _, toks := range splitStatements(tokenize(text)) {
		out = append(out, classifyTokens(toks)...)
	}
	return out
}

// A tok is a word (keyword or identifier, uppercased in up), a quoted
// identifier, a placeholder, a number, a string literal (reduced to an empty one), or
// one punctuation character.
type tok struct {
	text string // as written (identifiers unquoted)
	up   string // uppercased
	word bool   // a keyword or identifier
}

// tokenize drops comments and reduces string literals to empty ones.
func tokenize(s string) []tok {
	var out []tok
	rs := []rune(s)
	for i := 0; i < len(rs); {
		c := rs[i]
		switch {
		case unicode.IsSpace(c):
			i++
		case c == '-' && i+1 < len(rs) && rs[i+1] == '-':
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(rs) && rs[i+1] == '*':
			i += 2
			for i+1 < len(rs) && (rs[i] != '*' || rs[i+1] != '/') {
				i++
			}
			i += 2
		case c == '\'':
			i++
			for i < len(rs) {
				if rs[i] == '\'' {
					if i+1 < len(rs) && rs[i+1] == '\'' {
						i += 2
						continue
					}
					break
				}
				i++
			}
			i++
			out = append(out, tok{text: "''", up: "''"})
		case c == '"' || c == '`':
			j := i + 1
			for j < len(rs) && rs[j] != c {
				j++
			}
			id := string(rs[i+1 : min(j, len(rs))])
			out = append(out, tok{text: id, up: strings.ToUpper(id), word: true})
			i = j + 1
		case c == '$' && i+1 < len(rs) && unicode.IsDigit(rs[i+1]):
			j := i + 1
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			out = append(out, tok{text: string(rs[i:j]), up: string(rs[i:j])})
			i = j
		case c == '$':
			// Dollar quoting ($$ ... $$, $tag$ ... $tag$): a function
			// body; its text is opaque.
			j := i + 1
			for j < len(rs) && (unicode.IsLetter(rs[j]) || rs[j] == '_') {
				j++
			}
			if j < len(rs) && rs[j] == '$' {
				tag := string(rs[i : j+1])
				end := strings.Index(string(rs[j+1:]), tag)
				if end < 0 {
					i = len(rs)
				} else {
					i = j + 1 + len([]rune(string(rs[j+1:])[:end])) + len([]rune(tag))
				}
				out = append(out, tok{text: "''", up: "''"})
				continue
			}
			out = append(out, tok{text: "$", up: "$"})
			i++
		case (c == ':' || c == '@') && i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || rs[i+1] == '_'):
			j := i + 1
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || rs[j] == '_') {
				j++
			}
			out = append(out, tok{text: string(rs[i:j]), up: "?"})
			i = j
		case unicode.IsLetter(c) || c == '_':
			j := i
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || rs[j] == '_' || rs[j] == '$') {
				j++
			}
			w := string(rs[i:j])
			out = append(out, tok{text: w, up: strings.ToUpper(w), word: true})
			i = j
		case unicode.IsDigit(c):
			j := i
			for j < len(rs) && (unicode.IsDigit(rs[j]) || rs[j] == '.') {
				j++
			}
			out = append(out, tok{text: string(rs[i:j]), up: string(rs[i:j])})
			i = j
		default:
			out = append(out, tok{text: string(c), up: string(c)})
			i++
		}
	}
	return out
}

// splitStatements splits at semicolons outside parentheses.
func splitStatements(toks []tok) [][]tok {
	var out [][]tok
	depth, start := 0, 0
	for i, t := range toks {
		switch t.up {
		case "(":
			depth++
		case ")":
			depth--
		case ";":
			if depth == 0 {
				if i > start {
					out = append(out, toks[start:i])
				}
				start = i + 1
			}
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// classifyTokens classifies one statement. A WITH clause yields its
// data-modifying parts too (WITH x AS (INSERT ...) SELECT ...).
func classifyTokens(toks []tok) []stmt {
	if len(toks) == 0 {
		return nil
	}
	switch toks[0].up {
	case "WITH":
		return withClause(toks)
	case "SELECT", "SHOW", "EXPLAIN", "VALUES", "TABLE", "DESCRIBE", "DESC":
		return []stmt{{kind: kindRead}}
	case "BEGIN", "START", "COMMIT", "END", "SAVEPOINT", "RELEASE", "SET", "LOCK", "PREPARE", "DEALLOCATE", "LISTEN", "NOTIFY", "UNLISTEN":
		return []stmt{{kind: kindControl}}
	case "ROLLBACK", "ABORT":
		return []stmt{{kind: kindControl, rewind: hasWord(toks, "TO")}}
	case "CREATE":
		if len(toks) > 2 && (toks[1].up == "TEMP" || toks[1].up == "TEMPORARY") && toks[2].up == "TABLE" {
			return []stmt{{kind: kindControl, temp: true}}
		}
		return []stmt{{kind: kindUnknown}}
	case "INSERT":
		return []stmt{insertStmt(toks)}
	case "REPLACE", "UPSERT", "DELETE", "TRUNCATE":
		return []stmt{{kind: kindIdempotent, what: toks[0].up}}
	case "UPDATE":
		return []stmt{updateStmt(toks)}
	case "CALL", "EXEC":
		name := ""
		if len(toks) > 1 {
			name = " " + toks[1].text
		}
		return []stmt{{kind: kindCall, what: toks[0].up + name}}
	}
	return []stmt{{kind: kindUnknown}}
}

// withClause classifies the common table expressions' bodies and the main
// statement of WITH name AS (...) [, name AS (...)] main.
func withClause(toks []tok) []stmt {
	var out []stmt
	i := 1
	if i < len(toks) && toks[i].up == "RECURSIVE" {
		i++
	}
	for i < len(toks) {
		// name [(cols)] AS [NOT] [MATERIALIZED] (body)
		j := i
		for j < len(toks) && toks[j].up != "(" {
			j++
		}
		if j > i+1 && toks[j-1].up != "AS" && toks[j-1].up != "MATERIALIZED" {
			// A column list: skip it and find the body's parenthesis.
			j = closing(toks, j) + 1
			for j < len(toks) && toks[j].up != "(" {
				j++
			}
		}
		if j >= len(toks) {
			return []stmt{{kind: kindUnknown}}
		}
		end := closing(toks, j)
		if end < 0 {
			return []stmt{{kind: kindUnknown}}
		}
		out = append(out, classifyTokens(toks[j+1:end])...)
		i = end + 1
		if i < len(toks) && toks[i].up == "," {
			i++
			continue
		}
		break
	}
	return append(out, classifyTokens(toks[i:])...)
}

// closing returns the index of the parenthesis closing toks[open], or -1.
func closing(toks []tok, open int) int {
	depth := 0
	for k := open; k < len(toks); k++ {
		switch toks[k].up {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

func hasWord(toks []tok, w string) bool {
	for _, t := range toks {
		if t.word && t.up == w {
			return true
		}
	}
	return false
}

// hasSeq reports whether the words ws follow each other in toks.
func hasSeq(toks []tok, ws ...string) bool {
	return indexSeq(toks, ws...) >= 0
}

func indexSeq(toks []tok, ws ...string) int {
outer:
	for i := 0; i+len(ws) <= len(toks); i++ {
		for k, w := range ws {
			if toks[i+k].up != w {
				continue outer
			}
		}
		return i
	}
	return -1
}

// insertStmt classifies INSERT [IGNORE|OR IGNORE|OR REPLACE] INTO t ...
func insertStmt(toks []tok) stmt {
	table := ""
	for i, t := range toks {
		if t.up == "INTO" && i+1 < len(toks) {
			table = toks[i+1].text
			if i+3 < len(toks) && toks[i+2].up == "." {
				table += "." + toks[i+3].text
			}
			break
		}
	}
	what := "INSERT INTO " + table
	if len(toks) > 1 && (toks[1].up == "IGNORE" || toks[1].up == "OR") {
		return stmt{kind: kindIdempotent, what: what}
	}
	if hasSeq(toks, "NOT", "EXISTS") {
		return stmt{kind: kindIdempotent, what: what}
	}
	if i := indexSeq(toks, "ON", "CONFLICT"); i >= 0 {
		if j := indexSeq(toks[i:], "DO", "UPDATE", "SET"); j >= 0 {
			if col := relativeAssignment(toks[i+j+3:], "EXCLUDED"); col != "" {
				return stmt{kind: kindRelative, what: what + " ... ON CONFLICT DO UPDATE SET " + col + " = " + col + " ..."}
			}
		}
		return stmt{kind: kindIdempotent, what: what}
	}
	if i := indexSeq(toks, "ON", "DUPLICATE", "KEY", "UPDATE"); i >= 0 {
		if col := relativeAssignment(toks[i+4:], "VALUES"); col != "" {
			return stmt{kind: kindRelative, what: what + " ... ON DUPLICATE KEY UPDATE " + col + " = " + col + " ..."}
		}
		return stmt{kind: kindIdempotent, what: what}
	}
	rows := 0
	if i := indexSeq(toks, "VALUES"); i >= 0 {
		depth := 0
		for _, t := range toks[i+1:] {
			switch t.up {
			case "(":
				if depth == 0 {
					rows++
				}
				depth++
			case ")":
				depth--
			}
			if depth == 0 && t.word {
				break // RETURNING ...
			}
		}
	}
	return stmt{kind: kindInsert, what: what, rows: rows}
}

// clauseEnd are the words that end a SET list.
var clauseEnd = map[string]bool{"FROM": true, "WHERE": true, "RETURNING": true, "ORDER": true, "LIMIT": true, "ON": true}

// assignments splits a SET list (up to its end) into column and value.
func assignments(toks []tok) (cols []string, vals [][]tok, rest []tok) {
	depth, start := 0, 0
	flush := func(end int) {
		a := toks[start:end]
		for k, t := range a {
			if t.up == "=" && k > 0 {
				cols = append(cols, strings.ToLower(a[k-1].text))
				vals = append(vals, a[k+1:])
				break
			}
		}
	}
	for i, t := range toks {
		switch {
		case t.up == "(":
			depth++
		case t.up == ")":
			depth--
		case depth == 0 && t.up == ",":
			flush(i)
			start = i + 1
		case depth == 0 && t.word && clauseEnd[t.up]:
			flush(i)
			return cols, vals, toks[i:]
		}
	}
	flush(len(toks))
	return cols, vals, nil
}

// relativeAssignment returns the first column of a SET list whose new
// value is computed from its old one (n = n + 1, tags =
// array_append(tags, $1)), or "". A reference qualified by skip
// (EXCLUDED.n, VALUES(n)) is the proposed row, not the old value.
func relativeAssignment(toks []tok, skip string) string {
	cols, vals, _ := assignments(toks)
	for k, col := range cols {
		if isRelative(col, vals[k], skip) {
			return col
		}
	}
	return ""
}

// appendFuncs compute a value from an old one by adding to it.
var appendFuncs = map[string]bool{"ARRAY_APPEND": true, "ARRAY_PREPEND": true, "ARRAY_CAT": true}

func isRelative(col string, val []tok, skip string) bool {
	refers, arith := false, false
	for i, t := range val {
		switch {
		case t.word && strings.ToLower(t.text) == col:
			qualifier := ""
			if i >= 2 && val[i-1].up == "." {
				qualifier = val[i-2].up
			}
			if i >= 2 && val[i-1].up == "(" {
				qualifier = val[i-2].up
			}
			if skip == "" || qualifier != skip {
				refers = true
			}
		case t.up == "+" || t.up == "-" || t.up == "*" || t.up == "/":
			arith = true
		case t.word && appendFuncs[t.up]:
			arith = true
		}
	}
	return refers && arith
}

// updateStmt classifies UPDATE t SET ... [WHERE ...].
func updateStmt(toks []tok) stmt {
	i := indexSeq(toks, "SET")
	if i < 0 {
		return stmt{kind: kindUnknown}
	}
	table := ""
	if len(toks) > 1 {
		table = toks[1].text
		if table == "ONLY" && len(toks) > 2 {
			table = toks[2].text
		}
	}
	what := "UPDATE " + table
	cols, vals, rest := assignments(toks[i+1:])
	guarded := map[string]bool{}
	if w := indexSeq(rest, "WHERE"); w >= 0 {
		where := rest[w+1:]
		for k := 1; k+1 < len(where); k++ {
			if where[k].up == "=" && where[k-1].word {
				guarded[strings.ToLower(where[k-1].text)] = true
			}
		}
	}
	s := stmt{kind: kindIdempotent, what: what}
	for _, col := range cols {
		if guarded[col] {
			s.cas = col
		}
	}
	for k, col := range cols {
		if isRelative(col, vals[k], "") && s.cas == "" {
			s.kind = kindRelative
			s.what = what + " SET " + col + " = " + col + " ..."
			break
		}
	}
	return s
}
