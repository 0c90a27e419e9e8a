// Package cfg has retry helpers that cannot be inferred (they hand the
// operation to a scheduler); the retryfuncs setting names them.
package cfg

type Pool struct{ jobs []func() error }

func (p *Pool) Submit(op func() error) { p.jobs = append(p.jobs, op) }

func Run(name string, op func() error) { _ = name; _ = op }

func Other(op func() error) {}

func use(p *Pool) {
	Run("x", func() error { return nil }) // want "retry closure of cfg.Run \\[configured\\]"
	p.Submit(func() error { return nil }) // want "retry closure of cfg.Pool.Submit"
	Other(func() error { return nil })
}
