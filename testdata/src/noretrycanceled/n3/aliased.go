package n3

import (
	"context"

	rg "github.com/avast/retry-go/v4"
)

func aliased(ctx context.Context) error {
	return rg.Do(func() error { return call(ctx) }, rg.Attempts(2)) // want `rg.Do without rg.Context\(ctx\)`
}
