package timerstop

import (
	"fmt"
	"strings"
)

// mustExtractDoc returns the "# Analyzer name" section of the package doc
// comment in src (the text of doc.go), without comment markers: the
// analyzer's Doc, whose first line is its one-line summary. It panics if
// the section is missing, which the package's tests catch.
func mustExtractDoc(src, name string) string {
	doc, err := extractDoc(src, name)
	if err != nil {
		panic(err)
	}
	return doc
}

func extractDoc(src, name string) (string, error) {
	var lines []string
	in := false
	for line := range strings.SplitSeq(src, "\n") {
		if !strings.HasPrefix(line, "//") {
			if strings.HasPrefix(line, "package ") {
				break
			}
			continue
		}
		text := strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")
		if strings.HasPrefix(text, "# ") {
			if in {
				break // the next section
			}
			in = strings.TrimSpace(text) == "# Analyzer "+name
			continue
		}
		if in {
			lines = append(lines, text)
		}
	}
	doc := strings.TrimSpace(strings.Join(lines, "\n"))
	if doc == "" {
		return "", fmt.Errorf("doc.go has no \"# Analyzer %s\" section", name)
	}
	return doc, nil
}
