package b4

import (
	"context"
	"errors"
)

// A session's listener gets a context whose cancel the session keeps: its
// Close ends it, so it lives as long as the session, not the connect call.
// The twins cancel on return: the call's work, detached from its caller.

type session struct {
	listenCancel context.CancelFunc
	stop         func()
}

func (s *session) listen(ctx context.Context) error { return ctx.Err() }

func (s *session) Close() error {
	if s.listenCancel != nil {
		s.listenCancel()
	}
	return nil
}

func connect(ctx context.Context) (*session, error) {
	cs := &session{}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	listenCtx, cancelListen := context.WithCancel(context.Background())
	cs.listenCancel = cancelListen
	if err := cs.listen(listenCtx); err != nil {
		cancelListen()
		return nil, errors.New("listen")
	}
	return cs, nil
}

func connectField(ctx context.Context) (*session, error) {
	cs := &session{}
	var listenCtx context.Context
	listenCtx, cs.listenCancel = context.WithCancel(context.Background())
	return cs, cs.listen(listenCtx)
}

func connectLiteral(ctx context.Context) (*session, error) {
	listenCtx, cancel := context.WithCancel(context.Background())
	cs := &session{stop: cancel}
	return cs, cs.listen(listenCtx)
}

func connectOnce(ctx context.Context) error {
	cs := &session{}
	listenCtx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) passed to b4.session.listen detaches the call`
	defer cancel()
	return cs.listen(listenCtx)
}
