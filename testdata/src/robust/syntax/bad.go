package syntax

import (
	"context"
	"time"
)

func bad(ctx context.Context, call func(context.Context) error) error {
	for i := 0; i < 3; i++ {
		if err := call(ctx; err != nil {
			t := time.NewTimer(time.Second
			select {
			case <-t.C:
			case <-ctx.Done(:
			}
		}
	}
	return func() error { for { retry(

func (x *) broken() { go func() { for range time.Tick(1) { }
