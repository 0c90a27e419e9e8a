// Package wait is the suite's one model of waiting: what a wait site is,
// what a select waits for, and which functions wait and how.
//
// Every analyzer that asks "does this wait, and can the caller's
// cancellation cut it short?" asks here, so two analyzers never disagree
// about the same site. A wait site is one of:
//
//   - a blind sleep: time.Sleep(d);
//   - a timer receive outside a select: <-time.After(d), <-t.C;
//   - a select, whose cases are typed (Case): a context's Done, a signal
//     channel (a chan struct{} closed to broadcast: quit, stop), a timer,
//     a work channel (a result or a message), a send, a default;
//   - a call of a function that waits, known by its Fact (this package's
//     inference, exported to the packages that import it).
//
// The Fact also says which context parameters a function returns on when
// they are done (Fact.Honors: a context-aware sleep, a wrapper of one),
// decided by the cancellation checks of this package (ExitsWhenDone,
// DoneCond, NotDoneCond, DoneCaseStays, ExitsOnErr), which the passes
// above also use to tell whether a retry scope checks its caller's
// context. So "this function waits, and how" — blindly, for its
// duration parameter, or until its context is done — is one fact.
//
// The package sits below retryscope and ctxaware and imports neither:
// they, and the rule analyzers, build on it.
package wait
