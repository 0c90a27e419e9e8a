// Package classifiercentral defines an Analyzer that reports retry
// decisions made outside the one classifier that should make them.
//
// # Analyzer classifiercentral
//
// classifiercentral: report retry decisions scattered outside one central classifier, and classifiers that retry deterministic answers
//
// Knowledge of what is retryable must live in one classifier. When the
// retry loop checks ECONNRESET inline, the predicate handed to the retry
// library checks 503 again, and a third helper knows about SQLSTATE 40001,
// the copies drift apart within a month: one of them learns about 429 and
// the others do not, and the same error is retried in one code path and
// failed fast in the next.
//
// A retry-signal check is a test of an error or a response against a value
// that says "transient": the syscall errnos ECONNREFUSED, ECONNRESET,
// EHOSTUNREACH, ENETUNREACH, ETIMEDOUT and EPIPE; a type test for
// *net.OpError, *net.DNSError or net.Error (errors.As, a type assertion, a
// type switch case) and a call of Timeout() or Temporary() on an interface
// or net value; io.ErrUnexpectedEOF; a pgconn.PgError or pq.Error code
// (the Code field or SQLState()) compared with 40001, 40P01, 55P03, 57014
// or a 23xxx code, or tested for class 23 or 40 with strings.HasPrefix; a
// gRPC code Unavailable, ResourceExhausted, Aborted or DeadlineExceeded;
// an HTTP status (a StatusCode field, a StatusCode() or HTTPStatusCode()
// method, or a local holding one) compared with 408, 425, 429, 500, 502,
// 503 or 504 by ==, != or a switch case, or by a range that admits only
// server errors (>= 500, > 499, >= 500 && < 600).
//
// A check counts only where it decides a retry: in a retry scope (the
// operation of a retry helper, the body of a retry loop), in a retry
// classifier (a predicate handed to a retry library, a function marked
// //reslint:classifier, a func(error) bool or enum function named for
// retrying), or in a package function with a bool or enum result that is
// called from one of those (isBusy(resp) in a retry loop), or wherever
// its branch stores a retry verdict for a retry loop to read (it assigns
// a value named for retrying, `meta.resStatus = needRetry`, or true to a
// variable or field named for it, `res.retryable = true`). And it must
// decide something there: its value is returned or assigned, or it
// selects a branch that returns, leaves or continues a loop, assigns or
// panics. A check whose branch only logs or counts a metric, or whose value
// goes into a call (a log line), decides nothing. io.EOF counts only in a
// function whose result is the verdict; in a retry closure or loop it is
// the end of a stream being read.
//
// C1, check outside the designated classifier. When a classifier is
// designated — a function whose doc comment holds //reslint:classifier,
// or one named by the -classifiercentral.classifiers setting
// (path/to/pkg.Func, path/to/pkg.(*T).Method) — in this package or in any
// package it imports (a fact carries it), every deciding check outside it
// and outside the functions of its package it calls is reported:
//
//	retryability of ECONNRESET decided outside the classifier retry.Classify, so the two drift apart; call it
//
// C2, scattered classification. With no designated classifier, when
// deciding checks sit in two or more places of one module, each place
// after the first is reported at its first check, naming the others:
//
//	error classification is scattered over 3 functions (a.go:12, b.go:40); keep it in one classifier and mark it //reslint:classifier
//
// An HTTP status counts wherever it is read: a StatusCode field or
// method, a local given one, an integer local named for a status
// (var statusCode int, set from the response only when there is one), or
// an integer parameter named for a status (func retryableStatus(code int)
// bool): a status list kept in a helper that takes the code is a place
// too. Ranges count when they split the statuses as a classifier does:
// the server errors (>= 500), everything below them (< 500, the same
// split read from the other side: `if resp.StatusCode < 500 { return
// false }`), and the client-error class written as a range (400 <= code
// && code < 500). A function whose first result is a bool or a verdict
// enum, or whose last of two results is a bool (a next URL or a wait,
// and "retry"), called from a retry scope is a verdict function.
//
// A place is a top-level function. A verdict function and the package
// functions it calls are one place (a classifier made of helpers is one
// classifier), so is a function that decides inline and calls another
// place for one kind of error (a retry policy's switch asking
// isNotRetriable about network errors: one decision written in two
// functions), and so are same-named classifier methods of several types
// (one classifier interface implemented per error kind and asked in
// turn, as aws-sdk-go-v2's retryables are). Places of imported packages
// come from a fact and are listed first, then this package's in source
// order, so the first place overall is never reported and each report is
// made once, in the package that holds the place. A function that calls
// an imported place's function from its verdict is part of that place.
// Places of different modules never combine. The module is the one the
// build reports; with no module information (GOPATH mode, some build
// systems) it is the first element of the import path, or the first
// three when the first names a host (example.com/team/lib).
//
// Sibling packages. go/analysis shows a package and what its imports
// export, so two packages of one module that do not import each other
// never see each other's places: under go vet -vettool and the
// golangci-lint plugin, each keeps its own list unreported. The reslint
// command adds a module-wide step: it sets the places flag, with which
// every place is also recorded (a record the command reads and drops,
// never shown), and after the run it combines the records of each
// module; when several places are left unreported by their own
// packages, each after the first (in file path order) is reported at
// its first check, naming the others. Places there combine only when
// they decide on a common kind of failure (HTTP statuses, gRPC codes,
// SQLSTATEs, error values): a gRPC integration's codes and an HTTP
// integration's statuses are not copies of one list. Places in test
// files count for nothing. It combines the packages the run
// analyzed: run it on ./... to judge the whole module. A place under a
// //reslint:ignore C2 directive counts but is never reported.
//
// Bad, two copies of one status list:
//
//	func get(c *http.Client, url string) (*http.Response, error) {
//		for attempt := 0; ; attempt++ {
//			resp, err := c.Get(url)
//			if err == nil && resp.StatusCode != 503 && resp.StatusCode != 429 {
//				return resp, nil
//			}
//			...
//		}
//	}
//
//	retry.Do(op, retry.RetryIf(func(err error) bool {
//		var se *StatusError
//		return errors.As(err, &se) && se.StatusCode >= 500 // 429 forgotten here
//	}))
//
// Good, one classifier that every retry asks:
//
//	// Classify decides whether a failed attempt is worth another one.
//	//
//	//reslint:classifier
//	func Classify(resp *http.Response, err error) Outcome {
//		switch {
//		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
//			return Fatal
//		case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNREFUSED):
//			return Transient
//		case err != nil:
//			return Fatal
//		}
//		switch resp.StatusCode {
//		case http.StatusTooManyRequests, http.StatusBadGateway,
//			http.StatusServiceUnavailable, http.StatusGatewayTimeout:
//			return Transient
//		}
//		return Fatal
//	}
//
//	retry.Do(op, retry.RetryIf(func(err error) bool { return Classify(nil, err) == Transient }))
//
// C3, deterministic answers classified as retryable. In a classifier, a
// return that answers "retry" (true, or an enum constant named
// Transient/Retryable/...) on a path selected by a deterministic answer is
// reported: HTTP 400, 401, 403, 404, 405, 409, 410 or 422, a SQLSTATE of
// class 23 (23505 unique_violation means the row is already there: that is
// deduplication, not a fault), a *json.SyntaxError or
// *json.UnmarshalTypeError. The same request gets the same answer, so the
// retries only add load and delay the failure:
//
//	if ae.StatusCode == http.StatusNotFound || ae.StatusCode == 503 {
//		return true // reported: HTTP 404 answered with retry
//	}
//
// A predicate whose true means "stop" answers "retry" with false, and is
// judged so: AbortIf, a predicate handed to a retry helper that gives up
// when it says true (`if isPermanent(err) { return err }`; the helper's
// body decides, then its parameter's name), and a marked or designated
// predicate whose name says stop (IsFatal, isPermanent, IsNonRetryable,
// isTerminal). Its `return true` for a 404 is the right answer; its
// `return false` for a 409 is the retry reported.
//
// C3 is not only for classifier functions: an inline retry condition in a
// retry loop — an if, or a case, whose condition requires a deterministic
// answer and whose branch goes round with continue — is reported at the
// continue:
//
//	if resp.StatusCode == http.StatusNotFound || resp.StatusCode >= 500 {
//		time.Sleep(backoff)
//		continue // reported: HTTP 404 goes round
//	}
//
// A branch that leaves on the deterministic answer, a negated test, and a
// loop over items that skips the missing ones (no retry loop) are not.
//
// Nor only for code: a table of retryable statuses that a classifier looks
// up is a list of "retry" answers. A package-level map keyed by HTTP
// statuses, or a slice or array of them, whose name says retry
// (defaultRetriableErrors, retryableStatuses; not nonRetryableStatuses),
// that holds statuses only, at least one of them a retry signal (408,
// 425, 429, 5xx), and is read in the package, is reported at each
// deterministic entry (400, 401, 403, 404, 405, 409, 410, 422).
//
// Nor only for classifiers handed to a retry API: a package function that
// returns a closure deciding on a status threshold builds a retry
// condition wherever it is used. When the closure answers "retry" (an enum
// constant named for it, or true when the factory or the closure's type is
// named for retrying: Retryer, RetryPolicy) on `status >= bound` (or >),
// its only comparison of the status, a bound below 500 admits the client
// errors: a constant bound is reported at the closure's return, a bound
// that is the factory's parameter at each call of the package passing
// such a constant:
//
//	func Over(code int) Retryer {
//		return func(a Attempt) (Decision, error) {
//			if a.Response != nil && a.Response.StatusCode >= code {
//				return Retry, nil
//			}
//			return Ignore, nil
//		}
//	}
//
//	var DefaultRetryer = All(Max(10), Over(300)) // reported: 400 ... 422 retried
//
// Not reported: a bound of 500 or more, a bound not constant at the call,
// a closure that also compares the status otherwise (4xx answered apart),
// one answering "abort" or a bool not named for retrying (a "failed"
// check).
//
// Two judges find them. The classifier's body is evaluated path by path
// for each deterministic failure it can recognise — an HTTP status in its
// *http.Response parameter (with a nil error) or in an error value with a
// StatusCode field or method when it reads one, a Postgres error with
// SQLSTATE 23505 or 23503 when it reads pgconn or pq errors, a JSON
// syntax or type error when it reads encoding/json types — with the same
// evaluator that judges context errors for noretrycanceled; a return that
// a certain path reaches with "retry" is reported, so catch-alls after a
// range (if code >= 500 { ... }; return true) and computed verdicts
// (return code == 409 || code >= 500) are found. A path that goes through
// a condition the failure may or may not satisfy is no evidence. Beside
// it, a return of a constant "retry" in the body of an if whose condition
// requires a deterministic answer (an operand of && or ||, not under !
// or !=), or in a switch case that names one, is reported whatever the
// rest of the path.
//
// Not reported: the designated classifier itself and the functions it
// calls; a single place; checks that decide nothing (logging, metrics);
// mapping an error to an HTTP response in a handler (not a retry scope or
// verdict); io.EOF in stream reads; status ranges that say "failed" or
// "succeeded" (>= 400, < 300) rather than "transient"; a lookup of the
// status in a map or set (a table is already one place).
package classifiercentral
