package fields

import "time"

// With -childbudget.attemptfields=Retries|Tries and
// -childbudget.budgetfields=Deadline.
type Conf struct {
	Tries    int
	Timeout  time.Duration
	PerTry   time.Duration
	Deadline time.Duration
}

var bad2 = Conf{Tries: 3, PerTry: 500 * time.Millisecond, Deadline: time.Second} // want `3 attempts x 500ms = 1.5s > Deadline 1s`

// Budget is no longer a budget field under this setting.
type Old struct {
	MaxAttempts int
	PerAttempt  time.Duration
	Budget      time.Duration
}

var old = Old{MaxAttempts: 3, PerAttempt: time.Second, Budget: time.Second}
