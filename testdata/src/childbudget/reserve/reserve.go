package reserve

import (
	"context"
	"time"
)

func call(ctx context.Context) error { return ctx.Err() }

// With -childbudget.reserve=100ms.

func equal(ctx context.Context) error { // want equal:"sets 3s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	c2, cancel2 := context.WithTimeout(ctx, 3*time.Second) // want `timeout 3s leaves less than the 100ms reserve of the 3s left on its parent context`
	defer cancel2()
	return call(c2)
}

func close(ctx context.Context) error { // want close:"sets 3s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	c2, cancel2 := context.WithTimeout(ctx, 2950*time.Millisecond) // want `timeout 2.95s leaves less than the 100ms reserve`
	defer cancel2()
	return call(c2)
}

func load(ctx context.Context) error { // want load:"sets 2s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return call(ctx)
}

func page(ctx context.Context) error { // want page:"sets 2s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return load(ctx) // want `reserve.load sets a 2s timeout, but its context has at most 2s left and the reserve is 100ms`
}

// Negatives: the reserve is left.

func fits(ctx context.Context) error { // want fits:"sets 3s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	c2, cancel2 := context.WithTimeout(ctx, 2900*time.Millisecond)
	defer cancel2()
	return call(c2)
}

func pageFits(ctx context.Context) error { // want pageFits:"sets 2.5s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 2500*time.Millisecond)
	defer cancel()
	return load(ctx)
}
