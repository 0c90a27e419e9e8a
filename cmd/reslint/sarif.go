package main

import (
	"cmp"
	"encoding/json"
	"go/token"
	"io"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"
	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisdoc"
)

// srcRoot is the uriBaseId of every path below the working directory.
// Code scanning resolves it to the checkout, so results point at the
// repository's files wherever the job ran.
const srcRoot = "%SRCROOT%"

// toolVersion is the version SARIF names the driver by: the release the
// binary was stamped with (-ldflags -X main.version), else the module
// version from build info ("(devel)" for a build from a checkout). Tests
// replace it so that goldens do not change with every commit.
var toolVersion = func() string {
	if version != "devel" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// ruleLevel is the SARIF level of a rule's results. Every rule of the
// catalogue reports a bug, which code scanning shows as an error; a stale
// or malformed directive is a warning, and a listed retry scope is
// information.
func ruleLevel(id string) string {
	switch id {
	case "directive":
		return "warning"
	case "scope":
		return "note"
	}
	return "error"
}

// writeSARIF prints the findings as one SARIF 2.1.0 run that GitHub code
// scanning accepts: every rule of the catalogue with its help, one result
// per finding with its region, related notes and fixes.
//
// The packages that did not load are the invocation's tool execution
// notifications (level error, at the position the go command gave), and
// make it unsuccessful: code scanning then shows the run as incomplete
// rather than clean.
func writeSARIF(w io.Writer, fs []finding, wd string, analyzers []*analysis.Analyzer, src *sources, loadErrs []loadError) error {
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	run := sarif.NewRunWithInformationURI("reslint", "https://github.com/reslint/reslint")
	run.Tool.Driver.WithVersion(toolVersion())
	run.ColumnKind = "utf16CodeUnits"
	root := (&url.URL{Scheme: "file", Path: filepath.ToSlash(wd) + "/"}).String()
	run.WithOriginalUriBaseIds(map[string]*sarif.ArtifactLocation{
		srcRoot: sarif.NewSimpleArtifactLocation(root),
	})

	summaries := map[string]string{}
	for _, a := range analyzers {
		first, _, _ := strings.Cut(a.Doc, "\n")
		summaries[a.Name] = strings.TrimPrefix(first, a.Name+": ")
	}
	index := map[string]int{}
	for _, r := range analysisdoc.Rules {
		index[r.ID] = len(run.Tool.Driver.Rules)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, ruleDescriptor(r, summaries[r.Analyzer]))
	}

	prints := fingerprints(fs, src, wd)
	for i, f := range fs {
		res := sarif.NewRuleResult(f.rule)
		if i, ok := index[f.rule]; ok {
			res.WithRuleIndex(i)
		} else {
			// A rule missing from the catalogue (a test checks there is
			// none) still gets a descriptor, so the log stays valid.
			index[f.rule] = len(run.Tool.Driver.Rules)
			res.WithRuleIndex(index[f.rule])
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, ruleDescriptor(analysisdoc.Rule{ID: f.rule, Analyzer: f.analyzer, Short: f.rule + " (" + f.analyzer + ")"}, summaries[f.analyzer]))
		}
		res.WithLevel(ruleLevel(f.rule)).WithMessage(sarif.NewTextMessage(f.message))
		res.AddLocation(sarif.NewLocationWithPhysicalLocation(physical(wd, src, f.posn, f.end)))
		for i, r := range f.related {
			loc := sarif.NewLocationWithPhysicalLocation(physical(wd, src, r.posn, token.Position{})).
				WithId(i + 1).
				WithMessage(sarif.NewTextMessage(r.message))
			res.AddRelatedLocation(loc)
		}
		for _, fx := range f.fixes {
			res.AddFix(sarifFix(wd, src, fx))
		}
		res.Properties = sarif.Properties{"analyzer": f.analyzer}
		res.WithPartialFingerPrints(map[string]any{"reslintKey/v1": prints[i]})
		run.AddResult(res)
	}
	inv := sarif.NewInvocation().WithExecutionSuccess(len(loadErrs) == 0)
	for _, e := range loadErrs {
		n := sarif.NewNotification().WithLevel("error").WithMessage(sarif.NewTextMessage(e.msg))
		if p := parsePosn(strings.SplitN(e.msg, ": ", 2)[0]); p.Line > 0 {
			if !filepath.IsAbs(p.Filename) {
				p.Filename = filepath.Join(wd, p.Filename)
			}
			n.WithLocations([]*sarif.Location{sarif.NewLocationWithPhysicalLocation(physical(wd, src, p, token.Position{}))})
		}
		if e.pkg != "" {
			n.Properties = sarif.Properties{"package": e.pkg}
		}
		inv.AddTToolExecutionNotification(n)
	}
	run.AddInvocations(inv)
	log.AddRun(run)

	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // messages quote code: keep < > & readable
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func ruleDescriptor(r analysisdoc.Rule, summary string) *sarif.ReportingDescriptor {
	url := analysisdoc.RuleURL(r.ID)
	full := r.Short + "."
	if summary != "" {
		full += " Reported by " + r.Analyzer + ", which checks: " + summary + "."
	}
	d := sarif.NewRule(r.ID).
		WithName(ruleName(r)).
		WithShortDescription(sarif.NewMultiformatMessageString(r.Short)).
		WithFullDescription(sarif.NewMultiformatMessageString(full)).
		WithHelpURI(url).
		WithTextHelp(r.Short + ". The bad and the fixed code, and what is not reported: " + url + " (or: reslint help " + r.Analyzer + ").").
		WithMarkdownHelp(r.Short + ".\n\nThe bad and the fixed code, and what is deliberately not reported: [" + r.ID + " in the rule catalogue](" + url + "), or `reslint help " + r.Analyzer + "`.")
	d.DefaultConfiguration = sarif.NewReportingConfiguration().WithLevel(ruleLevel(r.ID))
	d.Properties = sarif.Properties{"tags": []string{"reliability", r.Analyzer}}
	return d
}

