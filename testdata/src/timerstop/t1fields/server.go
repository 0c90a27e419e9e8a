//go:build go1.21

package t1fields

import "time"

// A server whose event loop runs on tickers kept in a struct: Close ends
// the loop, which stops one ticker and leaves the others running.

type loop struct {
	sysTopics      *time.Ticker
	clientExpiry   *time.Ticker
	inflightExpiry *time.Ticker
	retry          *time.Ticker
	handed         *time.Ticker
}

type Server struct {
	done chan bool
	loop *loop
}

func New() *Server {
	s := &Server{
		done: make(chan bool),
		loop: &loop{
			sysTopics:      time.NewTicker(time.Second),
			clientExpiry:   time.NewTicker(time.Second), // want `ticker stored in field clientExpiry is never stopped by this package`
			inflightExpiry: time.NewTicker(time.Second), // want `ticker stored in field inflightExpiry is never stopped by this package`
			handed:         time.NewTicker(time.Second),
		},
	}
	s.loop.retry = time.NewTicker(time.Minute) // want `ticker stored in field retry is never stopped by this package`
	s.loop.retry.Reset(time.Second)
	watch(s.loop.handed)
	return s
}

func watch(t *time.Ticker) { defer t.Stop() }

func (s *Server) eventLoop() {
	for {
		select {
		case <-s.done:
			s.loop.sysTopics.Stop()
			return
		case <-s.loop.sysTopics.C:
		case <-s.loop.clientExpiry.C:
		case <-s.loop.inflightExpiry.C:
		case <-s.loop.retry.C:
		}
	}
}

func (s *Server) Close() error {
	close(s.done)
	return nil
}
