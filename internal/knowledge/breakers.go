package knowledge

// Circuit breakers and self-retrying clients, for retrystorm: what a
// breaker answers when it refuses a call, which calls run an operation
// through a breaker, what ends a library's retries, and which clients
// retry on their own.

// Import paths of breaker libraries not listed above.
const (
	Hystrix        = "github.com/afex/hystrix-go/hystrix"
	MercariBreaker = "github.com/mercari/go-circuitbreaker"
	AWSService     = "github.com/aws/aws-sdk-go-v2/service/" // a prefix: every service client
	HandyBreaker   = "github.com/streadway/handy/breaker"
)

// A BreakerRecorder is a breaker method the caller calls itself to record
// how a request it allowed ended: the breaker counts what the caller
// records, so the caller's test decides which errors count.
type BreakerRecorder struct {
	Path    string
	Recv    string // the type or interface name
	Failure string // the method that records a failure
}

// BreakerRecorders are the breakers told of each outcome by the caller.
var BreakerRecorders = []BreakerRecorder{
	{HandyBreaker, "Breaker", "Failure"},
	{HandyBreaker, "breaker", "Failure"},
}

// BreakerRefusals are the errors a breaker returns, in microseconds and
// without calling the dependency, when it refuses a call: open, or
// half-open with its probe quota used (path → variable names; Gobreaker
// is matched without its major version).
var BreakerRefusals = map[string][]string{
	Gobreaker:      {"ErrOpenState", "ErrTooManyRequests"},
	Circuitbreaker: {"ErrOpen"},
	Hystrix:        {"ErrCircuitOpen", "ErrMaxConcurrency"},
	MercariBreaker: {"ErrOpen"},
	HandyBreaker:   {"ErrCircuitOpen"},
}

// A BreakerCall is a function or method that runs an operation through a
// breaker and returns the breaker's refusal as its error.
type BreakerCall struct {
	Path string
	Recv string // receiver type name, "" for a package function
	Name string
	// Fallback is the index of a fallback argument: the refusal reaches
	// the caller only when it is nil. -1: no fallback.
	Fallback int
}

// BreakerCalls are the calls that run an operation through a breaker.
// failsafe-go breakers are policies handed to an executor (see
// Circuitbreaker); they are recognised by type, not listed here.
var BreakerCalls = []BreakerCall{
	{Gobreaker, "CircuitBreaker", "Execute", -1},
	{Gobreaker, "TwoStepCircuitBreaker", "Allow", -1},
	{Hystrix, "", "Do", 2},
	{Hystrix, "", "DoC", 3},
	{MercariBreaker, "CircuitBreaker", "Do", -1},
}

// CircuitBreakerType is the failsafe-go breaker policy's type name in
// Circuitbreaker: an executor whose policies hold one runs the operation
// through it (outermost policy first).
const CircuitBreakerType = "CircuitBreaker"

// BoundKind says what a retry library option does to the number of
// attempts.
type BoundKind int

const (
	BoundAttempts BoundKind = iota // the argument is the number of attempts
	BoundRetries                   // the argument is the number of retries (attempts - 1)
	BoundForever                   // the option removes the attempt limit
	BoundDeadline                  // the option ends the retries after a duration
	BoundContext                   // the option hands the retries a context
)

// A BoundOption is a retry library's option or builder method that sets
// what ends the retries. Arg is the argument holding the count. Forever
// is the count that means "no limit" (retry.Attempts(0),
// WithMaxRetries(-1)), when there is one.
type BoundOption struct {
	Kind    BoundKind
	Arg     int
	Forever *int64
}

var zero, minusOne = int64(0), int64(-1)

