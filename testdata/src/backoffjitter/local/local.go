// Package local holds retry loops whose attempt acts only on this
// machine (its file system, a subprocess), and their remote twins.
package local

import (
	"database/sql"
	"errors"
	"fmt"
	"net"
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

// waitForDatabase waits for a database this tool just started on this
// host: no fleet shares it.
func waitForDatabase(password string) error {
	connStr := fmt.Sprintf("postgres://postgres:%s@localhost:5432/postgres?sslmode=disable", password)
	for i := 0; i < 30; i++ {
		db, err := sql.Open("pgx", connStr)
		if err == nil {
			err = db.Ping()
			db.Close()
			if err == nil {
				return nil
			}
		}
		time.Sleep(time.Second)
	}
	return errors.New("database did not start in time")
}

// waitForSharedDatabase is waitForDatabase against a shared server:
// reported.
func waitForSharedDatabase(password string) error {
	connStr := fmt.Sprintf("postgres://postgres:%s@db.internal:5432/postgres?sslmode=disable", password)
	for i := 0; i < 30; i++ {
		db, err := sql.Open("pgx", connStr)
		if err == nil {
			err = db.Ping()
			db.Close()
			if err == nil {
				return nil
			}
		}
		time.Sleep(time.Second) // want `constant wait 1s between retry attempts has no random part`
	}
	return errors.New("database did not start in time")
}

// waitForListener waits for a server of this host to listen.
func waitForListener(port string) (net.Conn, error) {
	addr := net.JoinHostPort("127.0.0.1", port)
	var err error
	for range 20 {
		var conn net.Conn
		conn, err = net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		time.Sleep(500 * time.Millisecond)
	}
	return nil, err
}

// waitForPeer is waitForListener against a host it is given: reported.
func waitForPeer(host, port string) (net.Conn, error) {
	addr := net.JoinHostPort(host, port)
	var err error
	for range 20 {
		var conn net.Conn
		conn, err = net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		time.Sleep(500 * time.Millisecond) // want `constant wait 500ms between retry attempts has no random part`
	}
	return nil, err
}

// waitForHealth polls the health endpoint of a server on this host.
func waitForHealth() error {
	var err error
	for range 10 {
		var resp *http.Response
		resp, err = http.Get("http://[::1]:8080/healthz")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// waitForNamedHealth is waitForHealth against a name that only starts
// like this host's: reported.
func waitForNamedHealth() error {
	var err error
	for range 10 {
		var resp *http.Response
		resp, err = http.Get("http://localhost.example.com:8080/healthz")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second) // want `constant wait 1s between retry attempts has no random part`
	}
	return err
}
