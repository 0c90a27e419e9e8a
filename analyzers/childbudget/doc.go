// Package childbudget defines an Analyzer that reports timeouts that can
// never fire because their parent's budget runs out first, retry series
// that do not fit their budget, and calls detached from the caller's
// budget.
//
// # Analyzer childbudget
//
// childbudget: report child timeouts that exceed what their parent has left, retry series that do not fit their budget, and calls detached from the caller's deadline
//
// A request's time budget is set once, at ingress: the API gateway, an
// http.TimeoutHandler, the client's own deadline. Every layer below takes
// strictly less than what is left and keeps a reserve to handle the
// result and write the answer. In Go the budget is carried by the
// context: context.WithTimeout and context.WithDeadline never extend a
// parent's deadline, the nearer deadline wins. A child timeout larger than
// what its parent has left therefore never fires; the setting that looks
// like it protects the call is dead, and whoever reads it is misled about
// how long the call may take.
//
// A worked budget. Ingress gives the request 3 s:
//
//	ingress (http.TimeoutHandler)           3000 ms
//	  auth        takes 200 ms of it         200 ms  (2800 ms left)
//	  profile     takes 400 ms               400 ms  (2400 ms left)
//	  payment     3 attempts x 600 ms
//	              + about 200 ms of backoff 2000 ms  ( 400 ms left)
//	  reserve to encode and write the answer 100 ms  ( 300 ms left)
//	  total                                 2700 ms < 3000 ms: it fits
//
// Each layer asks for less than what its parent has left. Had the payment
// layer set its own 5 s timeout, that timeout could never fire: the 3 s at
// ingress end first.
//
// Durations are judged only when they are constants: typed and named
// constants, 3*time.Second, time.Duration(n)*time.Millisecond with a
// constant n, constant arithmetic, and local variables given such a value
// once. A context's remaining time is known only when the code in sight
// bounds it: a context.WithTimeout(p, d) or
// context.WithDeadline(p, time.Now().Add(d)) with a constant d has at
// most d left, and so has every context derived from it with WithCancel,
// WithValue or a further timeout. The r.Context() of a handler that runs
// only behind http.TimeoutHandler(h, d, msg) with a constant d has at most
// d left: the handler must be an unexported function or method (or live
// in package main) so no other package can register it, and every
// reference to it in the package must be such a wrapping. Every other
// context a function receives (parameters, fields, r.Context()) has an
// unknown budget, and so has context.WithoutCancel(ctx). Whatever is
// unknown is not reported. Context values are followed through local
// variables only where one assignment certainly reaches the use: a
// context reassigned in a branch (`if ... { ctx, cancel =
// context.WithTimeout(ctx, d) }`) or in a loop is unknown after it, and a
// closure sees a variable as it was when the closure was created only if
// nothing assigns it later.
//
// B1, nested constant timeouts. A child timeout that exceeds what its
// parent can have left:
//
//	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
//	defer cancel()
//	qctx, qcancel := context.WithTimeout(ctx, 5*time.Second) // reported: exceeds the 3s left
//
// The child must take less than its parent has left:
//
//	qctx, qcancel := context.WithTimeout(ctx, 2500*time.Millisecond) // leaves 500ms to answer
//
// A child equal to its parent is not reported unless -childbudget.reserve is above 0; then
// a child that leaves its parent less than the reserve (child > left -
// reserve) is reported too; B2 compares a callee's timeout the same way.
//
// B2, a callee's timeout exceeds the caller's budget. Every function
// with a context parameter exports a fact: the largest constant timeout it
// sets on the context it receives there, directly or through the
// functions it hands that context to (computed to a fixed point over the
// package, and across packages through the fact). A call that passes a
// context with at most B left to a function that sets more than B is
// reported, naming the chain:
//
//	func (p *ProfileStore) Load(ctx context.Context, id string) (Profile, error) {
//		ctx, cancel := context.WithTimeout(ctx, 5*time.Second) // fact: sets 5s on ctx
//		...
//	}
//
//	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
//	defer cancel()
//	return s.profiles.Load(ctx, id) // reported: Load sets 5s but ctx has at most 2s left
//
// Either the caller gives the call more than the callee takes, or the
// callee takes less (or sizes its child from what is left, as the clamp
// helper below does). The fact of a function is what it sets on a context
// whose budget it does not know; a timeout it sets under a budget of its
// own (ctx, cancel := context.WithTimeout(ctx, 2*time.Second) first) is
// judged in it, not passed on to its callers.
//
// Only calls to functions and concrete methods are followed; calls
// through interfaces and func values are not. Only timeouts set in the
// module being analyzed are reported (its module path from the build; in
// GOPATH mode, a guess from the import path): a timeout set in a
// dependency's code is that library's cap for callers that bring no
// deadline, and a caller that gives the call less uses it as meant, with
// nothing to change on either side it owns.
//
// B3, attempts that cannot fit. (a) A retry loop with a constant attempt
// bound (for i := 0; i < 3; i++, for range 3) whose attempts each run
// under context.WithTimeout(parent, per), where parent has at most B
// left (set outside the loop) and n*per, plus the constant waits between
// attempts, exceeds B:
//
//	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
//	for attempt := 0; attempt < 3; attempt++ {
//		actx, acancel := context.WithTimeout(ctx, 800*time.Millisecond) // reported: 3 x 800ms = 2.4s > 2s
//		...
//	}
//
// Three attempts of 600ms, or a larger parent, fit. Waits whose length
// is not constant (jittered backoff) count as zero, and a counter also
// advanced in the body is no constant bound.
// (b) A composite literal of a retry-policy struct with constant fields
// for the attempt count, the per-attempt timeout and the total budget
// (field names MaxAttempts|Attempts|MaxTries, PerAttempt|AttemptTimeout|
// PerTryTimeout, Budget|TotalTimeout|MaxElapsedTime, set with
// -childbudget.attemptfields, perattemptfields and budgetfields) is
// reported when the per-attempt timeout is not below the budget, or when
// attempts x per-attempt plus the worst-case capped exponential backoff,
// the sum of min(Cap, Base*2^i) for i < attempts-1 (Base|InitialInterval
// and Cap|MaxInterval|MaxDelay, -childbudget.basefields and capfields),
// exceeds the budget. The message prints the arithmetic:
//
//	retry.Policy{MaxAttempts: 3, Base: 200 * time.Millisecond, Cap: time.Second,
//		PerAttempt: 600 * time.Millisecond, Budget: 2 * time.Second}
//	// reported: 3 attempts x 600ms + 600ms backoff (200ms+400ms) = 2.4s > Budget 2s
//
//	retry.Policy{MaxAttempts: 4, Base: 50 * time.Millisecond, Cap: time.Second,
//		PerAttempt: 400 * time.Millisecond, Budget: 2 * time.Second}
//	// fits: 4 x 400ms + (50+100+200)ms = 1.95s <= 2s
//
// Fields left out, zero or not constant are not judged (a zero usually
// means "the library's default"); without both Base and Cap the backoff
// counts as zero.
//
// B4, detached budget. In a function that has a context.Context or an
// *http.Request parameter, context.Background() or context.TODO() handed
// to a call that takes a context, directly or as the parent of
// WithTimeout, WithCancel or WithDeadline (also through a local variable
// assigned once): the call escapes the request's deadline and
// cancellation.
//
//	func (s *Server) Checkout(ctx context.Context, skus []string) error {
//		return s.stock.Hold(context.Background(), skus) // reported
//	}
//
// The fix, offered as a suggested fix when the function has exactly one
// context (for an *http.Request r, r.Context()), replaces the call:
//
//	return s.stock.Hold(ctx, skus)
//
// A root assigned to the parameter's own name (ctx, cancel :=
// context.WithTimeout(context.Background(), d) in a function that received
// ctx) is the same detachment for every use after it, and is reported; a
// parameter replaced on one path only (if d > 0 { ctx, cancel = ... })
// keeps the caller's context on the other and is not.
//
// When the work must outlive the request (an audit record, a cache
// fill), context.WithoutCancel(ctx) detaches it on purpose, keeps ctx's
// values, and is not reported. So is a root given a deadline of its own
// and handed on under another name (wctx, cancel :=
// context.WithTimeout(context.Background(), time.Second)): choosing a
// fresh budget is a decision, taken for work that must finish after the
// caller has gone (a lease or state write after the job's context ended,
// a cancel or shutdown message); on real code that shape was almost always
// deliberate. A bare root, a WithCancel of one, or a budget that replaces
// the function's own ctx are reported.
//
// Deliberately not reported (B4): main and init; a function whose context
// parameter is blank or unnamed (it ignores its context on purpose); a
// goroutine started on a function literal without a context parameter,
// and a function literal handed to someone else (a queue, a pool, a
// callback) without one: both run later, as background jobs detached on
// purpose; work meant to outlive the request that starts it: a root
// (bare, or WithCancel/WithTimeout/WithDeadline of one) handed to a call
// started with go (`go job(context.Background())`, `go s.loop(bg)`), to a
// call inside a function literal started with go, or to a function of the
// package that starts a goroutine with it, or to a function of any
// package that keeps the context it receives (stores it or a child of it
// in a field of its receiver or of a value it returns, or hands it to a
// goroutine; a context put into a request sent at once is not kept; exported as
// KeepsContextFact, "keepscontext": a connection wrapper whose context
// bounds its whole life, websocket.NetConn(context.Background(), c, typ))
// (a keep-alive or refresh loop:
// `kctx, cancel := context.WithCancel(context.Background()); c.stop =
// cancel; c.startKeepAlive(kctx)`; or a background refresh that starts
// `go fn()` on a local literal using it, while callers keep a stale
// token), as long as the function does not
// cancel that context itself (a goroutine cancelled or waited for before
// the function returns lives no longer than the request, and ignoring the
// request's cancellation is then reported); deferred calls and deferred closures
// (cleanup that must run after the request was cancelled, such as a
// rollback); a root context stored in a field or returned (a component's
// own lifetime); a WithCancel, WithTimeout or WithDeadline of a root
// handed to a call in a function that itself receives from the caller's
// ctx.Done() (a poller given the function's lifetime while the function
// honors the cancellation); a context parameter replaced by a root when it is nil
// (`if ctx == nil { ctx = context.Background() }`);
// WithTimeout(context.Background(), d) in functions without a context
// (adapters such as database/sql drivers' stdlib shims); a root handed to
// a logger (Printf, InfoContext, a method of a *Logger, package log or
// slog), to tracing or metrics (OpenTelemetry, OpenCensus, OpenTracing,
// Datadog's tracer, runtime/trace, the New Relic agent, error reporters
// such as Sentry, Rollbar, Bugsnag, Honeybadger or Airbrake), or to a
// function of the package that hands its context only to those (a
// startSpan helper around tracer.Start), reads only ctx.Value from it
// (through up to five calls), or ignores it: they read the context's
// values, not its deadline; a root whose cancel function is kept by an
// object (assigned to a field, put in a composite literal, returned:
// `listenCtx, cancel := context.WithCancel(context.Background());
// cs.listenCancel = cancel`): the context lives as long as that object
// and its Close ends it; a root handed to teardown (a call whose name starts with
// Close, Shutdown, Stop, Terminate, Kill, Rollback, Abort, Disconnect,
// Unlock, Unsubscribe, Deregister, Unregister, Cleanup, Drain or Leave:
// `_ = svc.StopAndAwaitTerminated(context.Background(), svc)` after a
// failed start), which must finish even when the caller's context is why
// it failed (business verbs such as Cancel, Delete or Release are
// requests and stay reported); a detachment explained where it is made:
// the comment nearest above the statement, at most two lines above it and
// inside the function, names the context and says why ("we use an
// independent context here", "so that every batch runs even if ctx is
// canceled", "detached", "outlive", "on purpose"); a TODO or FIXME is no
// such reason. A cancel of a root handed to a goroutine counts against
// it only when it is deferred or comes after the goroutine starts: a
// cancel before (`if noExpiry { cancel(); return }`) is the path that
// starts none.
//
// Deliberately not reported (B1-B3): a function that reads a context's
// Deadline() is taken to size its children from what is left, so its
// timeouts are not judged and it exports no fact. That covers the clamp
// helper
//
//	func clampChild(ctx context.Context, want, reserve time.Duration) (context.Context, context.CancelFunc) {
//		if dl, ok := ctx.Deadline(); ok {
//			if left := time.Until(dl) - reserve; left < want {
//				want = left
//			}
//		}
//		return context.WithTimeout(ctx, want)
//	}
//
// and "set a timeout only when the caller set none"
// (`if _, ok := ctx.Deadline(); !ok { ctx, cancel = context.WithTimeout(ctx, d) }`),
// whose timeout never applies under a parent with a deadline. Children
// smaller than the parent, durations that are not constants, and parents
// whose deadline is unknown are not reported either.
//
// Settings: -childbudget.reserve (a duration, default 0) and the five
// field-name lists of B3 (b).
package childbudget
