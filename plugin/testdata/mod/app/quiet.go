package app

// quiet holds a malformed directive that reslint reports; golangci-lint's
// own directive on the function must silence it.
//
//nolint:reslint // the e2e test checks that this silences the finding below
func quiet() {
	//reslint:ignore timerstop
	_ = 0
}

var _ = quiet
