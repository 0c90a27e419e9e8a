package s2

import (
	"context"
	"errors"
	"log"
	"time"

	"retrystorm/s2dep"
)

type link struct{}

func openLink(ctx context.Context) (*link, error) { return &link{}, nil }

// rpc sends a request over the link with the link's own retries.
func (l *link) rpc(ctx context.Context) error { return s2dep.Fetch(ctx) }

// post sends a request once.
func (l *link) post(ctx context.Context) error { return nil }

// Positive: the link is opened, then the request sent over it with the
// link's own retries; a failure of either goes round, so each round
// makes up to three requests.
func rpcWithRecovery(ctx context.Context) error {
	tries := 0
	for { // want `retry loop \(its attempts\) runs l.rpc \(retry loop at s2dep.go:18\) \(3 attempts\) in each attempt: the attempts multiply`
		l, err := openLink(ctx)
		if err == nil {
			err = l.rpc(ctx)
			if err == nil {
				return nil
			}
		}
		if tries >= 3 {
			return err
		}
		tries++
		time.Sleep(time.Second)
	}
}

// Positive: two steps, each going round when it fails; the second
// retries on its own.
func dialThenRPC(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) runs l.rpc \(retry loop at s2dep.go:18\) \(3 attempts\) in each attempt: 3 x 3 = 9 calls per request`
		l, err := openLink(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err = l.rpc(ctx); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errors.New("gave up")
}

// Negative: only opening the link is retried; once the request's own
// retries are spent, the loop gives up.
func dialRetriedRPCOnce(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		l, err := openLink(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err = l.rpc(ctx); err != nil {
			return err
		}
		return nil
	}
	return errors.New("gave up")
}

// Negative: the retrying step's error is logged; the loop leaves after
// it either way.
func dialThenNotify(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		var l *link
		l, err = openLink(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err = l.rpc(ctx); err != nil {
			log.Printf("notify: %v", err)
		}
		return nil
	}
	return err
}

// Negative: both steps go round on failure, and neither retries.
func dialThenPost(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		l, err := openLink(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err = l.post(ctx); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errors.New("gave up")
}

// Negative: opened link, the request sent once; a failure of the send
// goes round, the link's retrying refresh only runs after success.
func postThenRefresh(ctx context.Context) error {
	tries := 0
	for {
		l, err := openLink(ctx)
		if err == nil {
			err = l.post(ctx)
			if err == nil {
				if rerr := l.rpc(ctx); rerr != nil {
					log.Printf("refresh: %v", rerr)
				}
				return nil
			}
		}
		if tries >= 3 {
			return err
		}
		tries++
		time.Sleep(time.Second)
	}
}
