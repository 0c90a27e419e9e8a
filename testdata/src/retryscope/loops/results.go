package loops

import (
	"context"
	"errors"
	"net"
	"time"
)

// Retry loops whose success or failure is a result value, whose attempt
// runs in a nested failover loop or in the for post, or whose attempt
// advances a cursor; each with the look-alike that is no retry.

type strategy interface{ NextBackoff() time.Duration }

var errNotObtained = errors.New("not obtained")

func obtain(ctx context.Context, key string) (bool, error) { return false, nil }

// A lock not obtained is retried with backoff; errors are terminal.
func obtainLock(ctx context.Context, key string, retry strategy) error { // want obtainLock:"honors\\(0\\)"
	for { // want "retry loop, attempt obtain \\[.*result-value"
		ok, err := obtain(ctx, key)
		if err != nil {
			return err
		} else if ok {
			return nil
		}
		backoff := retry.NextBackoff()
		if backoff < 1 {
			return errNotObtained
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
	}
}

func ready(ctx context.Context) (bool, error) { return false, nil }

// Twin: a poll waits for a result at a fixed interval; no retry.
func waitReady(ctx context.Context) error { // want waitReady:"honors\\(0\\)"
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		ok, err := ready(ctx)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

type partition struct{ Code int }
type commitResp struct{ Parts []partition }

const codeStale = 7

func commit(ctx context.Context) (*commitResp, error) { return nil, nil }

// A failure flag computed from the response's codes, retried a bounded
// number of times; errors are terminal.
func commitStale(ctx context.Context) (*commitResp, error) { // want commitStale:"honors\\(0\\)"
	staleRetries := 0
	for { // want "retry loop, attempt commit"
		resp, err := commit(ctx)
		if err != nil {
			return nil, err
		}
		stale := false
		for _, p := range resp.Parts {
			if p.Code == codeStale {
				stale = true
			}
		}
		if stale {
			staleRetries++
			if staleRetries > 10 {
				break
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(500 * time.Millisecond):
			}
			continue
		}
		return resp, nil
	}
	return nil, errors.New("stale")
}

// Twin: the same shape waiting for a state at a fixed interval is a poll.
func waitSettled(ctx context.Context) (*commitResp, error) { // want waitSettled:"honors\\(0\\)"
	for {
		resp, err := commit(ctx)
		if err != nil {
			return nil, err
		}
		pending := false
		for _, p := range resp.Parts {
			if p.Code != 0 {
				pending = true
			}
		}
		if pending {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		return resp, nil
	}
}

type nodesResp struct{ Total int }

func nodes(ctx context.Context) (*nodesResp, error)   { return nil, nil }
func decode(r *nodesResp, out *struct{ N int }) error { return nil }

// Request errors are retried; success is a test of the decoded result.
func requireNodes(ctx context.Context, want int) error { // want requireNodes:"honors\\(0\\)"
	for attempt := range 30 { // want "retry loop, attempt nodes"
		resp, err := nodes(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(2 * time.Second):
			}
			continue
		}
		var out struct{ N int }
		if err := decode(resp, &out); err != nil {
			return err
		}
		total := out.N
		if total >= want {
			return nil
		}
		_ = attempt
	}
	return errors.New("not enough nodes")
}

// Twin: a worker that backs off on errors and never leaves on a result.
func drain(ctx context.Context, sink func(int)) { // want drain:"callsparam\\(1\\)" drain:"honors\\(0\\)"
	for {
		resp, err := nodes(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
			continue
		}
		sink(resp.Total)
	}
}

type rows []map[string]string

func peers(ctx context.Context) (rows, error) { return nil, nil }
func closeIter() error                        { return nil }

// Failures jump forward to the wait they share; success is a result.
func agree(ctx context.Context, deadline time.Time) error { // want agree:"honors\\(0\\)"
	var err error
	for time.Now().Before(deadline) { // want "retry loop, attempt peers"
		versions := map[string]bool{}
		var rs rows
		rs, err = peers(ctx)
		if err != nil {
			goto wait
		}
		for _, row := range rs {
			versions[row["version"]] = true
		}
		if err = closeIter(); err != nil {
			goto wait
		}
		if len(versions) <= 1 {
			return nil
		}
	wait:
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return err
}

// Twin: a failure that jumps out of the loop leaves; no retry.
func agreeOnce(ctx context.Context, deadline time.Time) error { // want agreeOnce:"honors\\(0\\)"
	for time.Now().Before(deadline) {
		rs, err := peers(ctx)
		if err != nil {
			goto fail
		}
		if len(rs) <= 1 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return nil
fail:
	return errors.New("query failed")
}

func head(ctx context.Context, url string) (int, error) { return 200, nil }

// The attempt runs in a failover over the URLs; the outer loop waits.
func healthcheck(ctx context.Context, urls []string) error { // want healthcheck:"honors\\(0\\)"
	for { // want "retry loop, attempt head"
		for _, u := range urls {
			code, err := head(ctx, u)
			if err != nil {
				continue
			} else if code >= 200 && code < 300 {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Twin: a sweep that marks the live nodes never leaves on success.
func sweep(ctx context.Context, urls []string, mark func(string)) { // want sweep:"callsparam\\(2\\)" sweep:"honors\\(0\\)"
	for {
		for _, u := range urls {
			_, err := head(ctx, u)
			if err != nil {
				continue
			}
			mark(u)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// Twin: the nested loop waits; it is the retry loop, not the ticker loop
// around it.
func tickRetry(ctx context.Context, urls []string) error { // want tickRetry:"honors\\(0\\)"
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		for i := 0; i < 3; i++ { // want "retry loop, attempt head"
			_, err := head(ctx, urls[0])
			if err == nil {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
		}
	}
}

type future struct{}

func (f *future) Done(ctx context.Context) (bool, error) { return false, nil }
func delayForBackoff(d time.Duration, attempt int, cancel <-chan struct{}) bool {
	return true
}

// The attempt is in the for post, success is the loop condition, and
// polling errors back off and poll again.
func waitForCompletion(ctx context.Context, f *future, retries int) error { // want waitForCompletion:"honors\\(0\\)"
	done, err := f.Done(ctx)
	for attempts := 0; !done; done, err = f.Done(ctx) { // want `retry loop, attempt \*ast.SelectorExpr \[.*post-attempt`
		if attempts >= retries {
			return err
		}
		delay, n := time.Second, 0
		if err == nil {
			delay = 5 * time.Second
		} else {
			n = attempts
			attempts++
		}
		if !delayForBackoff(delay, n, ctx.Done()) {
			return ctx.Err()
		}
	}
	return err
}

// Twin: a poll that leaves on its first error.
func pollCompletion(ctx context.Context, f *future) error { // want pollCompletion:"honors\\(0\\)"
	done, err := f.Done(ctx)
	for ; !done; done, err = f.Done(ctx) {
		if err != nil {
			return err
		}
		if !delayForBackoff(time.Second, 0, ctx.Done()) {
			return ctx.Err()
		}
	}
	return err
}

type rateLimited struct{ RetryAfter time.Duration }

func (e *rateLimited) Error() string { return "rate limited" }

type pager struct{ items []string }

func (p pager) Next(ctx context.Context) (pager, error) { return p, nil }

// A paginator fetches the same page again after waiting out a rate
// limit: the attempt advances the cursor it reads.
func allItems(ctx context.Context) (out []string, err error) {
	p := pager{}
	for err == nil { // want `retry loop, attempt \*ast.SelectorExpr \[.*cursor`
		p, err = p.Next(ctx)
		var rl *rateLimited
		if err == nil {
			out = append(out, p.items...)
		} else if errors.As(err, &rl) {
			select {
			case <-ctx.Done():
				err = ctx.Err()
			case <-time.After(rl.RetryAfter):
				err = nil
			}
		}
	}
	return out, err
}

type page struct {
	Items []string
	Next  string
}

func list(ctx context.Context, cursor string) (*page, error) { return nil, nil }

// A cursor passed as an argument and advanced from the response.
func listAll(ctx context.Context) ([]string, error) { // want listAll:"honors\\(0\\)"
	var out []string
	cursor := ""
	for { // want "retry loop, attempt list"
		pg, err := list(ctx, cursor)
		if rl := (*rateLimited)(nil); errors.As(err, &rl) {
			select {
			case <-ctx.Done():
				return out, ctx.Err()
			case <-time.After(rl.RetryAfter):
			}
			continue
		}
		if err != nil {
			return out, err
		}
		out = append(out, pg.Items...)
		cursor = pg.Next
		if cursor == "" {
			return out, nil
		}
	}
}

// Twin: an accept loop backs off on temporary errors, advances nothing
// and never leaves on success.
func serve(ctx context.Context, ln net.Listener, handle func(net.Conn)) error { // want serve:"callsparam\\(2\\)" serve:"honors\\(0\\)"
	for {
		conn, err := ln.Accept()
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		if err != nil {
			return err
		}
		go handle(conn)
	}
}

func delayForBackoff2(d time.Duration, attempt int) time.Duration { return d }

// Twin: a poll that hands its backoff a constant attempt waits a fixed
// interval; no retry.
func waitRegistered(ctx context.Context) error { // want waitRegistered:"honors\\(0\\)"
	for {
		ok, err := ready(ctx)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delayForBackoff2(time.Second, 0)):
		}
	}
}

// The stale commit is retried only when the generation moved on; the
// retry is one inner path of the failure branch.
func commitNewGen(ctx context.Context, gen func() int) (*commitResp, error) { // want commitNewGen:"callsparam\\(1\\)" commitNewGen:"honors\\(0\\)"
	retries, old := 0, gen()
	for { // want "retry loop, attempt commit"
		resp, err := commit(ctx)
		if err != nil {
			return nil, err
		}
		stale := len(resp.Parts) > 0 && resp.Parts[0].Code == codeStale
		if stale {
			retries++
			if retries > 10 {
				break
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(500 * time.Millisecond):
			}
			if g := gen(); g != old {
				old = g
				continue
			}
		}
		return resp, nil
	}
	return nil, errors.New("stale")
}

type secret struct{ TTL time.Duration }

func renewLease(ctx context.Context) (*secret, error) { return nil, nil }

// Twin: a renewal loop renews on success and backs off on errors; it
// leaves when the lease runs out, on both paths: no success exit.
func watchLease(ctx context.Context, grace time.Duration) error { // want watchLease:"honors\\(0\\)"
	var remaining time.Duration
	for {
		s, err := renewLease(ctx)
		if err != nil && errors.Is(err, context.Canceled) {
			continue
		}
		if err == nil {
			remaining = s.TTL
		}
		if remaining <= grace {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(remaining / 2):
		}
	}
}

// Twin: a break in a select case leaves the select, not the loop; the
// worker goes round on success too.
func flushWorker(ctx context.Context, jobs <-chan string) { // want flushWorker:"honors\\(0\\)"
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			err := callCtx(ctx)
			if err == nil {
				break
			}
			_ = err.Error()
		}
	}
}

type message struct {
	Last bool
	Body string
}

func recvMsg(ctx context.Context) (*message, error) { return nil, nil }

// Twin: a consumer backs off on receive errors and leaves on the last
// message; it handles the others, so leaving is no success exit.
func consume(ctx context.Context, handle func(string)) error { // want consume:"callsparam\\(1\\)" consume:"honors\\(0\\)"
	for {
		msg, err := recvMsg(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		if msg.Last {
			return nil
		}
		handle(msg.Body)
	}
}

type index struct{ n uint64 }

func (i index) Next(prev index) index { return i }

type plan struct {
	last  index
	stopC chan struct{}
}

func (p *plan) stopped() bool                            { return false }
func (p *plan) watch(ctx context.Context) (index, error) { return index{}, nil }

// Twin: a watch loop follows an index (a cursor) and backs off on errors,
// but ends only when stopped: nothing the attempt returns ends it.
func (p *plan) run(ctx context.Context) {
	failures := 0
	for !p.stopped() {
		idx, err := p.watch(ctx)
		if p.stopped() {
			break
		}
		if err != nil {
			failures++
			select {
			case <-time.After(time.Duration(failures) * time.Second):
				continue
			case <-p.stopC:
				return
			}
		}
		failures = 0
		p.last = idx.Next(p.last)
	}
}

type resultRows struct {
	err  error
	data []string
}

type RetryPolicy interface {
	Attempt(q string) bool
}

func query(ctx context.Context, q, host string) *resultRows { return &resultRows{} }

// The error is a field of the attempt's result, and the loop asks a retry
// policy (which counts and may wait inside) whether to go again.
func queryHosts(ctx context.Context, q string, next func() string, rt RetryPolicy) *resultRows { // want queryHosts:"callsparam\\(2\\)"
	var it *resultRows
	for host := next(); host != ""; { // want "retry loop, attempt query \\[.*retry-policy"
		it = query(ctx, q, host)
		if it.err == nil || rt == nil || !rt.Attempt(q) {
			return it
		}
		if errors.Is(it.err, errNotObtained) {
			host = next()
		}
	}
	return it
}

// Twin: a failover over hosts with no retry policy, no wait and no
// counter tries each host once; no retry loop.
func queryEach(ctx context.Context, q string, hosts []string) *resultRows {
	var it *resultRows
	for _, host := range hosts {
		it = query(ctx, q, host)
		if it.err == nil {
			return it
		}
	}
	return it
}

// Twin: the policy is asked, but the loop goes round on success too (a
// scan that records every host's rows).
func scanHosts(ctx context.Context, q string, next func() string, rt RetryPolicy, sink func(*resultRows)) { // want scanHosts:"callsparam\\(2,4\\)"
	for host := next(); host != ""; host = next() {
		it := query(ctx, q, host)
		if it.err != nil && !rt.Attempt(q) {
			return
		}
		sink(it)
	}
}

type laTask struct{ attempt int }

func sendBeat(ctx context.Context) (*laTask, error) { return nil, nil }

// Twin: a heartbeat inside a task loop. Its branch leaves on an error or
// on "no more work" and otherwise continues the outer loop; the inner
// loop waits for its timer or for other events (whose attempts it
// counts): no success exit of a retry.
func processTask(ctx context.Context, retries <-chan *laTask, resend func(*laTask) bool) error { // want processTask:"callsparam\\(2\\)" processTask:"honors\\(0\\)"
outer:
	for {
		delay := time.Second
	beat:
		for {
			if delay <= 0 {
				t, err := sendBeat(ctx)
				if err != nil {
					return err
				}
				if t == nil {
					return nil
				}
				continue outer
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(delay):
				delay = 0
				continue beat
			case laRetry := <-retries:
				laRetry.attempt++
				if !resend(laRetry) {
					laRetry.attempt--
				}
			}
		}
	}
}

func processResult(ctx context.Context) (*laTask, error) { return nil, nil }

// Twin: success that is not done continues an outer loop, and everything
// else breaks out of it: no path goes round this loop after a failure.
func awaitResults(ctx context.Context) error { // want awaitResults:"honors\\(0\\)"
	var err error
outer:
	for {
		for {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			var res *laTask
			res, err = processResult(ctx)
			if err == nil && res == nil {
				continue outer
			}
			break outer
		}
	}
	return err
}

func acquire(ctx context.Context) (int, error) { return 0, nil }

// A range over a count named for attempts, waiting on a channel variable
// that holds a timer's channel.
func quorum(ctx context.Context, tries, want int, release <-chan struct{}) error {
	for i := range tries { // want "retry loop, attempt acquire"
		n, err := acquire(ctx)
		if err == nil && n >= want {
			return nil
		}
		tc := time.After(time.Duration(i) * 100 * time.Millisecond)
		select {
		case <-tc:
		case <-release:
			return errors.New("released")
		}
	}
	return errors.New("no quorum")
}

// Twin: a range over a slice named for attempts with no wait records each
// one; no retry loop.
func record(ctx context.Context, attempts []int, sink func(int)) { // want record:"callsparam\\(2\\)"
	for _, a := range attempts {
		n, err := acquire(ctx)
		if err == nil {
			sink(n + a)
		}
	}
}
