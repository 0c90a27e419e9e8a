//go:build go1.23

package t5

import (
	"errors"
	"log"
	"net"
	"net/http"
	"os"
	"time"
)

// A function that serves until the process ends: http.Server.Serve
// always returns an error, and the error ends the process. The cleanup
// ticker's goroutine lives exactly as long as the process.

func serveForever(l net.Listener, sweep func()) {
	tk := time.NewTicker(5 * time.Second)
	go func() {
		for range tk.C {
			sweep()
		}
	}()
	srv := &http.Server{}
	if err := srv.Serve(l); err != nil {
		log.Println("serve failed")
		os.Exit(1)
	}
}

func listenForever(addr string, sweep func()) {
	tk := time.NewTicker(5 * time.Second)
	go func() {
		for range tk.C {
			sweep()
		}
	}()
	if http.ListenAndServe(addr, nil) != nil {
		os.Exit(1)
	}
}

// --- positives: the function returns, the goroutine stays ---------------

// After Shutdown, Serve's ErrServerClosed returns normally.
func serveUntilShutdown(srv *http.Server, l net.Listener, sweep func()) error {
	tk := time.NewTicker(5 * time.Second)
	go func() {
		for range tk.C { // want `nothing stops tk, so the ticker and the goroutine run forever after serveUntilShutdown returns`
			sweep()
		}
	}()
	if err := srv.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
		os.Exit(1)
	}
	return nil
}

// A call that may return nil is no end of the process.
func runJob(job func() error, sweep func()) {
	tk := time.NewTicker(5 * time.Second)
	go func() {
		for range tk.C { // want `nothing stops tk, so the ticker and the goroutine run forever after runJob returns`
			sweep()
		}
	}()
	if err := job(); err != nil {
		os.Exit(1)
	}
}
