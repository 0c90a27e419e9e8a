// Package main is the same command whose operation takes the caller's
// context: its cancellation reaches the breaker.
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os/signal"
	"syscall"

	"github.com/sony/gobreaker/v2"
)

var cb *gobreaker.CircuitBreaker[[]byte]

func init() {
	var st gobreaker.Settings // want `gobreaker.Settings without IsSuccessful counts every error as a failure`
	st.Name = "fetch"
	cb = gobreaker.NewCircuitBreaker[[]byte](st)
}

func fetch(ctx context.Context, name string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if name == "" {
		return nil, errors.New("empty name")
	}
	return []byte(name), nil
}

func Get(ctx context.Context, name string) ([]byte, error) {
	return cb.Execute(func() ([]byte, error) {
		return fetch(ctx, name)
	})
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT)
	defer stop()
	body, err := Get(ctx, "robots.txt")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(body))
}
