package b2

import (
	"context"
	"time"

	"childbudget/b2/lib"
	"example.com/cloudprobe/metadata"
)

type Server struct{ c *lib.Client }

// Positives.

func (s *Server) Pay(ctx context.Context, user string) error { // want Pay:"sets 2s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return lib.Charge(ctx, s.c, user) // want `lib.Charge sets a 5s timeout \(via lib.Client.Do\), but its context has at most 2s left \(WithTimeout at line 16\), so that timeout can never fire`
}

func (s *Server) Direct(ctx context.Context) error { // want Direct:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return s.c.Do(ctx, "x") // want `lib.Client.Do sets a 5s timeout, but its context has at most 1s left`
}

func (s *Server) Gen(ctx context.Context) error { // want Gen:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return lib.Generic(ctx, 42) // want `lib.Generic sets a 4s timeout`
}

// load sets 5s on its context (this package).
func load(ctx context.Context) error { // want load:"sets 5s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return ctx.Err()
}

// profile forwards to load through a closure it calls in place.
func profile(ctx context.Context) error { // want profile:"sets 5s on ctx via b2.load"
	return func() error { return load(ctx) }()
}

func page(ctx context.Context) error { // want page:"sets 1.5s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 1500*time.Millisecond)
	defer cancel()
	return profile(ctx) // want `b2.profile sets a 5s timeout \(via b2.load\), but its context has at most 1.5s left`
}

// Negatives.

func (s *Server) Fits(ctx context.Context) error { // want Fits:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return lib.Short(ctx)
}

func (s *Server) Unknown(ctx context.Context, user string) error { // want Unknown:"sets 5s on ctx via lib.Charge -> lib.Client.Do"
	return lib.Charge(ctx, s.c, user) // the caller's budget is unknown here
}

func (s *Server) Defaulting(ctx context.Context) error { // want Defaulting:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return lib.Default(ctx) // its 30s applies only without a deadline
}

func (s *Server) Detached(ctx context.Context) error { // want Detached:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return s.c.Do(context.WithoutCancel(ctx), "audit")
}

type doer interface {
	Do(ctx context.Context, req string) error
}

func (s *Server) Iface(ctx context.Context, d doer) error { // want Iface:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return d.Do(ctx, "x") // through an interface: not followed
}

func (s *Server) Equal(ctx context.Context) error { // want Equal:"sets 5s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return s.c.Do(ctx, "x") // equal: only with a reserve
}

// A dependency's timeout is its cap for callers without a deadline: a
// caller that gives the call less is using it as meant.

func region(ctx context.Context) bool { // want region:"sets 2s on ctx"
	mctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return metadata.OnPlatform(mctx)
}

// probe hands its context on to the dependency: the 5s is still the
// dependency's, not this module's.
func probe(ctx context.Context) bool { // want probe:"sets 5s on ctx via metadata.OnPlatform -> metadata.Client.OnPlatform"
	return metadata.OnPlatform(ctx)
}

func label(ctx context.Context) bool { // want label:"sets 2s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return probe(ctx)
}
