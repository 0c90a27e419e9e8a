// Package timerstop defines an Analyzer that reports timers and tickers
// that outlive their use, taking into account the Go version each file is
// compiled for.
//
// # Analyzer timerstop
//
// timerstop: report timers and tickers that are never stopped, leak a goroutine or poll a dead channel
//
// Go 1.23 changed timers. Before it, a Timer or Ticker that is never
// stopped stays in the runtime until it fires (a Ticker: forever), even
// when nothing references it, and its channel has a buffer of one, so a
// tick that fired unread survives a Reset. Since Go 1.23 an unreferenced
// timer is collected whether or not it was stopped, and its channel is
// unbuffered: Reset and Stop discard a pending tick, and len(t.C) is 0.
//
// At run time the behaviour is chosen for the whole process by
// GODEBUG=asynctimerchan, whose default comes from the main module's go
// line. A linter sees packages, not the programs they are linked into, so
// timerstop uses the version of each file (the module's go line, or a
// //go:build go1.N constraint) as the stand-in: a file written for go1.22
// may be built into programs with the old semantics. This is the choice
// staticcheck's SA1015 makes too. A file whose version is unknown (a
// GOPATH-mode build, or a build system that passes no version) gets the
// old semantics: that is what the go command gives a program without a go
// line (it assumes go1.16 for GODEBUG purposes), so the bugs below are
// real there.
//
// The rules, and what each reports before and since Go 1.23:
//
// T1, timer or ticker not stopped on every path (before go1.23; since
// go1.23 only with -timerstop.strict, worded as a cost, except for the
// ticker held by a goroutine below). A time.NewTimer
// or time.NewTicker held by a local variable that does not escape, with a
// path from its creation to a return of the function on which it is not
// stopped, is reported at the creation, naming the return:
//
//	t := time.NewTimer(d) // reported: the return in the ctx.Done case leaves it live
//	select {
//	case <-ctx.Done():
//		return ctx.Err()
//	case <-t.C:
//		return nil
//	}
//
// The fix, offered as a suggested fix when the creation is a short
// variable declaration outside loops:
//
//	t := time.NewTimer(d)
//	defer t.Stop()
//
// The proof is made on the control-flow graph, as vet's lostcancel does
// for cancel functions: every path from the creation to a return must
// call t.Stop() (a deferred Stop covers every later return), or, for a
// Timer, receive from t.C (the timer has fired and is gone; a later Reset
// arms it again). Paths that end in panic, os.Exit, log.Fatal or another
// function that never returns are not paths to a return: the builtin
// panic, a function of this package none of whose paths returns (decided
// on its own graph, through the package's helpers), and calls named like
// os.Exit, log.Fatal*, log.Panic*, t.Fatal*/FailNow/Skip* or
// runtime.Goexit. A helper of another package that never returns (a
// project's own fatal wrapper in a shared package) is not known: the path
// through it is taken to return, and T1 may report a timer there. (The
// graphs are built only for the functions examined; earlier releases
// computed them, and never-returning functions across packages, for every
// function of every package analyzed or imported.) Neither is the
// nil branch of `if err := srv.Serve(l); err != nil`, for a call
// documented to always return an error (http.Server's Serve and
// ListenAndServe and their package-level forms). A timer declared
// in a loop (`t := time.NewTimer(d)`) and not stopped before the loop
// declares the next one is reported too; a variable declared outside the
// loop and assigned in it is assumed to be guarded (`if t == nil`). The
// CFG does not know what conditions hold, so one infeasible-path shape is
// recognised: a `for cond` loop whose condition variable is assigned in
// the select case that receives the tick ends only after the tick. Not reported: a timer or ticker that escapes, because
// someone else owns it then: returned, stored in a field, global, map,
// slice or channel, assigned to another variable, passed to a function,
// used as a method value, or captured by a closure or goroutine that
// stops it; its channel handed to anyone but a receive; a variable
// assigned more than once; main.main, whose return ends the process.
// A ticker read by a goroutine the function starts is reported without a
// suggested fix (stopping it on return would starve the goroutine; the
// goroutine should stop it when it exits); when that goroutine can never
// exit, T5 reports it instead. Since go1.23 this one is reported without
// -timerstop.strict too: Go 1.23 collects only unreferenced tickers, and
// the goroutine keeps this one referenced, so after the function returns
// it keeps firing for as long as the goroutine runs.
//
// A ticker stored in a struct field (s.tk = time.NewTicker(d), or a
// keyed literal) is reported, before go1.23, when no code of the package
// stops that field and the package has a type that can be ended (a
// method named Close, Stop, Shutdown ...): each closed owner leaves its
// ticker running. Not reported: a field the package uses in any other way
// than receiving from its channel or resetting it (handed to a function,
// copied: someone else may stop it), and packages with no such method,
// whose tickers live as long as the process.
//
//	tk := time.NewTicker(d) // reported, in every version
//	go func() {
//		for {
//			select {
//			case <-quit:
//				return
//			case <-tk.C:
//				flush()
//			}
//		}
//	}()
//
// The fix is `defer tk.Stop()` as the goroutine's first statement. Not
// reported since go1.23 without -timerstop.strict: a function that may
// block after starting the goroutine (a Wait call, a receive, a select, a
// range over a channel), since the goroutine may have exited by the time
// it returns; and, in every version, a ticker the function stops by
// defer or that the goroutine stops, and a function that never returns.
//
// A ticker handed as an argument to a goroutine, go f(context.Background(),
// tk), is reported in every version when f, a function of the package,
// only receives from it and returns only when its context is done, and
// that context can never be done (Background, TODO, WithoutCancel): the
// goroutine and the ticker run forever. Not when the context can be
// cancelled, f stops the ticker, or f may return on anything else.
//
// T2, time.After in a loop (before go1.23; since go1.23 only with
// -timerstop.strict, worded as an allocation per iteration). time.After
// evaluated on every iteration of a loop, in a select with other cases,
// leaves timers behind in two ways. When another case wins and the loop
// goes round, each such iteration leaves a timer until its duration
// elapses, so a busy loop with a long timeout piles up timers:
//
//	for {
//		select {
//		case m := <-msgs:
//			handle(m)
//		case <-time.After(time.Minute): // reported
//			return errIdle
//		}
//	}
//
// And when the timer's case is the one that goes round (the retry wait)
// while another case leaves on the cancellation of a function called per
// request — the Done() of its context parameter, of r.Context(), or of a
// context derived from them, also through a local given the result of a
// function of the package that returns such a Done channel (done :=
// contextForRequest(req), returning req.Context().Done()), or the Cancel
// channel of its *http.Request parameter — every cancelled call leaves its timer live
// until the duration elapses, which with a long backoff under a wave of
// cancellations adds up the same way. A long-lived loop that leaves
// once — on a quit or stop channel, a context held in a field, a loop
// whose only way out is that cancellation (a worker's Run(ctx)), a loop
// in a goroutine — leaves one timer, once, and is not reported.
//
//	for {
//		if err := op(); err == nil {
//			return nil
//		}
//		select {
//		case <-ctx.Done():
//			return ctx.Err()
//		case <-time.After(backoff): // reported
//		}
//	}
//
// The fix for both is one timer, stopped when the function leaves:
//
//	t := time.NewTimer(backoff)
//	defer t.Stop()
//	for {
//		...
//		select {
//		case <-ctx.Done():
//			return ctx.Err()
//		case <-t.C:
//			t.Reset(backoff)
//		}
//	}
//
// The timer may be spelled other ways: `ch := time.After(d)` as a
// statement of the loop body with `case <-ch:` in a select of the same
// iteration; a function that returns a fresh timer channel (a
// jitteredTimeout(d) that returns time.After(...), or time.NewTimer(d).C,
// on every return but nil ones), known in every package that imports it
// by a FreshTimerFact; and a channel re-armed in a case body,
//
//	case m := <-msgs:
//		handle(m)
//		timeout = time.After(idle) // reported: the pending timer is dropped unfired
//	case <-timeout:
//
// which replaces a pending timer each time that case wins. Not reported:
// time.After outside loops; a re-arm under a guard on the channel (`if
// ch == nil { ch = time.After(d) }`), which keeps the pending timer, or
// in the case that received from it (it has fired), or in a case that
// then leaves; loops where the timer's case leaves too (time.After then
// runs once per loop); a select whose default case leaves the loop (the
// timer's case is then hardly ever chosen); other cases that only end the
// process (panic, log.Fatal); a function that returns the same channel
// each time, or its argument on some path. A `case <-ctx.Done():` (the
// Done of a context.Context variable or field, or of r.Context()) counts
// as leaving even if its body falls through: once done
// it stays done, and the code after the select checks it or fails on it.
// The duration is not looked at: a short one bounds the cost, but the
// fix costs nothing either.
//
// T3, time.Tick outside a forever loop (before go1.23). time.Tick's
// ticker can never be stopped; in a function that can return it keeps
// firing afterwards and is never collected. Reported unless the function
// never returns (an endless loop without break or return; ranging over
// the tick channel counts as endless), is main.main or init (which run
// once for the life of the process) or a function literal started directly
// in them, outside loops, or hands the channel to someone else
// (returned, stored, passed to a call). A goroutine the function starts
// is not someone else: go report(time.Tick(d), codes) in a constructor
// starts, per call, a reader that cannot stop the ticker either, and is
// reported like a local tick channel the goroutine reads. time.Tick
// evaluated on every iteration of a
// loop is reported even in a function that never returns: it leaks one
// ticker per iteration. Use time.NewTicker and defer its Stop.
//
// T4, Reset without Stop-and-drain (before go1.23). t.Reset(d) on a
// local time.NewTimer timer, on a path from the timer's creation or its
// previous Reset that neither received from t.C nor stopped and drained
// it: a tick that fired unread stays in the channel, and the next receive
// returns at once with a stale time.
//
//	case m := <-msgs:
//		handle(m)
//		t.Reset(d) // reported: t may have fired while msgs won
//
// Write `if !t.Stop() { <-t.C }` (or a select with a default case) before
// Reset. A Stop whose result is used counts as handled. A timer can only
// have fired if time passed while it ran, so a path on which no call or
// channel operation lies between the start and the Reset (or a plain
// Stop) is not reported: resetting a timer right after creating it, or
// creating it and stopping it at once (the idiom for a stopped timer).
//
// T5, goroutine ranging over a ticker channel (every Go version). A
// goroutine whose loop is `for range tk.C` (or `for { <-tk.C ... }`, or
// a select whose only cases receive from tk.C) with no other exit, when
// the function that started it stops tk, or drops it without stopping it:
// Stop does not close the channel, so after the stop the goroutine blocks
// forever, and when nothing stops tk the ticker and the goroutine run
// forever after the function returns. Also reported for a ticker held in
// a struct field (`for range s.tk.C` in a goroutine while some method
// calls s.tk.Stop()), and across the function boundary: a helper that
// creates the ticker, starts the goroutine and returns the ticker (or a
// struct literal holding it, such as a wrapper embedding the
// *time.Ticker), which a caller in the package stops (`hb :=
// startHeartbeat(); defer hb.Stop()`, or c.hb = startHeartbeat() with
// c.hb.Stop() in Close).
// A loop whose only exits come after its tick is reported when the ticker
// is stopped, too: `for range tk.C { if done() { return } }`, or `for {
// <-tk.C; if ready.Load() { break } }` in a goroutine whose starter
// defers tk.Stop(). The exit is looked at only on a tick, and once the
// ticker is stopped no tick comes. Not when the goroutine says it has
// left (wg.Done(), close(ch), a send followed by return or break), which
// the stopper may wait for while the ticker still runs, nor when an exit
// lies before the receive.
// Select on a done channel or ctx.Done() too, and return. Not reported:
// a returned ticker no caller here stops; a goroutine that creates (and so owns) its own
// ticker, a ticker started in main.main or init (process lifetime), a
// ticker passed to the goroutine as an argument.
//
// T6, polling len(t.C) or cap(t.C) (go1.23 and later). Timer channels
// are unbuffered there, so len and cap are always 0 and the check is
// dead: `if len(t.C) > 0 { <-t.C }` never drains anything. Use the result
// of Stop or Reset, or a select with a default case.
//
// Each diagnostic's category is its rule id, T1 to T6.
//
// Settings: -timerstop.strict also reports T1 (every unstopped timer
// and ticker) and T2 in go1.23+ files, where an unstopped timer or a
// time.After per iteration costs memory and timer work until collected
// but is no longer a leak.
package timerstop
