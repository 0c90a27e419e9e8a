// Package c1setting designates its classifier through the classifiers
// setting instead of a directive.
package c1setting

import (
	"errors"
	"syscall"
	"time"
)

type Policy struct{}

func (p *Policy) Decide(err error) bool { // want Decide:`classifier c1setting.Policy.Decide`
	return errors.Is(err, syscall.ETIMEDOUT) || errors.Is(err, syscall.EPIPE)
}

func run(p *Policy, op func() error) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = op(); err == nil {
			return nil
		}
		if errors.Is(err, syscall.EHOSTUNREACH) { // want `retryability of EHOSTUNREACH decided outside the classifier c1setting.Policy.Decide`
			time.Sleep(time.Second)
			continue
		}
		if !p.Decide(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
