package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// FileName is the configuration file reslint looks for in a package's
// directory and the directories above it.
const FileName = ".reslint.yaml"

// Find returns the configuration file that applies to a package in dir:
// the nearest FileName at or above dir, not looking above the directory
// that holds go.mod (the module's root) or .git. It returns "" when there
// is none.
func Find(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, FileName)); err == nil {
			return filepath.Join(d, FileName)
		}
		for _, root := range []string{"go.mod", ".git"} {
			if _, err := os.Stat(filepath.Join(d, root)); err == nil {
				return ""
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// Load reads and parses a configuration file.
func Load(file string) (map[string]any, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	m, err := ParseYAML(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return m, nil
}

// ParseYAML parses the subset of YAML a settings file needs, so that
// reslint depends on no YAML library: block mappings nested by
// indentation, scalars (plain, "double" or 'single' quoted), lists as
// [a, b] or as "- item" lines, and # comments. Scalars stay strings
// ("true" and "3" included): each flag parses its own value. Anything
// else (anchors, multi-line strings, flow mappings) is an error naming
// the line.
func ParseYAML(src string) (map[string]any, error) {
	var lines []yamlLine
	for i, raw := range strings.Split(src, "\n") {
		text := stripComment(strings.TrimRight(raw, " \t\r"))
		if strings.TrimSpace(text) == "" || text == "---" {
			continue
		}
		if strings.Contains(text[:len(text)-len(strings.TrimLeft(text, " \t"))], "\t") {
			return nil, fmt.Errorf("line %d: indent with spaces, not tabs", i+1)
		}
		lines = append(lines, yamlLine{i + 1, len(text) - len(strings.TrimLeft(text, " ")), strings.TrimSpace(text)})
	}
	p := &yamlParser{lines: lines}
	if len(lines) == 0 {
		return map[string]any{}, nil
	}
	if lines[0].indent != 0 {
		return nil, fmt.Errorf("line %d: the first key must not be indented", lines[0].n)
	}
	v, err := p.block(0)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("line %d: want keys (key: value), not a list", lines[0].n)
	}
	if p.i < len(p.lines) {
		return nil, fmt.Errorf("line %d: unexpected indentation", p.lines[p.i].n)
	}
	return m, nil
}

type yamlLine struct {
	n      int // 1-based line number
	indent int
	text   string // trimmed, comment removed
}

type yamlParser struct {
	lines []yamlLine
	i     int
}

// block parses the lines at exactly indent, a mapping or a list.
func (p *yamlParser) block(indent int) (any, error) {
	if strings.HasPrefix(p.lines[p.i].text, "- ") || p.lines[p.i].text == "-" {
		var list []any
		for p.i < len(p.lines) && p.lines[p.i].indent == indent && strings.HasPrefix(p.lines[p.i].text+" ", "- ") {
			l := p.lines[p.i]
			item := strings.TrimSpace(strings.TrimPrefix(l.text, "-"))
			if item == "" || strings.HasSuffix(item, ":") || strings.Contains(item, ": ") {
				return nil, fmt.Errorf("line %d: a list item must be a single value", l.n)
			}
			s, err := scalar(item, l.n)
			if err != nil {
				return nil, err
			}
			list = append(list, s)
			p.i++
		}
		return list, nil
	}
	m := map[string]any{}
	for p.i < len(p.lines) && p.lines[p.i].indent == indent {
		l := p.lines[p.i]
		key, rest, ok := strings.Cut(l.text, ":")
		if !ok || (rest != "" && rest[0] != ' ') {
			return nil, fmt.Errorf("line %d: want key: value", l.n)
		}
		key, rest = strings.TrimSpace(key), strings.TrimSpace(rest)
		if k, err := scalar(key, l.n); err == nil {
			key, _ = k.(string)
		}
		if key == "" {
			return nil, fmt.Errorf("line %d: empty key", l.n)
		}
		if _, dup := m[key]; dup {
			return nil, fmt.Errorf("line %d: key %q is given twice", l.n, key)
		}
		p.i++
		if rest != "" {
			v, err := value(rest, l.n)
			if err != nil {
				return nil, err
			}
			m[key] = v
			continue
		}
		// key: then a block indented deeper (a list may also sit at the
		// key's own indentation, as YAML allows).
		if p.i < len(p.lines) && (p.lines[p.i].indent > indent || p.lines[p.i].indent == indent && strings.HasPrefix(p.lines[p.i].text+" ", "- ")) {
			v, err := p.block(p.lines[p.i].indent)
			if err != nil {
				return nil, err
			}
			m[key] = v
			continue
		}
		return nil, fmt.Errorf("line %d: %s has no value", l.n, key)
	}
	if p.i < len(p.lines) && p.lines[p.i].indent > indent {
		return nil, fmt.Errorf("line %d: unexpected indentation", p.lines[p.i].n)
	}
	return m, nil
}

// value parses an inline value: a [flow, list] or a scalar.
func value(s string, n int) (any, error) {
	if strings.HasPrefix(s, "[") {
		if !strings.HasSuffix(s, "]") {
			return nil, fmt.Errorf("line %d: a [list] must end on its line", n)
		}
		list := []any{}
		inner := strings.TrimSpace(s[1 : len(s)-1])
		if inner == "" {
			return list, nil
		}
		for _, item := range splitFlow(inner) {
			v, err := scalar(strings.TrimSpace(item), n)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		return list, nil
	}
	if strings.HasPrefix(s, "{") || strings.HasPrefix(s, "&") || strings.HasPrefix(s, "*") || strings.HasPrefix(s, "|") || strings.HasPrefix(s, ">") {
		return nil, fmt.Errorf("line %d: %q is YAML this reader does not support; write key: value lines", n, s)
	}
	return scalar(s, n)
}

// scalar unquotes a plain or quoted scalar.
func scalar(s string, n int) (any, error) {
	switch {
	case len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"':
		var b strings.Builder
		for i := 1; i < len(s)-1; i++ {
			if s[i] == '\\' && i+1 < len(s)-1 {
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(s[i])
				}
				continue
			}
			b.WriteByte(s[i])
		}
		return b.String(), nil
	case len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'':
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'"), nil
	case strings.HasPrefix(s, `"`) || strings.HasPrefix(s, "'"):
		return nil, fmt.Errorf("line %d: unterminated quoted value %s", n, s)
	}
	return s, nil
}

// splitFlow splits the inside of a [flow list] at commas outside quotes.
func splitFlow(s string) []string {
	var items []string
	var quote byte
	start := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == ',':
			items = append(items, s[start:i])
			start = i + 1
		}
	}
	return append(items, s[start:])
}

// stripComment removes a # comment: one at the start of the line or after
// a space, outside quotes.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return strings.TrimRight(line[:i], " \t")
		}
	}
	return line
}
