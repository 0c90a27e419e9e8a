package analysisdoc

// A Rule is one rule id of the suite: the Category of its diagnostics.
type Rule struct {
	ID       string // N1, T2, ...; the analyzer name for a one-rule analyzer
	Analyzer string
	Short    string // one line, for SARIF rule descriptions and help
}

// Rules lists every rule id the suite reports, in catalogue order. The
// driver's SARIF output and the catalogue test read it; a test of the
// suite checks that every Category an analyzer reports is listed here.
var Rules = []Rule{
	{"N1", "noretrycanceled", "a retry classifier answers \"retry\" for the caller's cancellation"},
	{"N2", "noretrycanceled", "a retry loop sleeps through cancellation or never looks at the context"},
	{"N3", "noretrycanceled", "a retry library is called without the context"},
	{"N4", "noretrycanceled", "an attempt's error is classified before the parent context is checked"},
	{"I1", "idemkeyperseries", "an idempotency key is generated once per attempt"},
	{"I2", "idemkeyperseries", "a POST or PATCH is retried with no idempotency key"},
	{"T1", "timerstop", "a timer or ticker is not stopped on every path"},
	{"T2", "timerstop", "time.After in a loop"},
	{"T3", "timerstop", "time.Tick outside a loop that runs forever"},
	{"T4", "timerstop", "Reset without stop-and-drain (before Go 1.23)"},
	{"T5", "timerstop", "a goroutine ranges over a ticker that is stopped"},
	{"T6", "timerstop", "polling len(t.C) (Go 1.23+)"},
	{"B1", "childbudget", "a child timeout exceeds what its parent context has left, so it can never fire"},
	{"B2", "childbudget", "a callee sets a timeout larger than its caller's context has left"},
	{"B3", "childbudget", "retry attempts (and backoff) do not fit the budget"},
	{"B4", "childbudget", "context.Background() or TODO() handed to a call in a function that has a request context"},
	{"C1", "classifiercentral", "a retry decision made outside the designated classifier"},
	{"C2", "classifiercentral", "error classification scattered over several functions of a module"},
	{"C3", "classifiercentral", "a classifier retries a deterministic answer (HTTP 4xx, SQLSTATE 23xxx, JSON errors)"},
	{"backoffjitter", "backoffjitter", "a wait between retry attempts with no random part (every client retries in lock step)"},
	{"breakerverdict", "breakerverdict", "a circuit breaker counts the caller's cancellation as the dependency's failure"},
	{"W1", "ambiguouswrite", "a non-idempotent database write is retried after an error that may follow its success"},
	{"W2", "ambiguouswrite", "a conflict retry repeats a statement of the aborted transaction, or resends an optimistic update unchanged"},
	{"W3", "ambiguouswrite", "a batch of rows is retried whole after an error that may follow a partial effect"},
	{"S1", "retrystorm", "a retry answers \"retry\" for a circuit breaker's refusal"},
	{"S2", "retrystorm", "a retry scope's attempt reaches another retry scope: the attempts multiply"},
	{"S3", "retrystorm", "a retry with no attempt limit, deadline, context or stop channel"},
	{"directive", "reslint", "a //reslint: directive that is malformed or silences nothing"},
	{"scope", "reslint", "a retry scope, listed with -retryscope.show"},
	{"internal", "reslint", "an analyzer panicked on this package: a reslint bug to report"},
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
