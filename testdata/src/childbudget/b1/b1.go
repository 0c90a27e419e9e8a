package b1

import (
	"context"
	"errors"
	"net/http"
	"time"
)

const quoteTimeout = 3 * time.Second

type Duration = time.Duration

func call(ctx context.Context) error { return ctx.Err() }

// Positives.

func nested(ctx context.Context) error { // want nested:"sets 3s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	qctx, qcancel := context.WithTimeout(ctx, 5*time.Second) // want `timeout 5s exceeds the 3s left on its parent context \(WithTimeout at line 19\), so it can never fire`
	defer qcancel()
	return call(qctx)
}

func namedConst(ctx context.Context) error { // want namedConst:"sets 3s on ctx"
	ctx, cancel := context.WithTimeout(ctx, quoteTimeout)
	defer cancel()
	const inner = 4500 * time.Millisecond
	c2, cancel2 := context.WithTimeout(ctx, inner) // want `timeout 4.5s exceeds the 3s left`
	defer cancel2()
	return call(c2)
}

func deadline(ctx context.Context) error { // want deadline:"sets 2s on ctx"
	c1, cancel := context.WithDeadline(ctx, time.Now().Add(2*time.Second))
	defer cancel()
	c2, cancel2 := context.WithDeadline(c1, time.Now().Add(time.Duration(3)*time.Second)) // want `timeout 3s exceeds the 2s left on its parent context \(WithDeadline`
	defer cancel2()
	return call(c2)
}

func throughCancelAndValue(ctx context.Context) error { // want throughCancelAndValue:"sets 1s on ctx"
	c1, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c2, cancel2 := context.WithCancel(c1)
	defer cancel2()
	c3 := context.WithValue(c2, key{}, "v")
	d := 2 * time.Second
	c4, cancel4 := context.WithTimeout(c3, d) // want `timeout 2s exceeds the 1s left`
	defer cancel4()
	return call(c4)
}

type key struct{}

func fromBackground() error {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	c2, cancel2 := context.WithTimeout(ctx, Duration(200)*time.Millisecond) // want `timeout 200ms exceeds the 100ms left`
	defer cancel2()
	return call(c2)
}

func inClosure(ctx context.Context) func() error { // want inClosure:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	_ = cancel
	return func() error {
		c, cancel := context.WithTimeout(ctx, 10*time.Second) // want `timeout 10s exceeds the 1s left`
		defer cancel()
		return call(c)
	}
}

func inRequest(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	for i := 0; i < 2; i++ {
		c, cancel := context.WithTimeout(ctx, 3*time.Second) // want `timeout 3s exceeds the 2s left`
		_ = call(c)
		cancel()
	}
}

// Negatives.

func smaller(ctx context.Context) error { // want smaller:"sets 3s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	c2, cancel2 := context.WithTimeout(ctx, 2*time.Second)
	defer cancel2()
	return call(c2)
}

func equal(ctx context.Context) error { // want equal:"sets 3s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	c2, cancel2 := context.WithTimeout(ctx, 3*time.Second) // equal: only with a reserve
	defer cancel2()
	return call(c2)
}

func nonConstant(ctx context.Context, d time.Duration) error { // want nonConstant:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c2, cancel2 := context.WithTimeout(ctx, d)
	defer cancel2()
	return call(c2)
}

func unknownParent(ctx context.Context) error { // want unknownParent:"sets 30s on ctx"
	c2, cancel2 := context.WithTimeout(ctx, 30*time.Second)
	defer cancel2()
	return call(c2)
}

func requestParent(w http.ResponseWriter, r *http.Request) {
	c, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	_ = call(c)
}

func withoutCancel(ctx context.Context) error { // want withoutCancel:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c2, cancel2 := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel2()
	return call(c2)
}

// branchAssigned: after the if, ctx is the parameter or the 1s child.
func branchAssigned(ctx context.Context, fast bool) error { // want branchAssigned:"sets 1s on ctx"
	if fast {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Second)
		defer cancel()
	}
	c2, cancel2 := context.WithTimeout(ctx, 5*time.Second)
	defer cancel2()
	return call(c2)
}

// loopAssigned: the second round's parent is the previous round's child.
func loopAssigned(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		c2, cancel2 := context.WithTimeout(ctx, 5*time.Second)
		defer cancel2()
		ctx = c2
	}
	return call(ctx)
}

// onlyWithoutDeadline: gax-go's shape: a default applies only when the
// caller set no deadline.
func onlyWithoutDeadline(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if _, ok := ctx.Deadline(); !ok {
		var cancel2 context.CancelFunc
		ctx, cancel2 = context.WithTimeout(ctx, 20*time.Second)
		defer cancel2()
	}
	return call(ctx)
}

// clamp: the child is min(wanted, what is left minus a reserve).
func clamp(parent context.Context) (context.Context, context.CancelFunc) {
	parent, cancel0 := context.WithTimeout(parent, time.Second)
	_ = cancel0
	d := 5 * time.Second
	if dl, ok := parent.Deadline(); ok {
		left := time.Until(dl) - 100*time.Millisecond
		if left < d {
			d = left
		}
	}
	return context.WithTimeout(parent, d)
}

// reassignedDuration: d changes after its constant value.
func reassignedDuration(ctx context.Context, slow bool) error { // want reassignedDuration:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	d := 5 * time.Second
	if !slow {
		d = 500 * time.Millisecond
	}
	c2, cancel2 := context.WithTimeout(ctx, d)
	defer cancel2()
	return call(c2)
}

// closureReassigns: the closure may run before the use.
func closureReassigns(ctx context.Context) error { // want closureReassigns:"sets 1s on ctx"
	c1, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	reset := func() { c1 = ctx }
	reset()
	c2, cancel2 := context.WithTimeout(c1, 5*time.Second)
	defer cancel2()
	return call(c2)
}

// fieldParent: a field's budget is unknown.
type client struct{ ctx context.Context }

func (c *client) do() error {
	c2, cancel := context.WithTimeout(c.ctx, 5*time.Second)
	defer cancel()
	return errors.Join(call(c2))
}
