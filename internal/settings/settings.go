// Package settings reads reslint's settings in the form they take in a
// configuration file (.reslint.yaml) and in golangci-lint's
// linters.settings.custom.reslint.settings, and applies them to the
// analyzers' flags, so that a setting has one name everywhere: a key is
// "<analyzer>.<flag>", a bare "<flag>" when exactly one analyzer has a
// flag of that name, or a nested map ({retryscope: {retryfuncs: ...}});
// "disable" lists analyzers not to run. A list value is joined with
// commas, the form list flags take on the command line. An unknown key,
// an unknown analyzer or a value the flag rejects is an error that names
// it and lists the valid ones, never a setting silently ignored.
package settings

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// disableKey is the setting that lists analyzers not to run. It is checked
// before flag names, so a flag called "disable" is reachable only by its
// qualified name.
const disableKey = "disable"

// A target is one analyzer flag a setting resolves to.
type target struct {
	a *analysis.Analyzer
	f *flag.Flag
}

func (t target) String() string { return t.a.Name + "." + t.f.Name }

// Configure applies settings to the flags of all and returns the analyzers
// of all that are not disabled, in the order of all. It validates every
// key before it sets any flag, and restores the flags it had set when a
// value is rejected, so a failed call leaves the flags as they were.
func Configure(all []*analysis.Analyzer, settings map[string]any) ([]*analysis.Analyzer, error) {
	flat := make(map[string]any)
	if err := flatten("", settings, flat); err != nil {
		return nil, err
	}

	byName := make(map[string]*analysis.Analyzer)
	for _, a := range all {
		byName[strings.ToLower(a.Name)] = a
	}
	// bare maps a flag name to every analyzer flag of that name; a bare key
	// is accepted only when the slice has one element.
	bare := make(map[string][]target)
	for _, a := range all {
		a.Flags.VisitAll(func(f *flag.Flag) {
			n := strings.ToLower(f.Name)
			bare[n] = append(bare[n], target{a, f})
		})
	}

	disabled := make(map[*analysis.Analyzer]bool)
	type assignment struct {
		key   string
		t     target
		value string
	}
	var todo []assignment
	var errs []error
	for _, key := range sortedKeys(flat) {
		v := flat[key]
		// golangci-lint lowercases configuration keys; flag names are
		// lowercase by convention, so matching ignores case.
		k := strings.ToLower(key)
		if k == disableKey {
			names, err := stringList(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("reslint setting %q: %v", key, err))
				continue
			}
			for _, n := range names {
				a := byName[strings.ToLower(strings.TrimSpace(n))]
				if a == nil {
					errs = append(errs, fmt.Errorf("reslint setting %q: unknown analyzer %q; known analyzers are %s", key, n, analyzerNames(all)))
					continue
				}
				disabled[a] = true
			}
			continue
		}

		t, err := resolve(k, byName, bare)
		if err != nil {
			errs = append(errs, fmt.Errorf("reslint setting %q: %v; known settings are %s", key, err, settingNames(all, bare)))
			continue
		}
		value, err := flagValue(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("reslint setting %q: %v", key, err))
			continue
		}
		todo = append(todo, assignment{key, t, value})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}

	// Set the flags, remembering the old values to undo on failure. Two
	// keys naming one flag (retryfuncs and retryscope.retryfuncs) would
	// make the result depend on the order: refuse.
	seen := make(map[*flag.Flag]string)
	var undo []func()
	fail := func(err error) ([]*analysis.Analyzer, error) {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
		return nil, err
	}
	for _, as := range todo {
		if prev, ok := seen[as.t.f]; ok {
			return fail(fmt.Errorf("reslint settings %q and %q both set %s", prev, as.key, as.t))
		}
		seen[as.t.f] = as.key
		f, old := as.t.f, as.t.f.Value.String()
		// Some flag.Values change even when Set fails (the standard
		// duration flag stores zero), so the undo is queued first.
		undo = append(undo, func() { _ = f.Value.Set(old) })
		if err := f.Value.Set(as.value); err != nil {
			return fail(fmt.Errorf("reslint setting %q: invalid value %q for %s: %v", as.key, as.value, as.t, err))
		}
	}

	var enabled []*analysis.Analyzer
	for _, a := range all {
		if !disabled[a] {
			enabled = append(enabled, a)
		}
	}
	return enabled, nil
}

