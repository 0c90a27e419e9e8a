package shapes

import (
	"context"
	mrand "math/rand/v2"
	"sync"
	"time"
)

// A select on the way out of a loop whose timer case goes round: the
// timer waits between attempts.

type Subscriber struct {
	done         chan struct{}
	retryTimeout time.Duration
	results      chan error
}

func NewSubscriber() *Subscriber {
	return &Subscriber{done: make(chan struct{}), retryTimeout: 5 * time.Second}
}

func (s *Subscriber) Start(ctx context.Context, wg *sync.WaitGroup) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			err := call(ctx)
			if err != nil {
				select {
				case <-time.After(s.retryTimeout): // want `constant wait s.retryTimeout \(5s by default\) between retry attempts`
					continue
				case <-s.done:
					return
				}
			}
			break
		}
	}()
}

// The timer case leaves: the wait paces the way out, no attempt follows.
func (s *Subscriber) StartOnce(ctx context.Context) error {
	for {
		err := call(ctx)
		if err != nil {
			select {
			case <-time.After(s.retryTimeout):
			case <-s.done:
			}
		}
		break
	}
	return nil
}

// Jittered: a random share of the wait.
func (s *Subscriber) StartJittered(ctx context.Context) error {
	for {
		err := call(ctx)
		if err != nil {
			d := s.retryTimeout
			select {
			case <-time.After(d/2 + mrand.N(d/2)):
				continue
			case <-s.done:
				return nil
			}
		}
		break
	}
	return nil
}

// The select also receives the attempt's result: the timer is its
// timeout, not a wait between attempts.
func (s *Subscriber) StartTimed(ctx context.Context) error {
	for {
		go func() { s.results <- call(ctx) }()
		select {
		case err := <-s.results:
			if err == nil {
				return nil
			}
			continue
		case <-time.After(5 * time.Second):
			continue
		}
	}
}
