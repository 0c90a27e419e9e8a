// Package backoffjitter defines an Analyzer that reports waits between
// retry attempts to which no random value contributes.
//
// # Analyzer backoffjitter
//
// backoffjitter: report retry waits without jitter, which make clients retry in lock step
//
// When a dependency fails, every client sees the failure at about the same
// moment. If each then waits a deterministic time before its next attempt
// (a constant, base * attempt, base << attempt, a wait multiplied by a
// constant factor each round) they all come back at the same moments too:
// a thundering herd that hits the recovering dependency in synchronised
// waves and can keep it down long after the original cause is gone (a
// metastable failure). Exponential backoff lowers the rate of retries;
// only jitter, a random part in every wait, lowers their correlation. Both
// are needed.
//
// Reported, between retry attempts: in the body of a retry loop (a loop
// that runs an operation, leaves when its error is nil and can go round
// again when it is not), in the loops of a retry helper (inferred from
// what it does, or marked //reslint:retry) that run its operation, and
// between the runs of a restart loop (one that runs a session, such as a
// subscription that returns when its connection ends, its error channel
// fires or a liveness timer finds it stale, then waits and runs it again:
// "between reconnects"), and in the failure branch of a work loop (a
// consumer or a reader whose `if err != nil` branch waits and goes round,
// so the step that failed runs again after the wait), and in a drain loop
// (`for len(pending) > 0`) that puts the work that failed back into the
// set it drains:
//
//	for attempt := 0; attempt < 5; attempt++ {
//		if err = call(ctx); err == nil {
//			return nil
//		}
//		time.Sleep(base << attempt) // reported: exponential backoff base << attempt
//	}
//
// and likewise `time.Duration(math.Pow(2, float64(attempt))) * base`,
// `base * time.Duration(attempt)` (linear backoff), `wait = wait * 3 / 2`
// or `wait *= 2` (grown by a constant factor), and a constant such as
// `time.Sleep(time.Second)`. Correct code waits a random share of the
// backoff, full jitter:
//
//	backoff := min(base<<attempt, maxWait)
//	time.Sleep(rand.N(backoff)) // math/rand/v2
//
// or equal jitter, which keeps at least half of it:
//
//	time.Sleep(backoff/2 + rand.N(backoff/2))
//
// math/rand (or math/rand/v2) is the right tool here: jitter needs
// spread, not unpredictability, so a security linter that flags math/rand
// as weak randomness in a backoff is wrong, and crypto/rand only costs
// more. Values from crypto/rand count as random too.
//
// A wait is time.Sleep(d); time.After(d) (or the After of a clock
// abstraction, any func(time.Duration) <-chan time.Time: clock.After(d)),
// time.NewTimer(d) or timer.Reset(d) whose channel (also when kept in
// a variable, waitCh = time.After(d), and received later) is received on its own or in a select whose
// other cases only receive from done channels (ctx.Done(), a chan
// struct{}); and a call of a sleep helper, a function recognised by what it
// does (it waits for exactly its time.Duration parameter in one of those
// ways, or through another sleep helper), exported as a fact so that a
// helper in one package is known in every package that imports it:
//
//	func sleep(ctx context.Context, d time.Duration) error {
//		t := time.NewTimer(d)
//		defer t.Stop()
//		select {
//		case <-ctx.Done():
//			return ctx.Err()
//		case <-t.C:
//			return nil
//		}
//	}
//
// A retry helper that waits one of its time.Duration parameters,
// unchanged, between attempts (Retry(times int, delay time.Duration, op
// func() error)), or a function that hands a parameter of its own on to
// such a helper's delay, is marked by DelayParamFact ("delayparam(1)",
// across packages); the delay is then judged at each call, on the value
// passed: `Retry(10, 10*time.Second, op)` waits a constant 10s between
// attempts, while a caller's jittered value, or a parameter handed on,
// is not reported there.
//
// The tick of a ticker made before the loop and never reset in its
// function (`t := time.NewTicker(d)` received as `<-t.C`, or `tick :=
// time.Tick(d)`), received in one of those ways, is a wait too, judged
// where the ticker is made; a select case of it must do nothing but go
// on (work done in the tick's own case is a periodic job run on the tick).
// So is a loop that ranges over the ticker's channel (`for range t.C`,
// `for range time.Tick(d)`): each round waits for the next tick, and the
// loop is a retry loop when its attempt leaves on success and goes round
// on failure (also by a break out of a select that ends its body:
// `select { case <-quit: return; default: if err := register(); err !=
// nil { break }; return nil }`). Its ticks stay on the grid of its creation
// however long each attempt takes, so clients that failed together stay
// in step: a period that is a setting (a field, `time.NewTicker(
// c.opts.Reconnect)`) is reported even when the package gives it no
// default, unless it is a parameter.
//
// A sleep helper waits once: a function that sleeps in a loop is not one.
// A time.After or timer in a select that also receives a result is an
// attempt timeout, not a wait between attempts, and is not judged.
//
// A timer in a select at the end of a failure branch waits between
// attempts when its case goes round (`case <-time.After(d): continue`),
// even if the loop leaves after the select otherwise.
//
// A failure handler waits between attempts too: a function of the
// package called in the scope on the failure path (inside `if err !=
// nil`, or handed the error) that waits once, outside any loop of its
// own (a recover that closes the connection, sleeps and dials again; a
// handleError(ctx, err, backoff) that waits backoff.Next() in a select
// with ctx.Done() and returns nil to go on). Its wait is judged with the
// handler's parameters bound to the caller's arguments, so a policy the
// caller made from the package's default strategy is followed, while
// one the caller was given leaves it unknown. A pause taken before every
// attempt, failed or not, and a handler that polls in a loop of its own
// are not judged. A loop that runs a session and hands its error to such
// a handler, leaving when the handler answers with an error, is a
// restart loop.
//
// A wait whose duration is a variable that a loop grows by a constant
// factor on its failure path only (`if err != nil { wait *= 2 } else {
// wait = p.minWait }`, also `wait = min(wait*2, max)` or `wait <<= 1`)
// is a backoff between a failed attempt and the next, in a loop that is
// no retry scope of another kind: a reconnect loop that serves a signal
// channel and signals itself again after a failed dial, a flush loop on
// a timer (`t.Reset(delay)`). A variable grown on every round (a poll's
// interval stretched while it waits for a state) is not one, nor is a
// backoff after a failed operation on this machine only (an accept on
// the process's own listener), and loops left alone as scopes (polls,
// local attempts) are not judged again.
//
// The duration is followed backwards through local variables (every value
// assigned to one, anywhere), struct fields (every value stored in one in
// the package), and the results of functions of the package (with their
// parameters bound to the arguments). A field the code increments (b.n++
// in a backoff's Next) is an attempt counter kept in the receiver, not a
// setting. A call of an interface method (a policy's b.Next()) is
// followed into the methods of the concrete types of this package its
// receiver may hold: what the package itself stores there (a composite
// literal, a constructor, a default strategy's NewBackoff), judged like a
// setting by its default when an option also stores the user's policy;
// when any of them draws a random value the wait is left alone, and a
// receiver the package stores nothing of its own in (a parameter, an
// injected policy, another package's value) leaves it unknown. A call of an unexported func-typed
// variable or field is followed into the function literals the package
// stores in it, when it stores nothing else there (a default backoff set
// when the user gave none); a value from a parameter or an option,
// another function, a literal of a test, or an exported field (the
// user's option) leaves it unknown. A function of another package is
// known through a fact it exports: "returns random" when a random value
// contributes to its duration result, as in
//
//	func Jitter(d time.Duration) time.Duration { return d/2 + rand.N(d/2) }
//
// and "returns server" when its result is a server-provided delay.
//
// The diagnostic sits on the wait's duration argument and names the
// formula found, also when it was computed elsewhere (an earlier
// assignment, a helper of the package):
//
//	exponential backoff base << attempt between retry attempts has no random
//	part, so after an outage every client retries in lock step and the herd
//	keeps the dependency down; wait a random share of it: rand.N(d) (full
//	jitter) or d/2 + rand.N(d/2) (equal jitter)
//
// No fix is suggested for these: where the random part goes, and whether
// the backoff is capped first, is the author's choice.
//
// Not reported (each is a decision: when a wait cannot be judged, it is
// left alone):
//   - any wait to which a math/rand, math/rand/v2 or crypto/rand value
//     contributes, on any path;
//   - a wait the server chose: a Retry-After (or similar) header, a gRPC
//     RetryInfo delay, also when carried through a struct field or a
//     helper's result. The code's own fallback, waited when the server
//     names no delay, is judged though, when it grows with the attempt
//     (`if ra > 0 { d = ra } else { d = base << attempt }`, a helper
//     parseRetryAfter(resp, delay) that returns delay when the header is
//     missing, with `delay *= 2` each round): a rate limiter or a failing
//     dependency often sends no header, and the fleet then backs off in
//     step. It is reported at its formula. A constant or configured
//     fallback is left alone (it is as often the server delay's cap or
//     default as its stand-in), and so is a server delay capped or
//     raised by a computed one (min(ra, max), max(ra, backoff));
//   - a wait computed by a function whose body is not visible and that
//     exports no fact (an interface method on a receiver the package
//     puts none of its own types in, a func value, another
//     package's function), including a library backoff's NextBackOff:
//     those libraries jitter by default, and their configuration is
//     judged where it is written (below); except library backoff
//     functions known to have no random part, called by hand
//     (retryablehttp.DefaultBackoff(min, max, i, nil): exponential; with
//     a response it may return the server's Retry-After, and is then
//     left alone);
//   - a wait that is a parameter as is, or a field or package variable
//     with no constant default in the package: the caller may have
//     jittered it. A formula built on one (p.Base << attempt) is
//     reported, and so is a field or variable that the package only ever
//     sets to constants, judged by its largest (`d := time.Minute; if
//     l.ReconnectDelay != 0 { d = l.ReconnectDelay }`, or `RetryEvery:
//     5 * time.Second` in the constructor): a duration field holds one
//     value for the whole process, so every client waits that same
//     default on every attempt;
//   - waits of a loop whose attempt acts on this machine only: the file
//     system (os.Stat, os.ReadFile...), a local subprocess (exec.Cmd's
//     Run, Output...), an accept on the process's own listener, or a
//     call whose target is this host: an address or connection string
//     naming localhost, 127.0.0.1 or [::1], given as an argument, the
//     receiver's origin (db.Ping on sql.Open(driver, dsn)) or a local
//     built from such a constant (fmt.Sprintf("postgres://%s@localhost:5432/db", pw),
//     net.JoinHostPort("127.0.0.1", port)). It waits out a local
//     condition (a signal file not there yet, a flaky local tool, too
//     many open files, a server the process just started), with no
//     shared dependency for a fleet of clients to stampede;
//   - waits in a function that takes a *testing.T, *testing.B, *testing.F
//     or testing.TB: a test harness waiting for its own server or
//     cluster is one process, with no fleet of clients to fall into step;
//   - a wait of zero, and a constant wait no longer than the
//     -backoffjitter.minwait setting (100ms by default): between short
//     polls each attempt's own latency varies by a sizeable share of the
//     wait, so clients drift out of step by themselves;
//   - waits in func literals inside a retry loop (goroutines, callbacks),
//     and waits outside retry loops; a status poll is no retry loop
//     either, even with an attempt counter: it reads a state (GetStatus,
//     isReady, describeJob, a reader) and leaves on the first error (also
//     when the read runs in the select case after the pacing wait, and
//     when it goes round only on a "nothing yet" sentinel such as
//     io.ErrNoProgress or ErrNotReady), so its waits pace successful
//     reads, not retries of a failure;
//   - a wait for a state: a wait reached only when the attempt's answer
//     is one specific value that is no fault, pinned by the conditions
//     around the wait or the guards before it that leave (`if
//     apiErr.StatusCode != http.StatusNotFound { return err }`,
//     `errors.Is(err, ErrAuthorizationPending)`, `apiErr.Code ==
//     "unknown_pending_call"`): an HTTP status below 500 other than 408,
//     409, 423, 425 and 429, a code string, or a sentinel error, none of
//     them named for an outage, overload, conflict, lock or timeout. A
//     resource not created yet or a token not authorized yet is waited
//     for; an outage leaves the loop at once, so the fleet does not come
//     back through this wait. A wait reached on a fault as well (`||
//     errors.Is(err, ErrUnavailable)`) stays reported;
//   - a wait on a path that only leaves the loop (reconnecting sessions
//     one per second after success, then returning): no attempt follows
//     it;
//   - waits inside the operation of a retry helper (a retry closure such
//     as the func passed to retry.Do): the helper waits between attempts,
//     so a sleep in the operation only adds to that wait, which is judged
//     where the helper is configured (below) or written (its loop);
//   - a wait taken through a func value (other than an unexported one
//     the package only ever sets to its own function literals, above):
//     not followed (a loop that goes back with goto is a retry loop like
//     any other); a wait taken from a table (delays[i], or ranging over
//     it) is judged only when the table is written once,
//     as constants, and never grown: then it is a fixed schedule
//     ("fixed delay table", reported when its largest entry is longer
//     than -backoffjitter.minwait);
//   - backoff.ConstantBackOff: a deliberately constant policy.
//
// Also reported, wherever they are written:
//
// github.com/cenkalti/backoff (v4, v5): an ExponentialBackOff whose
// RandomizationFactor is 0, written as `RandomizationFactor: 0`, assigned
// with `b.RandomizationFactor = 0`, or passed as
// `backoff.WithRandomizationFactor(0)`; and an ExponentialBackOff
// composite literal without the field, unless its function (for a
// package-level literal, which is often copied and then tuned: the
// package) stores a non-zero RandomizationFactor into an
// ExponentialBackOff. The default of 0.5 is set only by
// NewExponentialBackOff, a literal gets 0:
//
//	b := &backoff.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2} // reported
//
// The suggested fix writes backoff.DefaultRandomizationFactor (the value
// NewExponentialBackOff uses) in place of the 0, or adds the field.
// Correct code:
//
//	b := backoff.NewExponentialBackOff()
//	b.InitialInterval = time.Second
//
// github.com/avast/retry-go (any major): retry.DelayType with
// BackOffDelay, FixedDelay, or a CombineDelay of only those. The option
// replaces the library's default delay, CombineDelay(BackOffDelay,
// RandomDelay), so the jitter is gone (MaxJitter only feeds RandomDelay).
// An omitted DelayType keeps the default and is fine. The suggested fix
// combines the delay with retry.RandomDelay:
//
//	retry.DelayType(retry.BackOffDelay)                                    // reported
//	retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)) // fine
//	retry.DelayType(retry.FullJitterBackoffDelay)                           // fine
//
// A backoff function written by the user and handed to a library as its
// wait between attempts (retry.DelayType(func...), go-grpc-middleware's
// grpc_retry.WithBackoff and WithBackoffContext, retry.WithBackoff in v2:
// a function literal, a local given one, or a function of the package)
// is evaluated with its integer parameters as the attempt number, and
// reported at its return when no random value contributes:
//
//	grpc_retry.WithBackoff(func(attempt uint) time.Duration {
//		return 60 * time.Millisecond * time.Duration(math.Pow(3, float64(attempt))) // reported
//	})
//
// google.golang.org/grpc: a backoff.Config composite literal written as
// the Backoff of a grpc.ConnectParams (the connection backoff) whose
// Jitter is 0, written or left out. gRPC multiplies each reconnect delay
// by 1 + Jitter * (a random value in [-1, 1)); backoff.DefaultConfig has
// 0.2, a literal gets 0. An empty literal, one whose function (for a
// package-level literal: the package) later stores a non-zero Jitter, and
// a Config used for anything else (pacing a local accept loop) are left
// alone:
//
//	grpc.ConnectParams{Backoff: backoff.Config{BaseDelay: 15 * time.Second, Multiplier: 2, MaxDelay: 5 * time.Minute}} // reported
//	bc := backoff.DefaultConfig; bc.MaxDelay = time.Minute                                                           // fine
//
// Backoff factories without a random part, wherever they are called:
// go-grpc-middleware's retry (v1 grpc_retry and v2) BackoffLinear(d),
// which waits d before every retry (reported when d is longer than
// -backoffjitter.minwait), and BackoffExponential(d); and their
// WithJitter siblings given a jitter fraction of 0. The library has the
// jittered sibling with the same arguments:
//
//	grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second))                // reported
//	grpc_retry.WithBackoff(grpc_retry.BackoffLinearWithJitter(time.Second, 0.2)) // fine
//
// The backoff strategy of a self-retrying HTTP client (pester's and
// go-retryablehttp's Client.Backoff) set, in a composite literal or by
// assignment, to a function with no random part: a library function
// without one (pester.LinearBackoff, ExponentialBackoff, DefaultBackoff),
// or a function literal or function of the package whose result no random
// value contributes to, with its attempt parameter counting attempts.
// A strategy that returns a setting (`func(int) time.Duration { return
// h.Backoff }`) is a constant policy: the client asks it before every
// retry, and the setting is one value for the whole fleet. A strategy
// that may return the server's Retry-After is judged on its fallback
// only, as a wait is (above): reported when the backoff it computes
// without the header grows with the attempt and has no random part:
//
//	client.Backoff = func(_ int) time.Duration { return h.Backoff }                   // reported
//	client.Backoff = func(_ int) time.Duration { return h.Backoff/2 + rand.N(h.Backoff/2) } // fine
//	client.Backoff = func(min, max time.Duration, n int, resp *http.Response) time.Duration {
//		if d, ok := retryAfter(resp); ok {
//			return d // the server's: fine
//		}
//		return min << n // reported: what throttled clients wait without the header
//	}
//
// A retry delay option set to a positive constant under a millisecond:
// azcore's policy.RetryOptions RetryDelay and MaxRetryDelay,
// go-retryablehttp's Client RetryWaitMin and RetryWaitMax, cenkalti's
// ExponentialBackOff InitialInterval and MaxInterval, gRPC's
// backoff.Config BaseDelay and MaxDelay, and apimachinery's wait.Backoff
// Duration and Cap. A bare number there (`RetryDelay: 100`, meant as
// milliseconds) is that many nanoseconds: the retries come back to back
// with no backoff at all. Zero (the library's default) and negative
// values (deliberately no delay) are left alone.
//
// Not judged: sethvargo/go-retry backoffs without WithJitter and
// k8s.io/apimachinery wait.Backoff without Jitter (their policies are
// often deliberately deterministic, for example in controllers that are
// already spread by their work queues).
package backoffjitter
