package steps

import (
	"context"
	"time"
)

// A subscriber hands a message to its consumer and waits for the verdict:
// a nack sends it again after a pause. The pause is a blind sleep while
// the caller's context is in scope. Twins pause in a select on ctx.Done(),
// pause after an ack (the next message, no redelivery), or give up on a
// nack.

type message struct {
	acked, nacked chan struct{}
}

func (m *message) Acked() <-chan struct{}  { return m.acked }
func (m *message) Nacked() <-chan struct{} { return m.nacked }

type subscriber struct {
	closing  chan struct{}
	interval time.Duration
}

func (s *subscriber) send(ctx context.Context, msg *message, out chan *message) bool {
Resend:
	for {
		select {
		case out <- msg:
		case <-s.closing:
			return false
		case <-ctx.Done():
			return false
		}
		select {
		case <-msg.Acked():
			return true
		case <-msg.Nacked():
			if s.interval != 0 {
				time.Sleep(s.interval) // want `time.Sleep in a retry loop cannot be interrupted`
			}
			continue Resend
		case <-s.closing:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

func (s *subscriber) sendWaiting(ctx context.Context, msg *message, out chan *message) bool { // want sendWaiting:"honors\\(0\\)"
	for {
		select {
		case out <- msg:
		case <-ctx.Done():
			return false
		}
		select {
		case <-msg.Acked():
			return true
		case <-msg.Nacked():
			select {
			case <-ctx.Done():
				return false
			case <-time.After(s.interval):
			}
		case <-ctx.Done():
			return false
		}
	}
}

func (s *subscriber) sendAll(ctx context.Context, msgs chan *message, out chan *message) {
	for {
		msg := <-msgs
		select {
		case out <- msg:
		case <-ctx.Done():
			return
		}
		select {
		case <-msg.Acked():
			time.Sleep(s.interval)
			continue
		case <-ctx.Done():
			return
		}
	}
}

func (s *subscriber) sendOnce(ctx context.Context, msg *message, out chan *message) bool {
	for {
		select {
		case out <- msg:
		case <-ctx.Done():
			return false
		}
		select {
		case <-msg.Acked():
			return true
		case <-msg.Nacked():
			time.Sleep(s.interval)
			return false
		case <-ctx.Done():
			return false
		}
	}
}
