// Package api is clean and imports pay.
package api

import "example.com/cache/pay"

// Ready reports whether the payment service answers.
func Ready(ping func() bool) bool { return pay.Poll(ping, 3) }
