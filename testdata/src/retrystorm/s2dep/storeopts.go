package s2dep

import (
	"context"
	"time"
)

// RetryOptions say how often a Store retries a request.
type RetryOptions struct {
	Count    int
	Interval time.Duration
}

// StoreConfig is a Store's configuration; NewStore fills in defaults.
type StoreConfig struct {
	Retry RetryOptions
}

// Store is an object store client that retries each request.
type Store struct{ Conf *StoreConfig }

// NewStore retries each request three times unless the caller changes it.
func NewStore() *Store {
	return &Store{Conf: &StoreConfig{Retry: RetryOptions{Count: 3, Interval: time.Second}}}
}

func (s *Store) doRetry(ctx context.Context) error {
	count := 1
	if s.Conf.Retry.Count > 0 {
		count = s.Conf.Retry.Count
	}
	var err error
	for nr := 0; nr < count; nr++ {
		if err = get(ctx); err == nil {
			return nil
		}
		time.Sleep(s.Conf.Retry.Interval)
	}
	return err
}

// Put sends through doRetry.
func (s *Store) Put(ctx context.Context) error { // want Put:"retries: retry loop at storeopts.go:\\d+ \\(3 attempts\\)"
	return s.doRetry(ctx)
}

// Vault retries as many times as its caller says: no default of its own.
type Vault struct{ retries int }

// NewVault takes the retry count from the caller.
func NewVault(retries int) *Vault { return &Vault{retries: retries} }

// Read retries the configured number of times.
func (v *Vault) Read(ctx context.Context) error { // want Read:"retries: retry loop at storeopts.go:\\d+"
	var err error
	for i := 0; i < v.retries; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Ledger makes one attempt by default; a caller may allow more.
type Ledger struct{ Attempts int }

// NewLedger makes a ledger that does not retry.
func NewLedger() *Ledger { return &Ledger{Attempts: 1} }

// Write tries the configured number of times.
func (l *Ledger) Write(ctx context.Context) error { // want Write:"retries: retry loop at storeopts.go:\\d+"
	var err error
	for i := 0; i < l.Attempts; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Queue retries three times by default; WithoutRetries turns that off.
type Queue struct{ maxTries int }

// NewQueue retries three times.
func NewQueue() *Queue { return &Queue{maxTries: 3} }

// WithoutRetries makes each request a single attempt.
func (q *Queue) WithoutRetries() *Queue { q.maxTries = 0; return q }

// Push tries up to maxTries times.
func (q *Queue) Push(ctx context.Context) error { // want Push:"retries: retry loop at storeopts.go:\\d+"
	var err error
	for i := 0; i < q.maxTries; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Bucket can be told not to retry; by default it retries three times.
type Bucket struct{ tries int }

// NoRetry makes each request a single attempt.
func (b *Bucket) NoRetry() *Bucket { b.tries = 0; return b }

// NewBucket retries three times.
func NewBucket() *Bucket { return &Bucket{tries: 3} }

// Get tries up to tries times.
func (b *Bucket) Get(ctx context.Context) error { // want Get:"retries: retry loop at storeopts.go:\\d+"
	var err error
	for i := 0; i < b.tries; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
