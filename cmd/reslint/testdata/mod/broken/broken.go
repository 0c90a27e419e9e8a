// Package broken does not type-check.
package broken

func F() int { return "not an int" }
