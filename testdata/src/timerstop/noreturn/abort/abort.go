// Package abort holds a helper of another package that never returns.
package abort

import "log"

// Process logs err and ends the process.
func Process(err error) { log.Fatalf("abort: %v", err) }
