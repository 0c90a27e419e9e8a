package restart

import "time"

// A helper that keeps any function running: the sessions are handed in
// as function values. It is a restart loop when every caller hands it a
// session, and a periodic job runner when a caller hands it a job.

type Broker struct {
	closeCh chan struct{}
	client  *Client
}

func (b *Broker) runForever(fn func()) { // want runForever:"callsparam\\(0\\)"
	for { // want "restart loop, session fn \\[waits, restart\\]"
		fn()
		select {
		case <-b.closeCh:
			return
		case <-time.After(250 * time.Millisecond):
		}
	}
}

func (b *Broker) Start() {
	go b.runForever(func() {
		select {
		case <-b.closeCh:
			return
		default:
		}
		b.client.readLoop()
	})
	go b.runForever(b.client.readLoop)
}

// Twin: one caller hands it a periodic job (a flush that ends when its
// work is done), so the helper is no restart loop.
func (b *Broker) every(fn func()) { // want every:"callsparam\\(0\\)"
	for {
		fn()
		select {
		case <-b.closeCh:
			return
		case <-time.After(time.Second):
		}
	}
}

func (b *Broker) flush() {}

func (b *Broker) StartJobs() {
	go b.every(b.client.readLoop)
	go b.every(b.flush)
}
