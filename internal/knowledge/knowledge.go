// Package knowledge is reslint's library knowledge, as data: the import
// paths, functions and name vocabularies the recognisers match. A new
// library or name is one row here, never a string in an analyzer.
//
// Import paths of libraries whose API is stable across major versions are
// listed without their /vN suffix, and matched with
// analysisutil.StripMajor; the others are listed with it.
package knowledge

// Import paths.
const (
	Context = "context"
	Time    = "time"
	HTTP    = "net/http"

	Backoff        = "github.com/cenkalti/backoff" // without its /vN suffix
	BackoffV4      = "github.com/cenkalti/backoff/v4"
	BackoffV5      = "github.com/cenkalti/backoff/v5"
	RetryGo        = "github.com/avast/retry-go" // any major version
	GoRetry        = "github.com/sethvargo/go-retry"
	ClientGoRetry  = "k8s.io/client-go/util/retry"
	Wait           = "k8s.io/apimachinery/pkg/util/wait"
	Failsafe       = "github.com/failsafe-go/failsafe-go"
	Retrypolicy    = "github.com/failsafe-go/failsafe-go/retrypolicy"
	Circuitbreaker = "github.com/failsafe-go/failsafe-go/circuitbreaker"
	Retryablehttp  = "github.com/hashicorp/go-retryablehttp"
	GRPCStatus     = "google.golang.org/grpc/status"
	GRPCCodes      = "google.golang.org/grpc/codes"
	GRPC           = "google.golang.org/grpc"                                             // ConnectParams: its Backoff is the connection backoff
	GRPCBackoff    = "google.golang.org/grpc/backoff"                                     // Config: Jitter is its random share
	Gobreaker      = "github.com/sony/gobreaker"                                          // v1 and v2
	GRPCRetry      = "github.com/grpc-ecosystem/go-grpc-middleware/retry"                 // grpc_retry (v1)
	GRPCRetryV2    = "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry" // retry (v2)
	AzcorePolicy   = "github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	Pester         = "github.com/sethgrid/pester"
)

// A RetryHelper is a retry API of a known library.
type RetryHelper struct {
	// Op is the position of the retried operation among the arguments.
	Op int
	// NeedsRetryPolicy: the call (failsafe-go) retries only when a
	// retrypolicy is among the policies it runs with.
	NeedsRetryPolicy bool
}

// RetryHelpers maps import path to function name to the helper. Package
// functions only, except failsafe-go, whose Executor methods of the same
// names count too.
var RetryHelpers = map[string]map[string]RetryHelper{
	BackoffV4: {
		"Retry": {Op: 0}, "RetryNotify": {Op: 0}, "RetryNotifyWithTimer": {Op: 0},
		"RetryWithData": {Op: 0}, "RetryNotifyWithData": {Op: 0}, "RetryNotifyWithTimerAndData": {Op: 0},
	},
	BackoffV5: {"Retry": {Op: 1}},
	RetryGo:   {"Do": {Op: 0}, "DoWithData": {Op: 0}},
	GoRetry: {
		"Do": {Op: 2}, "DoValue": {Op: 2},
		"Constant": {Op: 2}, "Exponential": {Op: 2}, "Fibonacci": {Op: 2},
	},
	ClientGoRetry: {"RetryOnConflict": {Op: 1}, "OnError": {Op: 2}},
	Wait: {
		"ExponentialBackoff": {Op: 1}, "ExponentialBackoffWithContext": {Op: 2},
	},
	Failsafe: {
		"Run": {Op: 0, NeedsRetryPolicy: true}, "Get": {Op: 0, NeedsRetryPolicy: true},
		"RunWithExecution": {Op: 0, NeedsRetryPolicy: true}, "GetWithExecution": {Op: 0, NeedsRetryPolicy: true},
		"RunAsync": {Op: 0, NeedsRetryPolicy: true}, "GetAsync": {Op: 0, NeedsRetryPolicy: true},
		"RunAsyncWithExecution": {Op: 0, NeedsRetryPolicy: true}, "GetAsyncWithExecution": {Op: 0, NeedsRetryPolicy: true},
	},
}

