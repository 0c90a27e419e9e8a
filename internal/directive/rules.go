package directive

import (
	"fmt"
	"slices"
	"strings"

	"github.com/reslint/reslint/internal/analysisdoc"
)

// RuleSet is the suite-wide rule selection, the -reslint.rules setting
// (-rules for the reslint command): a comma-separated list applied in
// order, each item a rule id or an analyzer name (all its rules), "all",
// or one of those with "-" in front to turn it off. A list that starts
// with "all" or with a "-" item starts from every rule on; one that starts
// with a rule or analyzer starts from none:
//
//	all,-T2         every rule but T2
//	-T2,-C2         the same, without T2 and C2
//	timerstop,N2    only timerstop's rules and N2
//
// A finding of a rule turned off is dropped after the ignore directives
// have seen it, so a directive for that rule is not called stale.
type RuleSet struct {
	spec string
	base bool            // whether a rule the list does not name is on
	set  map[string]bool // rule id -> on
}

// Rules is the suite's rule selection; every rule is on by default.
var Rules = &RuleSet{spec: "all", base: true}

// Enabled reports whether findings of rule are reported.
func Enabled(rule string) bool { return Rules.Enabled(rule) }

// Enabled reports whether findings of rule are reported.
func (s *RuleSet) Enabled(rule string) bool {
	if on, ok := s.set[rule]; ok {
		return on
	}
	return s.base
}

func (s *RuleSet) String() string {
	if s == nil || s.spec == "" {
		return "all"
	}
	return s.spec
}

// Set parses a selection; an unknown name is an error that lists the
// known ones, and leaves the selection as it was.
func (s *RuleSet) Set(v string) error {
	var items []string
	for it := range strings.SplitSeq(v, ",") {
		if it = strings.TrimSpace(it); it != "" {
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		return fmt.Errorf("empty rule list; write all, or rules and analyzers such as all,-T2")
	}
	base := items[0] == "all" || strings.HasPrefix(items[0], "-")
	set := map[string]bool{}
	for _, it := range items {
		name, off := strings.CutPrefix(it, "-")
		on := !off
		if name == "all" {
			base = on
			clear(set)
			continue
		}
		ids := ruleIDs(name)
		if ids == nil {
			return fmt.Errorf("unknown rule or analyzer %q; known are %s", name, knownList())
		}
		for _, id := range ids {
			set[id] = on
		}
	}
	s.spec, s.base, s.set = strings.Join(items, ","), base, set
	return nil
}

// ruleIDs returns the rule ids a name of a selection stands for: the rule
// (any case: t2 is T2), or every rule of the analyzer; nil for an unknown
// name.
func ruleIDs(name string) []string {
	var ids []string
	for _, r := range analysisdoc.Rules {
		if strings.EqualFold(r.ID, name) || r.Analyzer == name {
			ids = append(ids, r.ID)
		}
	}
	if ids == nil && slices.Contains(Names, name) {
		// An analyzer not built yet: its findings use its name.
		ids = []string{name}
	}
	return ids
}
