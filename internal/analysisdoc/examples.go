package analysisdoc

// An Example shows one rule: code it reports and the same code fixed.
// `reslint help <rule>` prints it under the rule's text. The code is
// top-level Go declarations without the package clause and imports (a
// test adds them, and checks that the bad code gets the rule and the good
// code nothing).
type Example struct {
	Bad, Good string
	// External is set when the code uses a module outside the standard
	// library (a retry or breaker library): the test only parses it.
	External bool
	// GoVersion is the Go version the files are written for, when the
	// rule depends on it ("go1.22" before the timer change of Go 1.23).
	GoVersion string
	// Flags are the reslint flags the bad code needs to be reported
	// (a listing rather than a problem).
	Flags []string
	// Note replaces the code for a rule no code shows (an internal
	// error).
	Note string
}

// ExampleOf returns the example of a rule id.
func ExampleOf(id string) (Example, bool) {
	e, ok := examples[id]
	return e, ok
}

// examples holds one example per rule id of Rules; a test checks that
// every rule has one.
var examples = map[string]Example{
	"N1": {
		Bad: `//reslint:classifier
func isRetryable(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	return err != nil // context.Canceled is retried too
}`,
		Good: `//reslint:classifier
func isRetryable(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}`,
	},
	"N2": {
		Bad: `func fetch(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(rand.N(time.Duration(attempt) * time.Second))
	}
	return err
}`,
		Good: `func fetch(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		t := time.NewTimer(rand.N(time.Duration(attempt) * time.Second))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}`,
	},
	"N3": {
		External: true,
		Bad: `func fetch(ctx context.Context, call func(context.Context) error) error {
	return retry.Do(func() error { return call(ctx) }, retry.Attempts(5))
}`,
		Good: `func fetch(ctx context.Context, call func(context.Context) error) error {
	return retry.Do(func() error { return call(ctx) }, retry.Attempts(5), retry.Context(ctx))
}`,
	},
	"N4": {
		Bad: `func fetch(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 5; attempt++ {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = call(actx)
		cancel()
		if err == nil || !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		// A per-attempt timeout and the caller's spent deadline look the
		// same here: both are retried.
	}
	return err
}`,
		Good: `func fetch(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 5; attempt++ {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = call(actx)
		cancel()
		if ctx.Err() != nil {
			return errors.Join(err, ctx.Err())
		}
		if err == nil || !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
	}
	return err
}`,
	},
	"I1": {
		Bad: `func charge(ctx context.Context, c *http.Client, body []byte) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", "https://pay.example/charges", bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", rand.Text()) // a new key per attempt
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return err
}`,
		Good: `func charge(ctx context.Context, c *http.Client, body []byte) error {
	key := rand.Text() // one key for every attempt of this charge
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", "https://pay.example/charges", bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return err
}`,
	},
	"I2": {
		Bad: `func charge(ctx context.Context, c *http.Client, body []byte) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", "https://pay.example/charges", bytes.NewReader(body))
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return err
}`,
		Good: `func charge(ctx context.Context, c *http.Client, body []byte) error {
	key := rand.Text()
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", "https://pay.example/charges", bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return err
}`,
	},
	"T1": {
		GoVersion: "go1.22",
		Bad: `func probe(check func() bool, tries int) bool {
	t := time.NewTicker(100 * time.Millisecond)
	for i := 0; i < tries; i++ {
		<-t.C
		if check() {
			return true // t keeps ticking
		}
	}
	return false
}`,
		Good: `func probe(check func() bool, tries int) bool {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for i := 0; i < tries; i++ {
		<-t.C
		if check() {
			return true
		}
	}
	return false
}`,
	},
	"T2": {
		GoVersion: "go1.22",
		Bad: `func drain(ctx context.Context, jobs <-chan func()) {
	for {
		select {
		case <-ctx.Done():
			return
		case job := <-jobs:
			job()
		case <-time.After(time.Minute): // a new timer every round
			return
		}
	}
}`,
		Good: `func drain(ctx context.Context, jobs <-chan func()) {
	idle := time.NewTimer(time.Minute)
	defer idle.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case job := <-jobs:
			job()
			if !idle.Stop() {
				<-idle.C
			}
			idle.Reset(time.Minute)
		case <-idle.C:
			return
		}
	}
}`,
	},
	"T3": {
		GoVersion: "go1.22",
		Bad: `func watch(ctx context.Context, poll func()) {
	tick := time.Tick(time.Second) // never collected
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
			poll()
		}
	}
}`,
		Good: `func watch(ctx context.Context, poll func()) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			poll()
		}
	}
}`,
	},
	"T4": {
		GoVersion: "go1.22",
		Bad: `func consume(msgs <-chan string, handle func(string), idle time.Duration) {
	t := time.NewTimer(idle)
	defer t.Stop()
	for {
		select {
		case m := <-msgs:
			handle(m)
			t.Reset(idle) // t may have fired while msgs won: a stale tick waits in t.C
		case <-t.C:
			return
		}
	}
}`,
		Good: `func consume(msgs <-chan string, handle func(string), idle time.Duration) {
	t := time.NewTimer(idle)
	defer t.Stop()
	for {
		select {
		case m := <-msgs:
			handle(m)
			if !t.Stop() {
				<-t.C
			}
			t.Reset(idle)
		case <-t.C:
			return
		}
	}
}`,
	},
	"T5": {
		Bad: `func heartbeat(send func(), done <-chan struct{}) {
	t := time.NewTicker(time.Second)
	go func() {
		for range t.C { // blocks forever once t is stopped
			send()
		}
	}()
	<-done
	t.Stop()
}`,
		Good: `func heartbeat(send func(), done <-chan struct{}) {
	t := time.NewTicker(time.Second)
	go func() {
		for {
			select {
			case <-done:
				return
			case <-t.C:
				send()
			}
		}
	}()
	<-done
	t.Stop()
}`,
	},
	"T6": {
		GoVersion: "go1.23",
		Bad: `func due(t *time.Timer) bool {
	return len(t.C) > 0 // always 0 since Go 1.23
}`,
		Good: `func due(t *time.Timer) bool {
	select {
	case <-t.C:
		return true
	default:
		return false
	}
}`,
	},
	"B1": {
		Bad: `func handle(ctx context.Context, call func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	cctx, ccancel := context.WithTimeout(ctx, 5*time.Second) // can never fire
	defer ccancel()
	return call(cctx)
}`,
		Good: `func handle(ctx context.Context, call func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	cctx, ccancel := context.WithTimeout(ctx, 2*time.Second)
	defer ccancel()
	return call(cctx)
}`,
	},
	"B2": {
		Bad: `func handle(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return lookup(ctx)
}

func lookup(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second) // the caller has 2s
	defer cancel()
	<-ctx.Done()
	return ctx.Err()
}`,
		Good: `func handle(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return lookup(ctx)
}

func lookup(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	<-ctx.Done()
	return ctx.Err()
}`,
	},
	"B3": {
		Bad: `func handle(ctx context.Context, call func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 5; attempt++ { // 5 × 2s in 3s
		actx, acancel := context.WithTimeout(ctx, 2*time.Second)
		err = call(actx)
		acancel()
		if err == nil || ctx.Err() != nil {
			return err
		}
	}
	return err
}`,
		Good: `func handle(ctx context.Context, call func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(ctx, time.Second)
		err = call(actx)
		acancel()
		if err == nil || ctx.Err() != nil {
			return err
		}
	}
	return err
}`,
	},
	"B4": {
		Bad: `func handle(w http.ResponseWriter, r *http.Request, load func(context.Context) error) {
	if err := load(context.Background()); err != nil { // escapes r's deadline
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}`,
		Good: `func handle(w http.ResponseWriter, r *http.Request, load func(context.Context) error) {
	if err := load(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}`,
	},
	"C1": {
		Bad: `//reslint:classifier
func retryable(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	return errors.Is(err, syscall.ECONNRESET)
}

func send(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if !errors.Is(err, syscall.ECONNREFUSED) { // decided here, not by retryable
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return err
}`,
		Good: `//reslint:classifier
func retryable(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED)
}

func send(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return err
}`,
	},
	"C2": {
		Bad: `func send(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if !errors.Is(err, syscall.ECONNRESET) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return err
}

func fetch(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if !errors.Is(err, syscall.ECONNREFUSED) { // a second list of retryable errors
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return err
}`,
		Good: `//reslint:classifier
func retryable(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED)
}

func send(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return err
}`,
	},
	"C3": {
		Bad: `//reslint:classifier
func retryable(resp *http.Response, err error) bool {
	if err != nil {
		return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
	}
	return resp.StatusCode == http.StatusConflict || resp.StatusCode >= 500 // 409 answers the same next time
}`,
		Good: `//reslint:classifier
func retryable(resp *http.Response, err error) bool {
	if err != nil {
		return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
	}
	return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
}`,
	},
	"backoffjitter": {
		Bad: `func fetch(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond << attempt): // every client in lock step
		}
	}
	return err
}`,
		Good: `func fetch(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(100 * time.Millisecond << attempt)):
		}
	}
	return err
}`,
	},
	"breakerverdict": {
		Bad: `//reslint:breaker
func isSuccessful(err error) bool {
	return err == nil // the caller's cancellation counts as a failure
}`,
		Good: `//reslint:breaker
func isSuccessful(err error) bool {
	return err == nil || errors.Is(err, context.Canceled)
}`,
	},
	"directive": {
		Bad: `func probe(check func() bool) bool {
	//reslint:ignore timerstop
	t := time.NewTimer(time.Second)
	<-t.C
	return check()
}`,
		Good: `func probe(check func() bool) bool {
	t := time.NewTimer(time.Second)
	<-t.C
	return check()
}`,
	},
	"scope": {
		Flags: []string{"-retryscope.show"},
		Bad: `// Listed with -retryscope.show: a loop that retries op, waiting between
// attempts.
func do(ctx context.Context, op func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		if err = op(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return err
}`,
		Good: `// Not a retry scope: a loop over a collection that does not wait.
func each(ctx context.Context, ops []func(context.Context) error) error {
	for _, op := range ops {
		if err := op(ctx); err != nil {
			return err
		}
	}
	return nil
}`,
	},
	"W1": {
		Bad: `func debit(ctx context.Context, db *sql.DB, acct string, cents int) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		// a timeout after the server applied it: the retry debits twice
		_, err = db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", cents, acct)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}`,
		Good: `func debit(ctx context.Context, db *sql.DB, debitID, acct string, cents int) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		// the debit's own id makes a second insert a no-op
		_, err = db.ExecContext(ctx, "INSERT INTO debits (id, account, cents) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", debitID, acct, cents)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}`,
	},
	"W2": {
		Bad: `func label(ctx context.Context, tx *sql.Tx, id, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		// a conflict aborted tx: sending the statement again on it cannot succeed
		_, err = tx.ExecContext(ctx, "UPDATE items SET label = $1 WHERE id = $2", name, id)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}`,
		Good: `func label(ctx context.Context, db *sql.DB, id, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		// each attempt begins, runs and commits its own transaction
		if err = labelOnce(ctx, db, id, name); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}

func labelOnce(ctx context.Context, db *sql.DB, id, name string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE items SET label = $1 WHERE id = $2", name, id); err != nil {
		return err
	}
	return tx.Commit()
}`,
	},
	"W3": {
		Bad: `type Event struct{ ID, Kind string }

func ingest(ctx context.Context, db *sql.DB, events []Event) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = insertEach(ctx, db, events); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}

func insertEach(ctx context.Context, db *sql.DB, events []Event) error {
	for _, e := range events {
		// rows 1-6 committed before row 7 failed are inserted again
		if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind); err != nil {
			return err
		}
	}
	return nil
}`,
		Good: `type Event struct{ ID, Kind string }

func ingest(ctx context.Context, db *sql.DB, events []Event) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = insertEach(ctx, db, events); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}

func insertEach(ctx context.Context, db *sql.DB, events []Event) error {
	for _, e := range events {
		// every row carries its key: a row already written is skipped
		if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", e.ID, e.Kind); err != nil {
			return err
		}
	}
	return nil
}`,
	},
	"S1": {
		External: true,
		Bad: `func quote(ctx context.Context, cb *gobreaker.CircuitBreaker[float64], get func(context.Context) (float64, error)) (float64, error) {
	// an open breaker refuses in microseconds: five refusals, no call
	return retry.DoWithData(func() (float64, error) {
		return cb.Execute(func() (float64, error) { return get(ctx) })
	}, retry.Attempts(5), retry.Context(ctx))
}`,
		Good: `func quote(ctx context.Context, cb *gobreaker.CircuitBreaker[float64], get func(context.Context) (float64, error)) (float64, error) {
	return retry.DoWithData(func() (float64, error) {
		return cb.Execute(func() (float64, error) { return get(ctx) })
	}, retry.Attempts(5), retry.Context(ctx), retry.RetryIf(func(err error) bool {
		return !errors.Is(err, gobreaker.ErrOpenState) && !errors.Is(err, gobreaker.ErrTooManyRequests)
	}))
}`,
	},
	"S2": {
		Bad: `func send(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}

func sync(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		// 3 attempts of 3 attempts: 9 calls per request into an outage
		if err = send(ctx, call); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}`,
		Good: `func send(ctx context.Context, call func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}

func sync(ctx context.Context, call func(context.Context) error) error {
	return send(ctx, call) // one layer retries
}`,
	},
	"S3": {
		Bad: `func connect(dial func() error) {
	// no limit, no deadline, nothing can stop it
	for {
		if err := dial(); err == nil {
			return
		}
		time.Sleep(time.Second + rand.N(time.Second))
	}
}`,
		Good: `func connect(dial func() error, stop <-chan struct{}) {
	for {
		if err := dial(); err == nil {
			return
		}
		select {
		case <-stop:
			return
		case <-time.After(time.Second + rand.N(time.Second)):
		}
	}
}`,
	},
	"internal": {
		Note: "no example: an internal error is a bug in reslint, not in the code analyzed; report it with the code at the position it names",
	},
}