// Waits.
var (
	// BlindSleeps are functions that wait for a duration and cannot be
	// interrupted by a context (path → names).
	BlindSleeps = map[string][]string{Time: {"Sleep"}}
	// TimerChanFuncs return a channel that fires after a duration.
	TimerChanFuncs = map[string][]string{Time: {"After", "Tick"}}
	// TimerTypes are the types whose C field fires after a duration.
	TimerTypes = map[string][]string{Time: {"Timer", "Ticker"}}
	// WaitWords: a call whose lowercased name contains one of these waits
	// (unless it is a constructor or returns the duration).
	WaitWords = []string{"sleep", "backoff", "pause"}
	// DurationWaitWord: a call whose name contains it waits when it also
	// takes a time.Duration (sync.WaitGroup.Wait is no backoff).
	DurationWaitWord = "wait"
	// NextBackOff computes the next wait of a BackOff; loops sleep for it
	// right after.
	NextBackOff = "nextbackoff"
	// AttemptWords: a loop counter or bound whose name holds one of these
	// as a word (attempt, maxAttempts, numRetries, MaxTries; not
	// numEntries) counts attempts: a retry loop even without a wait.
	AttemptWords = []string{"attempt", "retry", "retries", "tries"}
	// TakeVerbs: a call that hands a source nothing but a context, and
	// whose name starts with one of these words (popIdle, Next, Get,
	// Acquire), takes the source's next item: a loop that checks what it
	// took and takes another iterates over resources, it re-attempts
	// nothing.
	TakeVerbs = []string{"pop", "next", "get", "acquire", "take", "dequeue", "pick", "borrow", "checkout", "shift"}
	// NotWaitPackages hold functions named wait/sleep-like that are not
	// waits between attempts.
	NotWaitPackages = []string{"sync", "os", "os/exec", "golang.org/x/sync/errgroup", Time, Context}
)

// NoReturnSelectors are method or function names that do not return to
// the caller's loop: os.Exit, log.Fatal*, a test's t.Fatal*/FailNow/Skip*,
// log.Panic*, runtime.Goexit. Recognised by name, so a loop ending in one
// is taken to leave (the conservative direction for retry recognition).
var NoReturnSelectors = []string{
	"Fatal", "Fatalf", "Fatalln", "FailNow", "Skip", "Skipf", "SkipNow", "Exit",
	"Panic", "Panicf", "Panicln", "Goexit",
}

// LoggingFuncs are names of logging functions and methods: they take a
// context for its values, not for its deadline, so a detached context
// handed to them detaches nothing (childbudget B4).
var LoggingFuncs = []string{
	"Print", "Printf", "Println", "Log", "Logf", "LogAttrs",
	"Debug", "Debugf", "DebugContext", "Info", "Infof", "InfoContext",
	"Warn", "Warnf", "WarnContext", "Error", "Errorf", "ErrorContext",
	"Trace", "Tracef",
}

// Backoff shapes, as LibraryBackoff and BackoffFactory name them.
const (
	ShapeConstant    = "constant"
	ShapeLinear      = "linear"
	ShapeExponential = "exponential"
)

// A LibraryBackoff is a library function that computes a retry wait: called
// by hand, or stored as the backoff strategy of a self-retrying client
// (BackoffFields).
type LibraryBackoff struct {
	// Jittered: a random value contributes to the wait.
	Jittered bool
	// Resp is the index of a response parameter from which the function
	// may take the server's Retry-After instead (-1: none); the wait is
	// judged only when nil is passed there.
	Resp int
	// Shape is how the wait grows with the attempt when not Jittered.
	Shape string
}

// LibraryBackoffs maps import path (without its /vN suffix) to function
// name to what it computes (backoffjitter).
var LibraryBackoffs = map[string]map[string]LibraryBackoff{
	Retryablehttp: {
		"DefaultBackoff":               {Resp: 3, Shape: ShapeExponential},
		"LinearJitterBackoff":          {Jittered: true, Resp: 3},
		"RateLimitLinearJitterBackoff": {Jittered: true, Resp: 3},
	},
	Pester: {
		"DefaultBackoff":           {Resp: -1, Shape: ShapeConstant}, // 1s
		"LinearBackoff":            {Resp: -1, Shape: ShapeLinear},
		"ExponentialBackoff":       {Resp: -1, Shape: ShapeExponential},
		"LinearJitterBackoff":      {Jittered: true, Resp: -1},
		"ExponentialJitterBackoff": {Jittered: true, Resp: -1},
	},
}

// A BackoffFactory is a library function that builds a retry backoff from
// a base duration (its first parameter), to be handed to the library's
// retry option.
type BackoffFactory struct {
	// Shape is how the wait grows with the attempt.
	Shape string
	// Jitter is the index of the jitter-fraction parameter (-1: none, no
	// random part at all); a constant 0 passed there leaves none either.
	Jitter int
	// Jittered names the library's sibling that adds jitter, for the fix.
	Jittered string
}

// BackoffFuncOptions maps import path to option name to the index of its
// argument that is a backoff function, whose result the library waits
// between attempts (backoffjitter judges a function written by the user:
// grpc_retry.WithBackoff(func(attempt uint) time.Duration { ... })).
var BackoffFuncOptions = map[string]map[string]int{
	GRPCRetry:   {"WithBackoff": 0, "WithBackoffContext": 0},
	GRPCRetryV2: {"WithBackoff": 0},
}