// BoundOptions maps import path to option or method name.
var BoundOptions = map[string]map[string]BoundOption{
	RetryGo: {
		"Attempts":       {Kind: BoundAttempts, Arg: 0, Forever: &zero},
		"UntilSucceeded": {Kind: BoundForever},
		"Context":        {Kind: BoundContext},
	},
	BackoffV4: {
		"WithMaxRetries": {Kind: BoundRetries, Arg: 1},
		"WithContext":    {Kind: BoundContext},
	},
	BackoffV5: {
		"WithMaxTries":       {Kind: BoundAttempts, Arg: 0, Forever: &zero},
		"WithMaxElapsedTime": {Kind: BoundDeadline},
	},
	Retrypolicy: {
		"WithMaxRetries":  {Kind: BoundRetries, Arg: 0, Forever: &minusOne},
		"WithMaxAttempts": {Kind: BoundAttempts, Arg: 0, Forever: &minusOne},
		"WithMaxDuration": {Kind: BoundDeadline},
	},
	GoRetry: {
		"WithMaxRetries":  {Kind: BoundRetries, Arg: 0},
		"WithMaxDuration": {Kind: BoundDeadline},
	},
}

// DefaultAttempts are the attempts a retry helper makes when no option
// says otherwise (path → helper name → attempts). backoff's exponential
// policy ends on its 15-minute MaxElapsedTime instead (DefaultDeadline).
var DefaultAttempts = map[string]map[string]int64{
	RetryGo:       {"Do": 10, "DoWithData": 10},
	Failsafe:      {"*": 3}, // retrypolicy: 2 retries
	Retryablehttp: {"*": 5}, // Client.RetryMax 4
}

// DefaultDeadline lists the libraries whose retries end, by default, when
// an elapsed-time budget is spent (backoff's ExponentialBackOff
// MaxElapsedTime of 15 minutes; v5 Retry's DefaultMaxElapsedTime).
var DefaultDeadline = []string{BackoffV4, BackoffV5}

// A SelfRetrying client retries each call on its own, as its
// documentation says: a call of it inside a retry scope is a layer of
// retries.
type SelfRetrying struct {
	// PathPrefix matches the client's package path (a prefix ending in
	// "/" for a family of packages, else the exact path).
	PathPrefix string
	Recv       string // receiver type name
	// Attempts are the default attempts per call; Name describes the
	// layer in messages.
	Attempts int64
	Name     string
	// Settings are the option fields that change the client's retries
	// (a call that sets one in an option function is not judged).
	Settings []string
}

// SelfRetryingClients are the clients that retry on their own. A
// go-retryablehttp send is a retry scope of its own (retryscope's Client
// kind); the AWS SDK v2 service clients retry every operation with the
// standard retryer, 3 attempts by default.
var SelfRetryingClients = []SelfRetrying{
	{PathPrefix: AWSService, Recv: "Client", Attempts: 3, Name: "the AWS SDK's standard retryer", Settings: []string{"RetryMaxAttempts", "Retryer", "RetryMode"}},
}

// ForeverBackOffs are backoff policies that never say stop: a retry
// driven by one alone runs until it succeeds (path → constructor or type
// names).
var ForeverBackOffs = map[string][]string{
	BackoffV4: {"NewConstantBackOff", "ConstantBackOff", "ZeroBackOff"},
}

// RestrictsRetries are the options, builder methods and error wrappers
// that keep some errors from being retried (path → names): a retry with
// none of them goes round on every error the operation returns.
var RestrictsRetries = map[string]map[string]bool{
	RetryGo:                       {"RetryIf": true, "Unrecoverable": true, "AttemptsForError": true},
	Retrypolicy:                   {"HandleErrors": true, "HandleErrorTypes": true, "HandleIf": true, "HandleResult": true, "AbortIf": true, "AbortOnErrors": true, "AbortOnErrorTypes": true, "AbortOnResult": true},
	"github.com/cenkalti/backoff": {"Permanent": true},
	GoRetry:                       {"RetryableError": true},
}

// IsBreakerRecorderPath reports whether path is the import path of one of
// the BreakerRecorders.
func IsBreakerRecorderPath(path string) bool {
	for _, b := range BreakerRecorders {
		if b.Path == path {
			return true
		}
	}
	return false
}

// RetryablehttpDefaultRetriesStatus reports whether go-retryablehttp's
// default retry policy retries a response with this status: 429, 0 and
// every 5xx but 501 (v0.7; v0.5 left 429 out). It also retries every
// transport error.
func RetryablehttpDefaultRetriesStatus(code int64) bool {
	return code == 0 || code == 429 || code >= 500 && code != 501
}
