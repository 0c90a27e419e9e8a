package syntax

import (
	"context"
	"time"
)

// good is fine; its sibling file does not parse.
func good(ctx context.Context, call func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
