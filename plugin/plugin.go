// Package plugin registers reslint as a golangci-lint v2 module plugin
// named "reslint". It runs the same list of analyzers as the reslint
// command (reslint.Analyzers), and maps the plugin's settings onto those
// analyzers' own flags, so that a setting has one name everywhere:
//
//	reslint -retryscope.retryfuncs=example.com/x.Do ./...
//
// is, in .golangci.yml,
//
//	linters:
//	  settings:
//	    custom:
//	      reslint:
//	        type: module
//	        settings:
//	          retryscope.retryfuncs: example.com/x.Do   # or just: retryfuncs
//	          disable: [timerstop]
//
// A key is "<analyzer>.<flag>", or a bare "<flag>" when exactly one
// analyzer has a flag of that name. "disable" lists analyzers not to run.
// Nested maps ({retryscope: {retryfuncs: ...}}) mean the same as dotted
// keys: golangci-lint's configuration loader splits dotted keys into such
// maps anyway. A list value is joined with commas, the form the list flags
// take on the command line. An unknown key, an unknown analyzer or a value
// the flag rejects makes New fail, and golangci-lint reports the error
// instead of silently running with a setting ignored.
//
// The analyzers' flags are package-level variables (go/analysis keeps an
// analyzer's settings in its Flags), so New changes them for the whole
// process. golangci-lint builds one plugin instance per run, which is what
// this package is for; a program that called New twice with different
// settings would see the last ones, for every instance.
//
// golangci-lint turns each related note of a diagnostic into an issue of
// its own, at the note's line, where a //nolint:reslint on the finding's
// line does not reach it. New therefore makes every analyzer of the suite
// fold its related notes into the message of the finding they explain
// ("... (legacy.go:15:4: this return leaves t running)"), so that one
// finding is one issue.
//
// golangci-lint shows an issue's analyzer and message but not its
// Category, which holds the rule id: New also starts each message with
// its rule id ("timerstop: T1: ticker t is not stopped ..."), the name a
// user looks up with reslint help T1 and writes in //reslint:ignore T1.
// A rule named like its analyzer (backoffjitter) is not repeated.
//
// This package is the only one that imports golangci-lint's register
// package. It lives outside cmd/ so that the reslint command, which is also
// go vet's -vettool, does not link it.
package plugin

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint"
	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/settings"
)

func init() { register.Plugin("reslint", New) }

// New is the plugin constructor golangci-lint calls with the raw value of
// linters.settings.custom.reslint.settings (nil when there is none).
//
// A .reslint.yaml governing the directory golangci-lint runs in (see
// settings.Find) is applied first, so that the settings in .golangci.yml
// override it; both use the same keys. golangci-lint analyzes every
// package in one process, so one file applies to all of them (the
// reslint command and go vet read each package's own).
func New(conf any) (register.LinterPlugin, error) {
	raw, err := register.DecodeSettings[map[string]any](conf)
	if err != nil {
		return nil, fmt.Errorf("reslint settings: %w", err)
	}
	all := reslint.Analyzers()
	fromFile := all
	if dir, err := os.Getwd(); err == nil {
		if file := settings.Find(dir); file != "" {
			fileRaw, err := settings.Load(file)
			if err == nil {
				fromFile, err = settings.Configure(all, fileRaw)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
		}
	}
	enabled, err := configure(all, raw)
	if err != nil {
		return nil, err
	}
	enabled = slices.DeleteFunc(enabled, func(a *analysis.Analyzer) bool { return !slices.Contains(fromFile, a) })
	for _, a := range all {
		foldRelated(a)
	}
	return &linter{analyzers: enabled}, nil
}

var (
	foldMu sync.Mutex
	folded = map[*analysis.Analyzer]bool{}
)

// foldRelated makes a report each diagnostic with its related notes
// folded into the message, and its rule id in front. Like guard.Wrap it changes a in place, once:
// the suite's analyzers require each other, and a copy would be a second
// analyzer to golangci-lint.
func foldRelated(a *analysis.Analyzer) {
	foldMu.Lock()
	defer foldMu.Unlock()
	if folded[a] {
		return
	}
	folded[a] = true
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d = fold(pass.Fset, d)
			d.Message = analysisdoc.PrefixRule(a.Name, d.Category, d.Message)
			pass.Report(d)
		}
		return run(&p)
	}
}

// fold returns d with its related notes appended to its message, each as
// "file.go:line:col: note", and none left as related information.
func fold(fset *token.FileSet, d analysis.Diagnostic) analysis.Diagnostic {
	if len(d.Related) == 0 {
		return d
	}
	notes := make([]string, 0, len(d.Related))
	for _, r := range d.Related {
		p := fset.Position(r.Pos)
		notes = append(notes, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(p.Filename), p.Line, p.Column, r.Message))
	}
	d.Message += " (" + strings.Join(notes, "; ") + ")"
	d.Related = nil
	return d
}

// linter is the plugin instance: the analyzers to run, already configured.
type linter struct {
	analyzers []*analysis.Analyzer
}

func (l *linter) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return l.analyzers, nil
}

// GetLoadMode asks for type information: every reslint analyzer needs it,
// and facts need the dependencies analysed too.
func (l *linter) GetLoadMode() string { return register.LoadModeTypesInfo }

// configure applies golangci-lint's settings for reslint: the same keys
// as a .reslint.yaml file (see internal/settings).
func configure(all []*analysis.Analyzer, raw map[string]any) ([]*analysis.Analyzer, error) {
	return settings.Configure(all, raw)
}
