package s3

import "time"

// Restart, recursion and re-queue scopes carry no helper call: the rules
// must not read one (an earlier build panicked on a reconnect loop like
// this one, which its closing channel ends).

type listener struct{ closing chan struct{} }

func (l *listener) listen() error { return nil }

func (l *listener) session() {
	for {
		if err := l.listen(); err != nil {
			return
		}
	}
}

func (l *listener) run() {
	for {
		l.session()
		select {
		case <-l.closing:
			return
		case <-time.After(time.Minute):
		}
	}
}

func fetch() error { return nil }

func fetchWithRetry(attempt int) error {
	if err := fetch(); err != nil && attempt < 3 {
		time.Sleep(time.Second)
		return fetchWithRetry(attempt + 1)
	}
	return nil
}
