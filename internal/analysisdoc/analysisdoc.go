// Package analysisdoc extracts an analyzer's documentation from its
// package doc comment, so that doc.go is written once and serves godoc,
// `reslint help <name>` and Analyzer.Doc alike.
package analysisdoc

import (
	"fmt"
	"strings"
)

// Extract returns the section of a package doc comment (the text of
// doc.go, comment markers included) that starts with the line
// "# Analyzer <name>" and runs to the next "# " heading. The first line
// of the result is the one-line summary "<name>: ...", as go/analysis
// expects of Analyzer.Doc.
func Extract(content, name string) (string, error) {
	var lines []string
	in := false
	for line := range strings.SplitSeq(content, "\n") {
		text, ok := commentText(line)
		if !ok {
			if in {
				break // end of the doc comment
			}
			continue
		}
		if strings.HasPrefix(text, "# ") {
			if in {
				break
			}
			in = text == "# Analyzer "+name
			continue
		}
		if in {
			lines = append(lines, text)
		}
	}
	doc := strings.TrimSpace(strings.Join(lines, "\n"))
	if doc == "" {
		return "", fmt.Errorf("no \"# Analyzer %s\" section in doc comment", name)
	}
	if !strings.HasPrefix(doc, name+": ") {
		return "", fmt.Errorf("section \"# Analyzer %s\" must start with %q", name, name+": ")
	}
	return doc, nil
}

// MustExtract is Extract for package initialisation: a missing section is
// a programming error caught by any test of the analyzer.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// commentText returns the text of a // comment line without its marker
// and the one space after it (a tab starts a code block and is kept).
func commentText(line string) (string, bool) {
	line = strings.TrimRight(line, " \t\r")
	if !strings.HasPrefix(line, "//") {
		return "", false
	}
	text := line[2:]
	text = strings.TrimPrefix(text, " ")
	return text, true
}

// RulesURL is the address of the rule catalogue (docs/rules.md), which has
// one section per rule id.
const RulesURL = "https://github.com/reslint/reslint/blob/main/docs/rules.md"

// RuleURL returns the address of rule's section in the rule catalogue: the
// rule id, lowercased, is its anchor (N1 → #n1).
func RuleURL(rule string) string {
	return RulesURL + "#" + strings.ToLower(rule)
}

// RuleSection returns the section of the rule catalogue md (the text of
// docs/rules.md) on rule id: from its heading, after the line
// <a id="ID"></a> (id lowercased), to the next such anchor or the end,
// trimmed; "" when there is none.
func RuleSection(md, id string) string {
	anchor := `<a id="` + strings.ToLower(id) + `"></a>`
	i := strings.Index(md, anchor)
	if i < 0 {
		return ""
	}
	rest := md[i+len(anchor):]
	if j := strings.Index(rest, `<a id="`); j >= 0 {
		rest = rest[:j]
	}
	return strings.TrimSpace(rest)
}

// PrefixRule returns message prefixed with its rule id ("T1: ..."), for
// the outputs that show a diagnostic's message but not its Category
// (go vet's text output, golangci-lint's issues). A rule named like its
// analyzer, or none, adds nothing: those outputs name the analyzer.
func PrefixRule(analyzer, rule, message string) string {
	if rule == "" || rule == analyzer || strings.HasPrefix(message, rule+": ") {
		return message
	}
	return rule + ": " + message
}
