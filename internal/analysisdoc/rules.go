package analysisdoc

// A RuleID names one rule of the catalogue: the Category of its
// diagnostics. Analyzers report with these constants, never with a bare
// string, so a rule id that the catalogue does not list cannot be
// written.
type RuleID string

// The rule ids of the catalogue (Rules), one per rule.
const (
	N1             RuleID = "N1"
	N2             RuleID = "N2"
	N3             RuleID = "N3"
	N4             RuleID = "N4"
	I1             RuleID = "I1"
	I2             RuleID = "I2"
	T1             RuleID = "T1"
	T2             RuleID = "T2"
	T3             RuleID = "T3"
	T4             RuleID = "T4"
	T5             RuleID = "T5"
	T6             RuleID = "T6"
	B1             RuleID = "B1"
	B2             RuleID = "B2"
	B3             RuleID = "B3"
	B4             RuleID = "B4"
	C1             RuleID = "C1"
	C2             RuleID = "C2"
	C3             RuleID = "C3"
	BackoffJitter  RuleID = "backoffjitter"
	BreakerVerdict RuleID = "breakerverdict"
	W1             RuleID = "W1"
	W2             RuleID = "W2"
	W3             RuleID = "W3"
	S1             RuleID = "S1"
	S2             RuleID = "S2"
	S3             RuleID = "S3"
	Directive      RuleID = "directive"
	Scope          RuleID = "scope"
	Internal       RuleID = "internal"
)

// A Rule is one rule id of the suite: the Category of its diagnostics.
type Rule struct {
	ID       string // N1, T2, ...; the analyzer name for a one-rule analyzer (a RuleID)
	Analyzer string
	Short    string // one line, for SARIF rule descriptions and help
}

// Rules lists every rule id the suite reports, in catalogue order. The
// driver's SARIF output and the catalogue test read it; a test of the
// suite checks that every Category an analyzer reports is listed here.
var Rules = []Rule{
	{string(N1), "noretrycanceled", "a retry classifier answers \"retry\" for the caller's cancellation"},
	{string(N2), "noretrycanceled", "a retry loop sleeps through cancellation or never looks at the context"},
	{string(N3), "noretrycanceled", "a retry library is called without the context"},
	{string(N4), "noretrycanceled", "an attempt's error is classified before the parent context is checked"},
	{string(I1), "idemkeyperseries", "an idempotency key is generated once per attempt"},
	{string(I2), "idemkeyperseries", "a POST or PATCH is retried with no idempotency key"},
	{string(T1), "timerstop", "a timer or ticker is not stopped on every path"},
	{string(T2), "timerstop", "time.After in a loop"},
	{string(T3), "timerstop", "time.Tick outside a loop that runs forever"},
	{string(T4), "timerstop", "Reset without stop-and-drain (before Go 1.23)"},
	{string(T5), "timerstop", "a goroutine ranges over a ticker that is stopped"},
	{string(T6), "timerstop", "polling len(t.C) (Go 1.23+)"},
	{string(B1), "childbudget", "a child timeout exceeds what its parent context has left, so it can never fire"},
	{string(B2), "childbudget", "a callee sets a timeout larger than its caller's context has left"},
	{string(B3), "childbudget", "retry attempts (and backoff) do not fit the budget"},
	{string(B4), "childbudget", "context.Background() or TODO() handed to a call in a function that has a request context"},
	{string(C1), "classifiercentral", "a retry decision made outside the designated classifier"},
	{string(C2), "classifiercentral", "error classification scattered over several functions of a module"},
	{string(C3), "classifiercentral", "a classifier retries a deterministic answer (HTTP 4xx, SQLSTATE 23xxx, JSON errors)"},
	{string(BackoffJitter), "backoffjitter", "a wait between retry attempts with no random part (every client retries in lock step)"},
	{string(BreakerVerdict), "breakerverdict", "a circuit breaker counts the caller's cancellation as the dependency's failure"},
	{string(W1), "ambiguouswrite", "a non-idempotent database write is retried after an error that may follow its success"},
	{string(W2), "ambiguouswrite", "a conflict retry repeats a statement of the aborted transaction, or resends an optimistic update unchanged"},
	{string(W3), "ambiguouswrite", "a batch of rows is retried whole after an error that may follow a partial effect"},
	{string(S1), "retrystorm", "a retry answers \"retry\" for a circuit breaker's refusal"},
	{string(S2), "retrystorm", "a retry scope's attempt reaches another retry scope: the attempts multiply"},
	{string(S3), "retrystorm", "a retry with no attempt limit, deadline, context or stop channel"},
	{string(Directive), "reslint", "a //reslint: directive that is malformed or silences nothing"},
	{string(Scope), "reslint", "a retry scope, listed with -retryscope.show"},
	{string(Internal), "reslint", "an analyzer panicked on this package: a reslint bug to report"},
}

// RuleByID returns the rule with id, and whether there is one.
func RuleByID(id string) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