// BackoffFactories maps import path to function name to the backoff it
// builds (backoffjitter).
var BackoffFactories = map[string]map[string]BackoffFactory{
	GRPCRetry: {
		"BackoffLinear":                {Shape: ShapeConstant, Jitter: -1, Jittered: "BackoffLinearWithJitter"},
		"BackoffExponential":           {Shape: ShapeExponential, Jitter: -1, Jittered: "BackoffExponentialWithJitter"},
		"BackoffLinearWithJitter":      {Shape: ShapeConstant, Jitter: 1},
		"BackoffExponentialWithJitter": {Shape: ShapeExponential, Jitter: 1},
	},
	GRPCRetryV2: {
		"BackoffLinear":                       {Shape: ShapeConstant, Jitter: -1, Jittered: "BackoffLinearWithJitter"},
		"BackoffExponential":                  {Shape: ShapeExponential, Jitter: -1, Jittered: "BackoffExponentialWithJitter"},
		"BackoffLinearWithJitter":             {Shape: ShapeConstant, Jitter: 1},
		"BackoffExponentialWithJitter":        {Shape: ShapeExponential, Jitter: 1},
		"BackoffExponentialWithJitterBounded": {Shape: ShapeExponential, Jitter: 1},
	},
}

// A BackoffField is the field of a self-retrying client's type that holds
// its backoff strategy: a function the client calls for the wait before
// each retry.
type BackoffField struct {
	Field string
	// Attempt is the index of the strategy's attempt parameter.
	Attempt int
	// Resp is the index of a response parameter from which the strategy
	// may read the server's Retry-After (-1: none).
	Resp int
}

// BackoffFields maps import path (without its /vN suffix) to type name to
// its backoff-strategy field (backoffjitter).
var BackoffFields = map[string]map[string]BackoffField{
	Pester:        {"Client": {Field: "Backoff", Attempt: 0, Resp: -1}},
	Retryablehttp: {"Client": {Field: "Backoff", Attempt: 2, Resp: 3}},
}

// LocalOps are operations on this machine only: its file system, its
// subprocesses and its own listeners (import path → function names, "Type.Method" for
// methods). A retry loop whose attempt is one of them waits out a local
// condition (a file that has not appeared yet, a flaky local tool), with
// no shared remote dependency for a fleet of clients to stampede in lock
// step (backoffjitter).
var LocalOps = map[string][]string{
	"os": {
		"Stat", "Lstat", "Open", "OpenFile", "Create", "Remove", "RemoveAll", "Rename",
		"Mkdir", "MkdirAll", "ReadFile", "WriteFile", "ReadDir", "Link", "Symlink", "Readlink",
		"Chmod", "Chown", "Chtimes", "Truncate", "MkdirTemp", "CreateTemp",
	},
	"os/exec": {"Cmd.Run", "Cmd.Output", "Cmd.CombinedOutput", "Cmd.Start", "Cmd.Wait"},
	// Accepting on this process's own listener fails on local resource
	// exhaustion (too many open files), not on a remote dependency.
	"net": {"Listener.Accept", "TCPListener.Accept", "TCPListener.AcceptTCP", "UnixListener.Accept", "UnixListener.AcceptUnix"},
}

// LocalHostNames name this host in an address or a connection string
// ("localhost:8080", "postgres://u@127.0.0.1:5432/db", "[::1]:9000",
// "host=localhost"). An attempt against this host (a server this process
// just started, a sidecar of its own) has no herd across machines
// (backoffjitter).
var LocalHostNames = []string{"localhost", "127.0.0.1", "::1"}

// RetryDelayFields maps import path (without its /vN suffix) to type name
// to its time.Duration fields that set the wait between retries: a
// positive value under a millisecond there (a bare number such as 100,
// which a time.Duration counts in nanoseconds) is no wait at all
// (backoffjitter).
var RetryDelayFields = map[string]map[string][]string{
	AzcorePolicy:  {"RetryOptions": {"RetryDelay", "MaxRetryDelay"}},
	Retryablehttp: {"Client": {"RetryWaitMin", "RetryWaitMax"}},
	Backoff:       {"ExponentialBackOff": {"InitialInterval", "MaxInterval"}},
	GRPCBackoff:   {"Config": {"BaseDelay", "MaxDelay"}},
	Wait:          {"Backoff": {"Duration", "Cap"}},
}

// TokenRequestMarks: a function that spells one of these as a string (a
// form or query parameter named grant_type, a URL ending in /token) asks
// an OAuth token endpoint for a token; retrying that POST mints at most a
// second token, which is harmless (idemkeyperseries I2).
var TokenRequestMarks = []string{"grant_type", "/token"}

// ReadOnlyPostVerbs: a POST whose URL path's last segment starts with
// one of these reads (a search, a validation, a lookup, a detection, a
// preview, an estimate, a proposal that creates nothing): repeating it
// applies nothing twice (idemkeyperseries I2). Only the last segment
// counts: /searches/saved creates a saved search.
var ReadOnlyPostVerbs = []string{"search", "validate", "lookup", "detect", "preview", "estimate", "propose"}