// ruleName is the rule's name for tools that show one beside the id:
// the analyzer, and the id when the analyzer has several rules.
func ruleName(r analysisdoc.Rule) string {
	if r.ID == r.Analyzer {
		return r.Analyzer
	}
	return r.Analyzer + "/" + r.ID
}

// artifact is a file's location: relative to %SRCROOT% below the working
// directory, an absolute file URI elsewhere.
func artifact(wd, filename string) *sarif.ArtifactLocation {
	if r := rel(wd, token.Position{Filename: filename}); r != filename || !filepath.IsAbs(filename) {
		return sarif.NewSimpleArtifactLocation((&url.URL{Path: filepath.ToSlash(r)}).String()).WithUriBaseId(srcRoot)
	}
	return sarif.NewSimpleArtifactLocation((&url.URL{Scheme: "file", Path: filepath.ToSlash(filename)}).String())
}

// physical is the location of [start, end) (end may be the zero
// position: the start alone), with columns in UTF-16 code units.
func physical(wd string, src *sources, start, end token.Position) *sarif.PhysicalLocation {
	f := src.get(start.Filename)
	start = f.resolve(start)
	region := sarif.NewRegion().
		WithStartLine(start.Line).
		WithStartColumn(f.utf16Column(start.Line, start.Column))
	if end.IsValid() || end.Offset > 0 {
		end = f.resolve(end)
		if end.Filename == start.Filename && end.Line >= start.Line {
			region.WithEndLine(end.Line).WithEndColumn(f.utf16Column(end.Line, end.Column))
		}
	}
	return sarif.NewPhysicalLocation().
		WithArtifactLocation(artifact(wd, start.Filename)).
		WithRegion(region)
}

// sarifFix is one suggested fix: its edits grouped by file, in the order
// the analyzer gave them.
func sarifFix(wd string, src *sources, fx suggestedFix) *sarif.Fix {
	out := sarif.NewFix().WithDescriptionText(cmp.Or(fx.message, "suggested fix"))
	changes := map[string]*sarif.ArtifactChange{}
	for _, e := range fx.edits {
		f := src.get(e.filename)
		// Edits carry byte offsets; resolve turns them into lines and
		// columns.
		start := f.resolve(token.Position{Filename: e.filename, Offset: e.start})
		end := f.resolve(token.Position{Filename: e.filename, Offset: e.end})
		if end.Line == 0 { // an insertion may leave its end unset
			end = start
		}
		region := sarif.NewRegion().
			WithStartLine(start.Line).
			WithStartColumn(f.utf16Column(start.Line, start.Column)).
			WithEndLine(end.Line).
			WithEndColumn(f.utf16Column(end.Line, end.Column))
		ch := changes[e.filename]
		if ch == nil {
			ch = sarif.NewArtifactChange(artifact(wd, e.filename))
			changes[e.filename] = ch
			out.AddArtifactChanges(ch)
		}
		ch.WithReplacement(sarif.NewReplacement(region).WithInsertedContent(sarif.NewArtifactContent().WithText(e.new)))
	}
	return out
}
