// Package retrystorm defines an Analyzer that reports retries which
// multiply load during an outage, and lists every retry scope.
//
// # Analyzer retrystorm
//
// retrystorm: report retries of an open circuit breaker, retries nested in retries, and retries that never end
//
// During an outage, retries multiply load exactly when the dependency can
// least take it. Three shapes do most of the harm.
//
// S1, retrying an open breaker. A breaker that is open (or half-open with
// its probes used) refuses a call in microseconds without calling the
// dependency: gobreaker's ErrOpenState and ErrTooManyRequests,
// failsafe-go's circuitbreaker.ErrOpen, hystrix's ErrCircuitOpen and
// ErrMaxConcurrency, mercari/go-circuitbreaker's ErrOpen. A retry around
// the breaker that answers "retry" for that refusal burns all its
// attempts at once and returns the same error; with a wait between
// attempts it only holds the caller for nothing. Reported: a classifier
// (a library's predicate, a //reslint:classifier function, one found by
// its name and shape) that answers "retry" for the refusal, judged path
// by path with the evaluator that judges it for context errors, or that
// answers "retry" right under a test naming the refusal; and a
// retry scope whose attempt runs through a breaker and that goes round on
// every error (a loop that tests the error only against nil, retry.Do or
// backoff.Retry with no classifier, a helper of the code base known to
// retry every error, a failsafe-go executor whose retry policy comes
// before the breaker and handles every error):
//
//	err := retry.Do(func() error { // reported
//		_, err := cb.Execute(func() (any, error) { return nil, charge(ctx) })
//		return err
//	}, retry.Attempts(5))
//
// Not reported: a classifier or an operation that names the refusal to
// exclude it, asks the breaker's state, a hystrix call with a fallback
// (the fallback gets the refusal), a breaker outside the retry
// (failsafe.With(breaker, retryPolicy)), go-retry (it retries only what
// the operation marks retryable).
//
// Correct: the refusal is not retried, so the caller takes its fallback:
//
//	err := retry.Do(func() error {
//		_, err := cb.Execute(func() (any, error) { return nil, charge(ctx) })
//		return err
//	}, retry.Attempts(5), retry.RetryIf(func(err error) bool {
//		return !errors.Is(err, gobreaker.ErrOpenState) && !errors.Is(err, gobreaker.ErrTooManyRequests)
//	}))
//
// S2, retry amplification. A retry scope whose attempt reaches another
// retry scope, in the same function or through calls of functions that
// retry, in this package or another (a fact carries "this function
// retries" across packages), multiplies the attempts: three layers of
// three attempts send 27 calls per user request into an outage. Clients
// that retry on their own count as a layer: a go-retryablehttp send, an
// AWS SDK v2 service client (3 attempts by default). The finding is at
// the outer scope and names the inner one, with the product when both
// bounds are constants. Retry at one layer (usually the outermost, which
// knows the caller's budget) and let the others fail fast. A deliberate
// layering is marked with //reslint:ignore retrystorm <reason> on either
// scope. A retry loop's attempt is every step whose failure makes it go
// round (open a link, then send on it, going round when either fails),
// not only the first; a step whose failure leaves the loop is none. An
// inner limit read from configuration counts when the package itself
// gives that setting one constant above one and nothing else (its
// constructor's RetryOptions{Count: 3}; tests do not count): the layer
// makes that many attempts unless its caller lowers it.
//
//	for attempt := 0; attempt < 3; attempt++ { // reported: 3 x 3 = 9 calls
//		if err = client.Fetch(ctx, key); err == nil { // Fetch retries 3 times
//			return nil
//		}
//		time.Sleep(time.Second)
//	}
//
// Not reported: an inner retry whose failure ends the outer one (a stream
// reopened with retries, the loop leaving when that fails, only the send
// retried), a retrying call whose error is dropped, a retry in a
// goroutine the attempt starts (also inside a function it calls: a
// connect that starts a background credential refresh retrying on its
// own does not retry itself), recursion, an AWS SDK call whose options
// set its retries, an inner layer whose limit is configuration read at
// run time with no such default (a retry-count field the caller fills
// in, one the package also sets to another value, a default of one, a
// retry policy object: it may allow one attempt; the inventory lists
// it), an inner loop that leaves when its
// backoffer fails (a backoffer handed down the call chain keeps one
// budget for every layer that waits on it), a loop over resources (an idle
// connection popped from a pool, the next address of a list), which
// re-attempts nothing, and layers that retry disjoint errors. The
// attempts multiply only when an error the inner layer gives up on is
// one the outer layer goes round on. A loop that goes round only on
// errors of a known list of classes (sentinel errors, concrete error
// types, HTTP statuses compared one by one; any other error ends it) is
// left alone when the inner layer certainly does not retry any of them:
// its loop, evaluated for each class, ends (a sentinel of a package that
// this package imports, such as os.ErrExist, is never one of this
// package's error types, so errors.As to such a type is false for it); a go-retryablehttp client's
// default policy and every CheckRetry the package sets answer "no retry"
// for the status (a policy taken from the caller's configuration is the
// caller's choice); or a fact says the inner function of another
// package retries only other classes. A loop whose every wait is
// reached only on one answer that is no fault (an HTTP status below 500
// other than 408, 409, 423, 425 and 429, a code string, a sentinel whose
// name says nothing of an outage, overload, conflict or timeout: a bucket
// not created yet, an authorization pending) is left alone around a
// library client that retries faults only (the AWS SDK's standard
// retryer, a go-retryablehttp client). So is a loop whose inner layer
// goes round only on classes that end the outer loop, provided the
// inner hands back the error it gives up on (not a "too many retries"
// of its own, which is another class). A polling loop
// that retries only 404 "not processed yet" around a client that
// retries outages, or a transaction end retried on three coordinator
// codes around a helper that retries only "concurrent transactions":
//
//	for i := 0; ; i++ { // not reported: the client never retries a 404
//		err := c.exec(ctx, req) // retryablehttp: transport errors, 429, 5xx
//		apiErr, ok := err.(*apiError)
//		if err == nil || !ok || apiErr.StatusCode != 404 || i >= 4 {
//			return err
//		}
//		time.Sleep(time.Second)
//	}
//
// When a side cannot be evaluated (a classifier whose body is not
// visible, a test of the error's message or of an interface such as
// net.Error), the finding stays.
//
// S3, retry without an end. A retry loop with no attempt limit, no
// deadline, no context and no stop channel, whose only way out is
// success; a reconnect loop that runs a session (a connection's read
// loop) again after a wait and has no way out at all (no stop channel,
// context, closed flag, loop condition or bound); or a library retry
// told to retry without a limit (retry.Attempts(0),
// retry.UntilSucceeded(), a constant backoff, WithMaxRetries(-1)) with
// no deadline or context. It retries forever while the dependency is
// down and nobody can stop it:
//
//	for { // reported
//		c.readLoop(conn)
//		time.Sleep(time.Second)
//	}
//
// Not reported: reconnect loops that leave on a stop channel or a
// context, loops that test anything besides the attempt's result before
// leaving (a closed flag, a clock), loops that leave when their wait
// fails (`if err := bo.Backoff(kind, err); err != nil { return err }`: a
// backoffer that can fail keeps its own budget of sleep, attempts or
// context), loops that count failures per key
// (tries[path]++ in a local map or slice, compared with a limit: the
// keys of one operation are finite), and retries with a context in
// scope (noretrycanceled judges those).
//
// A program's own loops are not reported: a retry or reconnect loop in
// the body of func main of a main package (not in a goroutine or a
// function literal it starts). There the program is the loop: it exists
// to stay connected, and the signal that ends the process is how it is
// stopped, so "nothing can stop it" does not hold. The same loop in a
// goroutine or another function of the program is reported: the program
// cannot shut it down when it exits cleanly.
//
// reslint -inventory lists every retry scope with its kind (retry
// closure, retry loop, goto retry loop, self-retrying client, restart
// loop, retry by recursion, retry by re-queue), attempt bound, wait (as
// backoffjitter judges it: a closure of the package's own retry helper
// waits as the helper's loop does, a wait a function of the package
// computes is "computed by" it), whether it honours the caller's
// context, the classifier it asks and the scopes its attempt reaches
// (the analyzer's result).
package retrystorm
