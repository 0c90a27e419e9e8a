// Package noretrycanceled defines an Analyzer that reports retries of
// requests whose caller has gone.
//
// # Analyzer noretrycanceled
//
// noretrycanceled: report retries of requests whose caller has cancelled or whose deadline is spent
//
// A cancelled context means the caller left; an exceeded deadline means
// the budget is spent. Both say "stop", not "try again". Retrying them
// burns a connection of a dependency that may already be struggling, for
// a result nobody will read.
//
// N1: a retry classifier answers "retry" for context errors.
//
// A retry classifier is a predicate handed to a retry API (retry-go's
// retry.RetryIf, client-go's retry.OnError, go-retryablehttp's
// Client.CheckRetry, failsafe-go retrypolicy builders' HandleIf and
// HandleErrors, and AbortIf with the opposite meaning), a classifier-shaped
// argument of a retry helper, a function marked //reslint:classifier, or
// a function shaped func(error) bool, func(error) (bool, time.Duration) or
// func(error) E (E an enum) whose name says retry, retryable, retriable,
// transient or classify. A predicate whose true means "stop" answers
// "retry" with false: AbortIf, a predicate handed to a retry helper that
// gives up when it says true (if isFatal(err) { return err }: the
// helper's body decides, then its parameter's name, then the argument's),
// and a marked predicate named IsFatal, isPermanent, IsNonRetryable or
// isTerminal (or, named neutrally, used that way). Its `return true` for
// context.Canceled is correct; its `return false` is the retry reported.
// Its body is followed path by path for the error
// context.Canceled (and for a gRPC status error with codes.Canceled when
// it uses gRPC's status package); a return that answers "retry" is
// reported, whether an explicit branch leads there or a catch-all:
//
//	func isRetryable(err error) bool {
//		var ne net.Error
//		if errors.As(err, &ne) && ne.Timeout() {
//			return true
//		}
//		return err != nil // reported: context.Canceled is retried too
//	}
//
// Fixed, context errors are excluded first:
//
//	func isRetryable(err error) bool {
//		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
//			return false
//		}
//		...
//	}
//
// errors.Is, errors.As and errors.Unwrap of the drop-in error packages
// (github.com/pkg/errors, golang.org/x/xerrors, github.com/go-faster/errors,
// emperror.dev/errors) are read as the standard ones; those of
// github.com/cockroachdb/errors are not (its Is also matches errors by
// message and type across a network).
//
// switch status.Code(err) is judged by the codes it names: status.Code
// returns codes.Unknown for any error that is not a gRPC status,
// context.Canceled included, so "retry" on codes.Unknown is reported.
//
// context.DeadlineExceeded is subtler: a per-attempt timeout surfaces as
// DeadlineExceeded too, and retrying it is right while the caller's
// context is alive (go-redis retries dial timeouts on purpose). So
// "retry" for DeadlineExceeded — including a "retry on timeout" branch,
// since DeadlineExceeded is a net.Error whose Timeout() is true — is
// reported only when the classifier cannot tell the two apart: it does
// not look at a context (ctx.Err(), ctx.Done(), context.Cause, or
// delegating to retryablehttp.DefaultRetryPolicy), and the code that uses
// it does not check the parent's Err() before classifying (a careful
// retry helper does; failsafe-go does; retry-go, client-go's OnError and
// go-retryablehttp do not). A classifier registered with a retry library
// or marked //reslint:classifier that has no visible user is judged
// alone; one found only by its name and shape with no use in its package
// is not judged in its package (its importers may screen context errors
// first). Instead, when it answers "retry" for context.Canceled, the
// packages that import it judge their calls: a call in retry code with a
// caller's context in scope, where nothing screens context errors or
// checks the caller's context before or after it, is reported there:
//
//	if !retryutil.IsRetryable(err) { // reported: it retries cancellations
//		return err
//	}
//
// An inline catch-all in a retry loop (shouldRetry := err != nil ||
// resp.StatusCode >= 500; if !shouldRetry { break }) retries the
// request's own cancellation too, but the harm happens only where the
// loop then waits or goes round without looking at the context, and
// that is reported once, under N2, at the wait or the loop; a loop that
// waits in a select on ctx.Done() leaves at once after a cancellation,
// so its catch-all is harmless and not reported.
//
// N2: a retry loop ignores its context.
//
// In a retry loop (or the loop of a retry helper) with a context in
// scope, a wait that cannot be interrupted — time.Sleep, a bare
// <-time.After(d), a timer receive outside a select with ctx.Done() — is
// reported at the wait; a loop that never consults the context between
// attempts is reported at the loop. A function that retries by calling
// itself after a failed attempt (an error, or a retry status of the
// response: switch resp.StatusCode { case 429: time.Sleep(d); return
// c.do(req, attempt+1) }) has its blind waits on the path to the
// recursive call reported the same way (the recursive call itself is the
// next attempt, not a wait, even when the function sleeps elsewhere), and
// so are blind waits in the statements before its attempt, which run
// again before every attempt the recursion makes (`if clusterDown {
// time.Sleep(d) }` at the top):
//
//	for attempt := 0; attempt < 5; attempt++ {
//		if err = call(ctx); err == nil {
//			return nil
//		}
//		time.Sleep(backoff(attempt)) // reported
//	}
//
// Fixed:
//
//	t := time.NewTimer(backoff(attempt))
//	select {
//	case <-ctx.Done():
//		t.Stop()
//		return ctx.Err()
//	case <-t.C:
//	}
//
// The pause may sit in a function of the package that the loop calls on
// its failure path (in a branch on the attempt's error, or after the
// test that leaves on success) and hands its context: a reconnect that
// closes, sleeps and dials again. Such a function has the context and
// ignores it for the wait, so the blind wait it makes once in its own
// body (not in a loop of its own, nor in a goroutine) is reported there,
// at the wait, in the same words as a wait in the loop:
//
//	func (p *conn) refresh(ctx context.Context) error {
//		p.c.Close()
//		time.Sleep(250 * time.Millisecond) // reported
//		return p.dial(ctx)
//	}
//
//	for {
//		if err = op(); err == nil {
//			return nil
//		}
//		if errors.Is(err, context.Canceled) {
//			return err
//		}
//		p.refresh(ctx)
//	}
//
// A function that waits on ctx.Done() and the timer, the attempt itself
// (a rate limit inside it is no pause between attempts), and a function
// called on every round are left alone; a function that takes no context
// and sleeps is a blind waiter, reported at the call in the loop.
//
// A loop that goes round on one kind of failure only is a retry loop
// too: the test of that kind waits and goes round, any other error
// leaves, and success leaves right after:
//
//	for {
//		err := t.closeTarget(t.ctx)
//		if errors.Is(err, errNotAttached) {
//			time.Sleep(100 * time.Millisecond) // reported
//			continue
//		} else if err != nil {
//			return err
//		}
//		return nil
//	}
//
// A work loop (a consumer, a queue sender, an accept loop: success goes
// on to the next piece of work) is no retry loop, but its failure path
// may wait and go round, so the step that failed runs again after the
// wait: a retried step. A failure path that, after its wait, looks at
// the stop signals in a select with a default that goes round (select {
// case <-ctx.Done(): return ctx.Err(); default: continue }) is one too:
// the look comes only after the blind wait. So is the failure branch of
// a step function the work loop calls once per round and whose result it
// ignores (r.receiveAndRun(ctx) as a statement, or as a select's default
// case): a branch that tests a call's error, waits and returns runs again
// on the next round. So is a redelivery: a select case that receives
// a refusal (case <-msg.Nacked(), a channel named nack or reject), waits
// and goes round to send the message again. A blind wait on that path is
// reported the same way, and nothing else about the loop:
//
//	for {
//		e, err := q.Peek()
//		if err != nil {
//			time.Sleep(time.Second) // reported
//			continue
//		}
//		send(ctx, e)
//	}
//
// A restart loop (a session such as a connection handler or a
// subscription, run again after it breaks: err := s.serve(ctx); log;
// pause; go round) is judged the same way: a blind pause between runs,
// in a function with a context, is reported; a pause in a select on
// ctx.Done(), or a restart loop with no context that leaves on its own
// closing channel, is not.
//
// Only loops that run the same step again count (no clauses, or a
// condition that counts nothing: in a range loop continue moves on); a
// constant pause of at most 100ms against a busy loop is left alone.
//
// A select on ctx.Done() is no cure when its case does not leave: once
// the context is done, Done() stays ready, so every later round takes
// that case at once and the loop spins through its attempts without
// waiting. A Done case that only logs, continues, breaks out of the select
// alone, or leaves only for context.DeadlineExceeded is reported:
//
//	select {
//	case <-ctx.Done(): // reported
//		log.Printf("context done: %v", ctx.Err())
//	case <-time.After(backoff):
//	}
//
// The spin is reported in any loop whose select waits on a timer beside
// such a Done case, retry loop or not: a wait until a cluster is ready,
// a poll, a periodic job spin the same way once the context is done.
// A case that sets a flag or an error the loop may test, calls a function
// of the package or a func value, or a loop whose condition consults the
// context, is left alone. Such a function does not honor its context in
// the fact shared by the suite either.
//
// A status poll is not a retry loop: a loop that reads a state (its
// operation named get, status, check, describe, ready, ...) and leaves on
// the first error waits only between successful reads, and a cancelled
// read ends it. Its waits are not reported. A poll whose check swallows
// the read's error is no such poll: the check answers "not yet" when its
// read fails, so a failed read waits and reads again like a retry, and a
// blind wait in the loop is reported (a constant pause of at most 100ms
// is left alone):
//
//	flushed := func() bool {
//		resp, err := c.svc.GetFlushState(ctx, req)
//		if err != nil {
//			return false
//		}
//		return resp.GetFlushed()
//	}
//	for !flushed() {
//		time.Sleep(200 * time.Millisecond) // reported
//	}
//
// A retry loop spelled with a backward goto (retry: err = call(ctx); if
// err != nil { time.Sleep(d); goto retry }) is judged the same way.
//
// Handing the context to a function that returns when it is done — a
// context-aware sleep (a sleepOrDone(ctx, d) that selects on ctx.Done()
// and a timer) counts as consulting it. Such functions are recognised
// across packages: reslint records, for every function that checks
// ctx.Err() or receives from ctx.Done() and returns, and never sleeps
// blindly, that it honors its context (the wait model's fact, shared by
// the suite).
// A function waits blindly by what its body does, not by its name: some
// path sleeps or blocks on a timer (a select on timers alone included). A
// sleep-named function that drains a stopped timer and returns it to a
// pool, or a fake clock's Sleep, does not wait.
//
// A retry helper of the code base's own that takes no context and sleeps
// blindly between attempts is reported where it is called with an
// operation that captures the caller's context: once the caller cancels,
// each attempt fails at once and the helper still sleeps out every
// backoff.
//
//	func retryN(n int, op func() error) error { ... time.Sleep(d) ... }
//
//	retryN(3, func() error { return fetch(ctx) }) // reported
//
// The helper may be declared in this package or in another package of
// the code base, known by the facts of its package. A helper that goes
// round again on context.Canceled sleeps out every backoff; one whose
// verdict is not its own (a predicate or condition the caller passes, a
// sentinel stop the operation does not use) still sleeps out the backoff
// in progress when the caller cancels, and is reported wherever a
// caller's context is in scope at the call, whether the operation uses it
// or not (an inline loop there would be judged the same way):
//
//	return retry.Retry(func() error { // reported
//		return w.upload(ctx, l)
//	}, isTemporary, backoff)
//
// A helper built on a condition poller (a function that calls a
// func() (done bool, err error) in a loop that waits until it says done
// or fails) whose condition answers "not done" on its operation's failure
// (if p(err) { return false, nil }) retries that operation, and is such
// a helper. Not reported: a helper that looks at context errors itself
// (it stops on cancellation), an operation that checks the context first
// (if ctx.Err() != nil { return ErrPermanent }: it can end the helper's
// run; not with a helper that retries every error), a condition handed to
// a poller (a poll, not a retry), and a call with no caller context in
// scope.
//
// N3: a retry library is called without the context in scope.
//
//	retry.Do(op, retry.Attempts(5))                    // reported
//	backoff.Retry(op, backoff.NewExponentialBackOff()) // reported
//	wait.ExponentialBackoff(b, cond)                   // reported
//
// Fixed (the first two are the suggested fixes):
//
//	retry.Do(op, retry.Attempts(5), retry.Context(ctx))
//	backoff.Retry(op, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
//	wait.ExponentialBackoffWithContext(ctx, b, condWithContext)
//
// backoff.WithContext anywhere in the wrapper chain is enough:
// backoff.WithMaxRetries(backoff.WithContext(b, ctx), 3) is fine. A
// go-retryablehttp CheckRetry that answers "retry" for a cancelled request
// without looking at ctx.Err() (or delegating to DefaultRetryPolicy or
// ErrorPropagatedRetryPolicy, which do) is reported at that answer, with
// the fix to check ctx.Err() first.
//
// N4: the attempt's error is classified before the parent was checked.
//
// When attempts run under a per-attempt child context
// (context.WithTimeout(ctx, per) in the loop, or a helper such as a
// runAttempt(ctx, per, op) that does it, known by CtxFact), classifying the
// attempt's error before checking the parent's Err() confuses a
// per-attempt timeout with the caller leaving:
//
//	actx, cancel := context.WithTimeout(ctx, per)
//	err = op(actx)
//	cancel()
//	if retryable(err) { // reported
//		continue
//	}
//
// Fixed: check the parent first, as a careful retry helper does:
//
//	if ctx.Err() != nil {
//		return errors.Join(err, ctx.Err())
//	}
//	if retryable(err) { ... }
//
// A context that can never be done — context.Background(),
// context.TODO(), context.WithoutCancel(ctx), WithValue of one, or a
// variable (a parameter too, once reassigned) holding one, or an
// unexported struct field whose one store in the package is one (a
// transport's lifetime context made with Background() in its
// constructor) — has an Err() that is always nil: it is never the parent N4 asks to check, and never
// a context in scope that N2 asks a loop to honor. Work detached that way
// on purpose (a flush that must finish after the request went) is not
// reported: a retry loop whose attempt is handed context.WithoutCancel of
// a context (directly, or under a per-attempt WithTimeout, WithDeadline
// or WithCancel of it) is meant to outlive the caller, and so are its
// waits, even with the caller's ctx still in scope. A bare Background()
// handed to the attempt says nothing of intent (it is how a context gets
// forgotten) and the loop stays judged.
//
// Contexts in scope are context parameters and locals, the Context() of
// an *http.Request in scope (messages name it r.Context()), for a retry
// loop the context of a value in scope that its attempts run under
// through an accessor (ctx, cancel := context.WithTimeout(cli.Ctx(), d),
// or cli.Ctx() handed to the attempt: the client's owner cancels it; an
// accessor used only to log is no context of the loop), and
// context-typed fields of the receiver or of values in scope, one struct
// level deep (s.ctx, c.pool.ctx): a retry loop of a worker that sleeps
// blindly while its struct's context is done keeps sleeping after
// shutdown (N2). A context field of a struct the function builds itself
// (opts := QueryOptions{...}) is not one: if its context came from the
// caller, that context is in scope by its own name, and if the literal
// left it out, nobody can cancel it. Nor, for N2, is the context of a
// function that starts the loop in a goroutine (Start(ctx) { go func()
// { for { ... } }() }) when the goroutine never reads that context and
// leaves on a stop channel of its own: the worker is meant to outlive
// the call that started it. They count for N1 (a caller's context in scope at a
// classifier's use) and N4 too: a per-attempt child of s.ctx or
// r.Context() is judged like one of ctx, and the message names the
// parent as written. N3 asks only for context variables and
// r.Context(): a library call is given a context argument, and a field
// is the component's lifetime, not the caller's.
//
// Deliberately not reported:
//
//   - anything in _test.go files (the suite's test-file policy; the
//     -reslint.tests setting turns them on): tests poll with short sleeps,
//     drive retry mechanics with stand-in predicates, and no caller of
//     theirs goes away;
//   - a classifier found only by its name and shape whose every use in
//     the package sits behind a test that leaves on context.Canceled
//     (switch err { case context.Canceled, ...: return }, errors.Is, a
//     ctx.Err() check); calls through an interface method the
//     classifier's type implements count as uses. A classifier found
//     only by its name with no use in its package is not judged
//     (unexported, it is dead code; exported, its importers are out of
//     sight);
//   - loops that wait in a select with ctx.Done() (directly or through
//     done := ctx.Done()); a select with a default case, which polls and
//     does not wait; a select that waits on another channel besides the
//     timer (it may be the cancellation) — except a bare receive from a
//     chan struct{} field such as s.quit, which is the owner's shutdown
//     signal, not the caller's cancellation (reported under N2); a blind sleep beside a select on
//     ctx.Done(), the fallback for a context that cannot be cancelled;
//   - loops that call a local closure whose body consults the context
//     (sleep := func(d time.Duration) bool { select { case <-ctx.Done():
//     ... } }), and calls that look like waits (clk.SleepContext(ctx,
//     d)) and are handed the context, whatever they are called through;
//   - loops that hand the context to a call whose error ends the loop (by
//     Go's convention such a call fails once the context is done), and
//     loops that do not go round again when the attempt fails with
//     context.Canceled (they retry only specific errors);
//   - helpers that receive the context and check it; classifiers that
//     answer "no retry" for context errors before any catch-all;
//   - anything that needs a context when none is in scope (N2, N3; a
//     local set to context.Background() or context.TODO() carries no
//     caller);
//   - DeadlineExceeded in classifiers that look at the caller's context,
//     or whose users check it before classifying, or check it before the
//     next attempt: an override right after (if ctx.Err() != nil {
//     retryable = false }), a wait that returns once it is done (select
//     on ctx.Done(), or if err := sleepOrDone(ctx, d); err != nil { return
//     err }), a loop condition such as ctx.Err() == nil, or a check at
//     the top of the loop body; or have no caller context in scope; the
//     same checks after the verdict silence N4, whose harm is a retry for
//     a caller that has gone;
//   - DeadlineExceeded in a retry-go RetryIf predicate of a call that
//     also passes retry.Context: after a "retry" retry-go waits in a
//     select on the context's Done() and returns once it is done; the
//     same for a classifier called inside the operation of such a call,
//     or of a helper of the package that hands the caller's context to
//     one (retryOperation(ctx, op) running retry.Do(op,
//     retry.Context(ctx))), unless that context can never be done;
//   - a function found only by its name whose every use is outside retry
//     code (client-go decides with isTransientError whether to refetch a
//     cached error for a new caller: "retry with a different context");
//   - classifiers whose body is not visible in the package, and paths
//     through conditions on the error that cannot be decided (calls of
//     other packages' functions, func values);
//   - retry-go option lists spread from a slice or built by a helper;
//     BackOffs that come from parameters, fields or other functions;
//   - failsafe-go HandleErrors(context.DeadlineExceeded): failsafe-go
//     checks the caller's context before it classifies.
package noretrycanceled
