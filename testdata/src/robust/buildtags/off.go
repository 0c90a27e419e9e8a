//go:build !robusttag

package buildtags

import "context"

func Retry(ctx context.Context, f func() error) error { return f() }

func isRetryable(err error) bool { return err != nil && err != context.Canceled }
