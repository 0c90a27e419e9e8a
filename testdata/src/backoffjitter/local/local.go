// Package local holds retry loops whose attempt acts only on this
// machine (its file system, a subprocess), and their remote twins.
package local

import (
	"net/http"
	"os"
	"os/exec"
	"time"
)

// watchRelease polls for a signal file until it appears: a local
// condition, no dependency shared by a fleet.
func watchRelease(stop chan struct{}, path string, release func()) {
	for {
		select {
		case <-stop:
			return
		case <-time.After(5 * time.Second):
			_, err := os.Stat(path)
			if err == nil {
				release()
				return
			}
		}
	}
}

// watchRemote is the same loop against a server: reported.
func watchRemote(stop chan struct{}, url string, release func()) {
	for {
		select {
		case <-stop:
			return
		case <-time.After(5 * time.Second): // want `constant wait 5s between retry attempts has no random part`
			_, err := http.Get(url)
			if err == nil {
				release()
				return
			}
		}
	}
}

// toolVersion re-runs a flaky local tool.
func toolVersion() ([]byte, error) {
	var out []byte
	var err error
	for range 10 {
		out, err = exec.Command("tool", "--version").Output()
		if err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	return out, err
}

// readConfig waits for a file another process writes.
func readConfig(path string) ([]byte, error) {
	var data []byte
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		data, err = os.ReadFile(path)
		if err == nil {
			return data, nil
		}
		time.Sleep(2 * time.Second)
	}
	return nil, err
}

// fetchVersion is toolVersion against a server: reported.
func fetchVersion(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for range 10 {
		resp, err = c.Do(req)
		if err == nil {
			break
		}
		time.Sleep(time.Second) // want `constant wait 1s between retry attempts has no random part`
	}
	return resp, err
}

// fetchConfig is readConfig against a server: reported.
func fetchConfig(url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		resp, err = http.Get(url)
		if err == nil {
			return resp, nil
		}
		time.Sleep(2 * time.Second) // want `constant wait 2s between retry attempts has no random part`
	}
	return nil, err
}
