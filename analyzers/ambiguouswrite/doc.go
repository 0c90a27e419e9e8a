// Package ambiguouswrite defines an Analyzer that reports database writes
// repeated after an error that does not say whether they were applied.
//
// # Analyzer ambiguouswrite
//
// ambiguouswrite: report non-idempotent database writes that are retried after errors which may follow their success
package ambiguouswrite