// TelemetryPaths are import-path prefixes of tracing, metrics,
// execution-trace and error-reporting APIs: they read a context's values (trace and span ids),
// never its deadline or cancellation, so a detached context handed to them
// detaches nothing (childbudget B4).
var TelemetryPaths = []string{
	"go.opentelemetry.io/otel",
	"runtime/trace",
	"go.opencensus.io",
	"github.com/opentracing/opentracing-go",
	"gopkg.in/DataDog/dd-trace-go.v1/ddtrace",
	"github.com/DataDog/dd-trace-go/v2/ddtrace",
	"github.com/newrelic/go-agent/v3/newrelic",
	// Error reporters: an error or message sent to the tracker is
	// telemetry too; the context carries the person or the request
	// that the report describes.
	"github.com/getsentry/sentry-go",
	"github.com/rollbar/rollbar-go",
	"github.com/bugsnag/bugsnag-go",
	"github.com/honeybadger-io/honeybadger-go",
	"github.com/airbrake/gobrake",
}

// TeardownWords: a call whose name starts with one of these words (Close,
// Shutdown, StopAndAwaitTerminated, RollbackTx) ends something the code
// started. Cleanup must finish even when the caller has gone, so a
// detached context handed to it is deliberate (childbudget B4). Business
// verbs that also end things (Cancel an order, Delete a record, Release a
// payment hold) are requests and are not listed.
var TeardownWords = []string{
	"close", "shutdown", "stop", "terminate", "kill", "rollback", "abort",
	"disconnect", "unlock", "unsubscribe", "deregister", "unregister",
	"cleanup", "drain", "leave",
}

// DetachIntentWords: a comment on or just above a call that names the
// context and one of these says the detachment is on purpose ("use an
// independent context here", "a background context, so that the batches
// run even if ctx is canceled"). NotIntentWords (a TODO) say the opposite.
var (
	DetachIntentWords = []string{
		"detach", "independent", "separate", "fresh",
		"outlive", "survive", "even if", "regardless", "on purpose",
		"deliberately", "intentionally", "don't want", "do not want",
		"not be cancel", "shouldn't be cancel", "should not be cancel",
	}
	NotIntentWords = []string{"todo", "fixme", "xxx"}
)

// Polarity words: what a predicate's true answer means, judged by the
// words of its name (camelCase or snake_case, case folded). A negation
// word (not, non, no, dont, never, un-, non-) flips the meaning of the
// word after it, so isNotFatal and isNonRetryable mean what they say.
var (
	// StopWords: true means "do not try again" (IsFatal, isPermanent,
	// isTerminal, shouldAbort, giveUp).
	StopWords = []string{"fatal", "permanent", "permanently", "terminal", "abort", "aborted", "stop", "giveup", "unrecoverable", "irrecoverable"}
	// RetryWords: true means "try again" (isRetryable, isTransient,
	// isTemporary, isRecoverable, shouldRetry).
	RetryWords = []string{"retry", "retryable", "retriable", "retries", "retrying", "transient", "temporary", "temporarily", "recoverable", "again"}
	// NegationWords flip the meaning of the next word; NegationPrefixes
	// flip a word they are fused to (nonretryable, unretriable).
	NegationWords    = []string{"not", "non", "no", "dont", "never", "un"}
	NegationPrefixes = []string{"non", "not", "un", "no"}
)

// ReadWords: an operation whose name holds one of these words (Words of
// its camelCase name) reads a state (GetStatus, describeJob, isReady,
// checkHealth): a loop that repeats it after successful reads polls, where
// repeating a write (commit, submit, send) after a refused answer retries.
var ReadWords = []string{"get", "status", "state", "poll", "check", "describe", "list", "read", "is", "has", "exists", "ready", "health", "healthy", "ping", "info", "lookup", "fetch", "query", "wait", "inspect", "head", "progress", "reader", "getter", "checker", "poller"}

// RetryStatuses are the HTTP statuses that ask for a retry: timeout,
// too early, too many requests, and the server's transient failures.
var RetryStatuses = []int64{408, 425, 429, 500, 502, 503, 504}

// RefusalWords: a channel whose name holds one of these words signals
// that a delivery was refused (msg.Nacked(), job.rejected): a loop that
// waits on it and sends again redelivers, a retry of the step.
var RefusalWords = []string{"nack", "nacked", "reject", "rejected"}

// NotYetWords: a sentinel error whose name holds one of these words says
// that the state a poll waits for has not arrived (io.ErrNoProgress,
// ErrNotReady, ErrPending, ErrInProgress); it is no failure, and a loop
// that goes round only on it polls.
var NotYetWords = []string{"progress", "ready", "pending", "yet"}
