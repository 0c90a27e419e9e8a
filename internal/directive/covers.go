package directive

import "go/token"

// Covers reports whether an ignore directive for the reporter's analyzer
// (by its name or one of its rule ids) covers the line of pos, and marks
// it used. An analyzer whose finding
// joins two places (retrystorm names an outer and an inner retry scope)
// asks it for the place it does not report at, so that a directive on
// either one marks the pair as deliberate.
func (r *Reporter) Covers(pos token.Pos) bool {
	p := r.pass.Fset.Position(pos)
	for _, ig := range r.ignores {
		if ig.File != p.Filename || (p.Line != ig.Line && p.Line != ig.Line+1) {
			continue
		}
		for _, n := range ig.Analyzers {
			if concerns(n, r.name) {
				ig.used[n] = true
				return true
			}
		}
	}
	return false
}
