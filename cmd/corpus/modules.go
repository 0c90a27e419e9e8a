package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Module is one pinned corpus module.
type Module struct {
	Path    string
	Version string
}

// String returns the module@version form used in keys and reports.
func (m Module) String() string { return m.Path + "@" + m.Version }

// parseModules reads a modules.txt: one module@version per line, '#'
// starts a comment, blank lines are ignored. An unpinned line is an error,
// because finding keys carry line numbers that only a fixed version keeps.
func parseModules(r io.Reader) ([]Module, error) {
	var mods []Module
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		path, ver, ok := strings.Cut(line, "@")
		if !ok || path == "" || !strings.HasPrefix(ver, "v") || strings.ContainsAny(ver, " \t") {
			return nil, fmt.Errorf("line %d: want module@version, got %q", n, line)
		}
		mods = append(mods, Module{Path: path, Version: ver})
	}
	return mods, sc.Err()
}

// selectModules keeps the modules whose module@version contains one of the
// comma-separated substrings in only (all modules if only is empty).
func selectModules(mods []Module, only string) []Module {
	if only == "" {
		return mods
	}
	var out []Module
	for _, m := range mods {
		for _, s := range strings.Split(only, ",") {
			if s = strings.TrimSpace(s); s != "" && strings.Contains(m.String(), s) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}
