// Package main is a command whose breaker wraps calls that take no
// context: no operation can fail with the caller's context.Canceled.
package main

import (
	"errors"
	"fmt"
	"log"

	"github.com/sony/gobreaker/v2"
)

var cb *gobreaker.CircuitBreaker[[]byte]

func init() {
	var st gobreaker.Settings
	st.Name = "fetch"
	cb = gobreaker.NewCircuitBreaker[[]byte](st)
}

func fetch(name string) ([]byte, error) {
	if name == "" {
		return nil, errors.New("empty name")
	}
	return []byte(name), nil
}

func Get(name string) ([]byte, error) {
	return cb.Execute(func() ([]byte, error) {
		return fetch(name)
	})
}

func main() {
	body, err := Get("robots.txt")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(body))
}
