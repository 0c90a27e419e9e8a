// Package breakerverdict defines an Analyzer that reports circuit breakers
// which count the caller's cancellation as a failure of the dependency.
//
// # Analyzer breakerverdict
//
// breakerverdict: report circuit breakers that count the caller's context.Canceled as a failure of the dependency
//
// A circuit breaker opens when the dependency it guards fails too often.
// Whether an outcome is a failure is the breaker's verdict on the
// dependency, so only errors the dependency is responsible for may count.
// When a client gives up (a user closes the page, a gateway cancels the
// request, a hedged call wins elsewhere) the operation returns
// context.Canceled: the dependency did nothing wrong, it was not even
// given the time to answer. A breaker that counts that error as a failure
// opens on a wave of cancelled requests — a deploy that drops
// connections, a frontend retry storm, a load balancer draining a node —
// and then refuses every request to a healthy dependency for its whole
// cooldown. The cancellation must count as success, or be left out.
//
// Reported:
//
// sony/gobreaker (v1 and v2) Settings that count context.Canceled as a
// failure. gobreaker's default IsSuccessful (used when the field is nil)
// answers false for every non-nil error, so a Settings without
// IsSuccessful does, unless (v2) its IsExcluded excludes context.Canceled:
//
//	cb := gobreaker.NewCircuitBreaker[*Receipt](gobreaker.Settings{ // reported
//		Name:    "payments",
//		Timeout: 30 * time.Second,
//	})
//
// Correct: a success predicate that treats the caller's cancellation as
// success (the suggested fix adds this one, importing errors and context
// when needed), or, in v2, an IsExcluded that leaves it out of the counts:
//
//	cb := gobreaker.NewCircuitBreaker[*Receipt](gobreaker.Settings{
//		Name:    "payments",
//		Timeout: 30 * time.Second,
//		IsSuccessful: func(err error) bool {
//			return err == nil || errors.Is(err, context.Canceled)
//		},
//	})
//
// The Settings literal (or `var st gobreaker.Settings`) is reported when
// it reaches a constructor that consults IsSuccessful — NewCircuitBreaker
// in both majors, NewTwoStepCircuitBreaker and NewDistributedCircuitBreaker
// in v2 — directly, through local variables whose other fields are set on
// the way, through a helper's parameter or a function's result in this
// package, through a pointer field of a config (Breaker:
// &gobreaker.Settings{...}, later NewCircuitBreaker(*cfg.Breaker)) unless
// its verdict fields are set through the field or the pointer is handed
// to a function that may set them, or through a function of another
// package that builds the
// breaker from its parameter unchanged (a middleware's
// NewCircuitBreaker(settings gobreaker.Settings); such functions are
// recorded as facts, shown as settingsSink[i] in tests). It is reported
// whether or not the operations the breaker guards take a context today:
// a breaker built around a call without a context gets a context-aware
// call tomorrow, and the Settings is where the verdict is written (an
// operation that itself turns the cancellation into a nil error is
// another matter: see below).
//
// A Settings whose IsSuccessful answers false for context.Canceled is
// reported too, in the literal or set by `st.IsSuccessful = pred`, at the
// return that answers it when the predicate is written in place, at the
// predicate otherwise:
//
//	IsSuccessful: func(err error) bool {
//		var he *HTTPError
//		if errors.As(err, &he) && he.Code < 500 {
//			return true // a 4xx is the request's fault
//		}
//		return err == nil // reported: context.Canceled arrives here
//	},
//
// failsafe-go circuit breakers whose failure conditions match
// context.Canceled. failsafe-go's circuitbreaker.Builder counts every
// non-nil error as a failure until a HandleErrors, HandleErrorTypes or
// HandleIf call says which errors are failures; after one of these, the
// errors no condition matches are successes (HandleResult alone leaves
// every error a failure). The circuit breaker records the outcome of what
// it wraps whatever the execution's context says. Reported: a builder
// chain from circuitbreaker.NewBuilder to Build with none of these calls
// (also when the builder is held in a local variable and configured in
// steps), circuitbreaker.NewWithDefaults, HandleErrors(context.Canceled)
// (also through a package variable holding it), and a HandleIf predicate
// that answers "failure" (true) for context.Canceled, such as the
// catch-all `return err != nil`:
//
//	cb := circuitbreaker.NewBuilder[any]().
//		HandleIf(func(_ any, err error) bool { return err != nil }). // reported
//		WithFailureThreshold(5).
//		Build()
//
// Correct:
//
//	cb := circuitbreaker.NewBuilder[any]().
//		HandleIf(func(_ any, err error) bool {
//			return err != nil && !errors.Is(err, context.Canceled)
//		}).
//		WithFailureThreshold(5).
//		Build()
//
// or HandleErrors with the dependency's own errors (HandleErrors(ErrUnavailable)).
//
// Breakers told of each outcome by the caller (streadway/handy's
// Breaker.Success and Breaker.Failure) whose failure recorder runs on the
// branch of a bare nil test, the body of if err != nil or the else of if
// err == nil, in a function that takes a context and never names
// context.Canceled, context.DeadlineExceeded or ctx.Err():
//
//	defer func(begin time.Time) {
//		if err == nil {
//			cb.Success(time.Since(begin))
//		} else {
//			cb.Failure(time.Since(begin)) // reported
//		}
//	}(time.Now())
//
// Functions marked //reslint:breaker in their doc comment: the success
// predicate of a hand-written breaker (error in, true for "the dependency
// did fine" out). A return that answers false for context.Canceled is
// reported. This one passes:
//
//	//reslint:breaker
//	func isSuccess(err error) bool {
//		if err == nil {
//			return true
//		}
//		if errors.Is(err, context.Canceled) {
//			return true // the client left: not the dependency's fault
//		}
//		var he *HTTPError
//		if errors.As(err, &he) && he.Code < 500 && he.Code != 429 {
//			return true // a 4xx other than 429 is the request's fault
//		}
//		return false
//	}
//
// A marked function that is not shaped as a success predicate (no error
// parameter, or a result other than one bool) is reported, since nothing
// could be checked.
//
// How a predicate is judged. Its body is evaluated path by path for the
// error context.Canceled: errors.Is, ==, switch cases, errors.As and type
// switches on the error, net.Error methods, calls of functions of the
// same package (followed a few levels deep) and values assigned once are
// understood. A finding needs a path that context.Canceled certainly
// takes and a return whose value is known. A condition that does not
// depend on the error (a configuration flag, a field of the receiver) may
// go either way, so both of its branches are paths the error takes: a
// predicate that counts the cancellation as a failure in its "strict"
// mode is reported. A predicate held in a
// variable, a function declared elsewhere in the package and a method
// value (IsSuccessful: b.isSuccess) are followed to their bodies. A
// predicate that uses gRPC's status or codes packages guards gRPC calls,
// and a gRPC client reports the caller's cancellation as a status with
// code Canceled (status.FromError of a bare context.Canceled says "not a
// status"): such a predicate is judged for that status instead, so
// `if s, ok := status.FromError(err); ok { switch s.Code() { case
// codes.OK, codes.Canceled, codes.NotFound: return true } }; return false`
// passes, and `return status.Code(err) == codes.NotFound` does not.
//
// Deliberately not reported (when the rule cannot decide, it is silent):
//
//   - a predicate whose answer for context.Canceled depends on a function
//     the analyzer cannot see (another package, a parameter, a field, an
//     interface method), or on a condition it cannot evaluate for that
//     error: `return err == nil || isClientError(err)` with isClientError
//     in another package passes;
//   - a predicate from another package (IsSuccessful: lib.IsSuccess);
//   - a Settings without IsSuccessful that is not seen to reach a
//     gobreaker constructor unchanged: it is followed through local
//     variables (other fields may be set on them), the parameters of this
//     package's helpers and the results of this package's functions; a
//     Settings whose IsSuccessful or IsExcluded is assigned after the
//     literal, whose address is taken, that is reassigned, or that is held
//     in an exported package variable or a struct field is left alone;
//   - the Settings of a package that settles the verdict where the breaker
//     runs the operation: an operation handed to a gobreaker Execute that
//     returns a nil error in a branch whose condition names
//     context.Canceled (`if errors.Is(err, context.Canceled) { return v,
//     nil }`). Which breaker runs which operation is not followed, so one
//     such operation clears the package;
//   - the Settings of a program (package main) in which no expression is
//     a context.Context or an *http.Request: no operation its breakers
//     run can see a caller's cancellation (a command wrapping http.Get);
//   - in v2, `st.IsSuccessful = pred` on a Settings whose IsExcluded may
//     be set somewhere (a field of a struct, a parameter, a variable whose
//     IsExcluded is mentioned);
//   - a Settings given only to v1's NewTwoStepCircuitBreaker, which never
//     consults IsSuccessful (its done callback takes the verdict);
//   - a failsafe-go builder that leaves the function or is configured
//     where it cannot be followed (passed to a helper, returned, stored in
//     a field before Build), and HandleErrorTypes, whose type matching is
//     not modelled; HandleErrors(errs...) with a spread list;
//   - context.DeadlineExceeded. A request that timed out is the
//     dependency's slowness as often as the caller's spent budget, and a
//     breaker that opens on timeouts is doing its job; telling the two
//     apart needs the caller's context, which a success predicate does
//     not see;
//   - 4xx answers. A client error is the request's fault, not the
//     dependency's, and counting it as a failure is the same mistake; but
//     errors carry HTTP statuses in types of each code base's own, so
//     there is no general way to ask a predicate "what about a 404".
//     Treat 4xx (except 429, which is the dependency shedding load) as
//     success in the predicate you write.
//
// In gobreaker v2, IsExcluded is asked first: an IsExcluded that answers
// true for context.Canceled (or whose answer cannot be decided) settles
// the question whatever IsSuccessful says. Excluding the cancellation is
// slightly more precise than counting it as success (in the half-open
// state an excluded request neither closes nor reopens the breaker); the
// suggested fix uses IsSuccessful because it exists in both majors.
package breakerverdict
