package classify

import "go/types"

// netTimeoutWitness is a read that timed out on an open connection: a
// *net.OpError whose Timeout() is true ("i/o timeout"), while the
// caller's context is still alive. Unlike context.DeadlineExceeded it is
// not the caller giving up: it is the failure after which a request may
// or may not have been applied.
type netTimeoutWitness struct{}

// NetTimeoutWitness returns the witness of a network timeout on an open
// connection (a *net.OpError with Timeout() true), the caller's context
// still alive.
func NetTimeoutWitness() Witness { return netTimeoutWitness{} }

func (netTimeoutWitness) String() string { return "i/o timeout" }
func (netTimeoutWitness) errMethods() []string {
	return []string{"Error", "Timeout", "Temporary", "Unwrap"}
}
func (netTimeoutWitness) sentinel(types.Object, string) bool { return false }
func (netTimeoutWitness) unwrapsToNil() bool                 { return false }
func (netTimeoutWitness) status() (string, bool)             { return "Unknown", false }
func (netTimeoutWitness) contextCode() string                { return "Unknown" }
func (netTimeoutWitness) message() string                    { return "read tcp 10.0.0.1:5432: i/o timeout" }
func (netTimeoutWitness) callerErr() string                  { return "" }
func (netTimeoutWitness) errNil() bool                       { return false }
func (netTimeoutWitness) respStatus() (int64, bool)          { return 0, false }
func (netTimeoutWitness) field(string) (any, bool)           { return nil, false }
func (netTimeoutWitness) concrete(t types.Type) bool         { return isNamed(t, "net", "OpError") }