// resolve finds the flag a lowercased key names.
func resolve(k string, byName map[string]*analysis.Analyzer, bare map[string][]target) (target, error) {
	if an, fn, ok := strings.Cut(k, "."); ok {
		a := byName[an]
		if a == nil {
			return target{}, fmt.Errorf("unknown analyzer %q", an)
		}
		for _, t := range bare[fn] {
			if t.a == a {
				return t, nil
			}
		}
		return target{}, fmt.Errorf("analyzer %s has no flag %q", a.Name, fn)
	}
	switch ts := bare[k]; len(ts) {
	case 1:
		return ts[0], nil
	case 0:
		if a := byName[k]; a != nil {
			// "timerstop: false", the command line's -timerstop=false,
			// reaches here: say how the plugin spells it.
			return target{}, fmt.Errorf("%s is an analyzer, not a setting; to turn it off, list it under %q", a.Name, disableKey)
		}
		return target{}, errors.New("unknown setting")
	default:
		var names []string
		for _, t := range ts {
			names = append(names, t.String())
		}
		return target{}, fmt.Errorf("ambiguous: several analyzers have this flag; write one of %s", strings.Join(names, ", "))
	}
}

// flatten turns nested maps into dotted keys: {a: {b: 1}} is {"a.b": 1}.
func flatten(prefix string, m map[string]any, out map[string]any) error {
	for k, v := range m {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		if sub, ok := v.(map[string]any); ok {
			if err := flatten(key, sub, out); err != nil {
				return err
			}
			continue
		}
		if _, dup := out[key]; dup {
			return fmt.Errorf("reslint setting %q is given twice", key)
		}
		out[key] = v
	}
	return nil
}

// flagValue renders a decoded YAML/JSON value as the string a flag's Set
// takes on the command line.
func flagValue(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		// JSON numbers decode as float64; 3 must stay "3", not "3e+00".
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case []any:
		parts, err := stringList(v)
		if err != nil {
			return "", err
		}
		return strings.Join(parts, ","), nil
	case nil:
		return "", errors.New("no value")
	default:
		return "", fmt.Errorf("unsupported value of type %T", v)
	}
}

// stringList accepts a list of scalars, or one comma-separated string.
func stringList(v any) ([]string, error) {
	switch v := v.(type) {
	case nil:
		// "disable:" with nothing after it.
		return nil, nil
	case string:
		var out []string
		for s := range strings.SplitSeq(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
		return out, nil
	case []any:
		out := make([]string, 0, len(v))
		for _, e := range v {
			switch e.(type) {
			case string, bool, float64:
				s, _ := flagValue(e)
				out = append(out, s)
			default:
				return nil, fmt.Errorf("list element %v is not a string", e)
			}
		}
		return out, nil
	default:
		return nil, fmt.Errorf("want a list of strings, got %T", v)
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func analyzerNames(all []*analysis.Analyzer) string {
	var names []string
	for _, a := range all {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}

// settingNames lists every accepted key: "disable", each qualified flag,
// and each bare flag name that is unambiguous.
func settingNames(all []*analysis.Analyzer, bare map[string][]target) string {
	names := []string{disableKey}
	for _, a := range all {
		a.Flags.VisitAll(func(f *flag.Flag) {
			names = append(names, a.Name+"."+f.Name)
			if len(bare[strings.ToLower(f.Name)]) == 1 {
				names = append(names, f.Name)
			}
		})
	}
	slices.Sort(names)
	return strings.Join(slices.Compact(names), ", ")
}
