package t2

import "time"

// Unknown version: the old semantics.
func consumeUnknown(msgs <-chan string, handle func(string)) error {
	for {
		select {
		case m := <-msgs:
			handle(m)
		case <-time.After(time.Minute): // want `time.After in a loop`
			return errIdle
		}
	}
}
