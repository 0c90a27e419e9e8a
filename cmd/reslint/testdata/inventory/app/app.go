// Package app retries around the client, which retries too.
package app

import (
	"context"
	"time"

	"example.com/inventory/client"
)

func connect() error { return nil }

// Sync retries the client's retries.
func Sync(ctx context.Context, keys []string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = client.Fetch(ctx, keys[0]); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// withRetry is the code base's own retry helper.
func withRetry(op func() error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Warm retries through the helper.
func Warm() error {
	return withRetry(func() error { return connect() })
}

// WaitForDB waits for the database forever.
func WaitForDB() {
	for {
		if err := connect(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
