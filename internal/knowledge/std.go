package knowledge

// # The standard library is not analyzed
//
// Under go vet -vettool, every pass of the suite that exports facts (and
// every pass that requires one) runs on every dependency of the vetted
// packages, the standard library included, only to write the facts that
// the packages above it read. The standard library is most of those
// dependencies, and no reslint finding is ever wanted in it. So each pass
// returns at once on a standard-library package (goroot.Standard tells
// them by where their files are), and the few facts its exported API
// would carry are this table, exported by the fact passes themselves
// (retryscope, wait) for the package they are run on. Per fact:
//
//   - retryscope's CallsFuncParamFact (a function calls its func-typed
//     parameters): StdCallsFuncParam. These are what an analysis of
//     GOROOT finds on exported functions and methods of exported types
//     of importable packages, plus sort.Slice, sort.SliceStable and
//     (*testing.B).Run, which call theirs through a struct or a method
//     value the inference does not follow.
//   - retryscope's HelperFact (a retry helper): none. Only unexported
//     functions of database/sql and os retry an operation; no package
//     can call them.
//   - the wait model's Fact, as a blind wait or a wait for its duration
//     parameter: none beyond time.Sleep, which the recognisers know as
//     BlindSleeps, and the time package's own waits, known by name
//     (time.After, timers). The analysis would also mark
//     (*net/http.Server).Serve, which sleeps between failed accepts: that
//     is its own pause, not a wait between a caller's attempts, and a
//     loop around Serve is no retry loop because of it.
//   - the wait model's Fact.Honors (returns when its context is done):
//     StdHonorsCtx, the exported functions the analysis finds.
//   - ctxaware's CtxFact (a per-attempt timeout, classifiers asked after
//     a context check): none on exported API.
//   - backoffjitter's ResultFact, childbudget's
//     TimeoutFact, timerstop's FreshTimerFact, idemkeyperseries' facts,
//     classifiercentral's and breakerverdict's facts: none on exported
//     API; the standard functions these analyzers know (time.After,
//     math/rand, crypto/rand, context.WithTimeout, ...) are matched by
//     name, as tables here and in internal/idemkey.
//
// Outside the standard library a package is returned early from only
// where what it imports decides it: timerstop needs time, childbudget
// context or time, backoffjitter time, a random source or a backoff
// library, breakerverdict a breaker library, idemkeyperseries a key
// generator, net/http or a dependency with its facts. wait, retryscope
// and ctxaware analyze every other package: a retry helper or a retry loop
// needs no import at all (a loop counted by an attempt variable, a call
// named backoff or sleep, a //reslint:retry mark), and their facts are
// what lets the packages above see through such helpers.
//
// Names are "Func", "(*T).Method" or "T.Method"; values are parameter
// indices.

// StdCallsFuncParam lists the standard functions and methods that call
// some of their func-typed parameters, by import path.
var StdCallsFuncParam = map[string]map[string][]int{
	"bytes":               {"ContainsFunc": {1}, "FieldsFunc": {1}, "IndexFunc": {1}, "LastIndexFunc": {1}, "Map": {0}, "TrimFunc": {1}, "TrimLeftFunc": {1}, "TrimRightFunc": {1}},
	"container/ring":      {"(*Ring).Do": {0}},
	"crypto/fips140":      {"WithoutEnforcement": {0}},
	"crypto/hmac":         {"New": {0}},
	"crypto/subtle":       {"WithDataIndependentTiming": {0}},
	"database/sql":        {"(*Conn).Raw": {0}},
	"expvar":              {"(*Map).Do": {0}, "Do": {0}},
	"flag":                {"(*FlagSet).Visit": {0}, "(*FlagSet).VisitAll": {0}, "Visit": {0}, "VisitAll": {0}},
	"go/ast":              {"FilterDecl": {1}, "FilterFile": {1}, "FilterPackage": {1}, "NewPackage": {2}},
	"go/build/constraint": {"(*TagExpr).Eval": {0}},
	"go/doc":              {"(*Package).Filter": {0}},
	"go/parser":           {"ParseDir": {2}},
	"go/token":            {"(*FileSet).Read": {0}, "(*FileSet).Write": {0}},
	"go/types":            {"ObjectString": {1}},
	"io/fs":               {"WalkDir": {2}},
	"log/slog":            {"Record.Attrs": {0}},
	"maps":                {"DeleteFunc": {1}, "EqualFunc": {2}},
	"math/rand":           {"(*Rand).Shuffle": {1}, "Shuffle": {1}},
	"math/rand/v2":        {"(*Rand).Shuffle": {1}, "Shuffle": {1}},
	"os":                  {"(*Process).WithHandle": {0}, "Expand": {1}},
	"path/filepath":       {"Walk": {1}, "WalkDir": {1}},
	"reflect":             {"Value.FieldByNameFunc": {0}},
	"slices": {
		"BinarySearchFunc": {2}, "CompactFunc": {1}, "CompareFunc": {2}, "ContainsFunc": {1}, "DeleteFunc": {1},
		"EqualFunc": {2}, "IndexFunc": {1}, "IsSortedFunc": {1}, "MaxFunc": {1}, "MinFunc": {1}, "SortFunc": {1},
		"SortStableFunc": {1}, "SortedFunc": {1}, "SortedStableFunc": {1},
	},
	"sort":             {"Find": {1}, "Search": {1}, "Slice": {1}, "SliceIsSorted": {1}, "SliceStable": {1}},
	"strings":          {"ContainsFunc": {1}, "FieldsFunc": {1}, "IndexFunc": {1}, "LastIndexFunc": {1}, "Map": {0}, "TrimFunc": {1}, "TrimLeftFunc": {1}, "TrimRightFunc": {1}},
	"sync":             {"(*Map).Range": {0}, "(*Once).Do": {0}},
	"testing":          {"(*B).Run": {1}, "(*T).Run": {1}, "AllocsPerRun": {1}},
	"testing/slogtest": {"TestHandler": {1}},
}

// StdHonorsCtx lists the standard functions and methods that return when
// their context parameter (index) is done, by import path.
var StdHonorsCtx = map[string]map[string][]int{
	"net":      {"(*Dialer).DialContext": {0}, "(*Resolver).LookupIPAddr": {0}},
	"net/http": {"(*Server).Shutdown": {0}},
}

// StdAlwaysErr lists the standard functions and methods documented to
// always return a non-nil error: a server's Serve returns only when it
// fails or is shut down. A function whose one way past such a call is
// `err != nil` followed by os.Exit serves until the process ends.
var StdAlwaysErr = map[string][]string{
	"net/http": {"Serve", "ServeTLS", "ListenAndServe", "ListenAndServeTLS",
		"(*Server).Serve", "(*Server).ServeTLS", "(*Server).ListenAndServe", "(*Server).ListenAndServeTLS"},
}
