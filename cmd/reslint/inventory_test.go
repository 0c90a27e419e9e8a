package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// inventoryIn runs reslint -inventory in the testdata directory dir.
func inventoryIn(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	t.Chdir(filepath.Join(testdata, dir))
	var stdout, stderr bytes.Buffer
	code := inventory(append([]string{"-inventory"}, args...), &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

// TestInventoryGolden compares the text table and the JSON with their
// golden files (go test -run Inventory -update rewrites them): a loop
// that reaches the client's retry loop through a fact, the code base's
// own helper and its closure (bounded by the helper's loop), a loop
// with no end, a loop with a classifier, loops that wait in each way the
// wait column names (a closure waits as its helper's loop does, a wait a
// function of the package computes is named by it), a restart loop that
// its context ends, a retry by recursion and one by re-queue.
func TestInventoryGolden(t *testing.T) {
	for _, c := range []struct{ format, golden string }{{"text", "inventory.txt.golden"}, {"json", "inventory.json.golden"}} {
		out, stderr, code := inventoryIn(t, "inventory", "-format="+c.format, "./...")
		if code != exitClean || stderr != "" {
			t.Errorf("-format=%s: exit %d, stderr:\n%s", c.format, code, stderr)
		}
		golden(t, c.golden, out)
	}
	out, _, _ := inventoryIn(t, "inventory", "-json", "./...")
	var rows []invRow
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("-json output is not a JSON array of scopes: %v", err)
	}
	if len(rows) != 12 || rows[0].Reaches == nil || rows[0].Attempts != "5" {
		t.Errorf("want 12 scopes, the first (Sync) with 5 attempts reaching client.Fetch; got %+v", rows)
	}
	// The wait column comes from backoffjitter's judgement of each wait.
	want := map[string]string{
		"Sync": "constant", "Fetch": "linear", "FetchJittered": "jittered", "FetchDoubling": "exponential",
		"Download": "server-given", "Ping": "none", "Warm": "constant", "Listen": "jittered",
		"Sender.Send": "computed by delay", "Work": "constant",
	}
	kinds := map[string]string{"Sender.Send": "retry by recursion", "Work": "retry by re-queue"}
	for _, r := range rows {
		if w, ok := want[r.Func]; ok && r.Wait != w {
			t.Errorf("%s waits %q, want %q", r.Func, r.Wait, w)
		}
		if k, ok := kinds[r.Func]; ok && r.Kind != k {
			t.Errorf("%s: kind %q, want %q", r.Func, r.Kind, k)
		}
		if r.Func == "Sender.Send" && r.Attempts != "limited" {
			t.Errorf("Sender.Send: attempts %q, want limited (an attempt counter)", r.Attempts)
		}
		if r.Func == "Listen" && (r.Kind != "restart loop" || !slices.Equal(r.Ends, []string{"context"})) {
			t.Errorf("Listen: want a restart loop that its context ends, got %+v", r)
		}
	}
}

// TestInventoryReportsNothing: packages with findings still exit 0, and
// no finding is printed; a package that does not load exits 1.
func TestInventoryReportsNothing(t *testing.T) {
	out, stderr, code := inventoryIn(t, "mod", "./timers", "./app")
	if code != exitClean || stderr != "" {
		t.Errorf("exit %d, want 0; stderr:\n%s", code, stderr)
	}
	if strings.Contains(out, "timerstop") || strings.Contains(out, "idemkeyperseries") {
		t.Errorf("the inventory printed findings:\n%s", out)
	}
	if !strings.Contains(out, "retry scopes") {
		t.Errorf("no table:\n%s", out)
	}
	if _, _, code := inventoryIn(t, "mod", "./broken"); code != exitError {
		t.Errorf("./broken: exit %d, want %d", code, exitError)
	}
	if _, _, code := inventoryIn(t, "mod", "-format=sarif", "./app"); code != exitUsage {
		t.Errorf("-format=sarif: exit %d, want %d", code, exitUsage)
	}
}

func TestInventoryRequested(t *testing.T) {
	for args, want := range map[string]bool{
		"-inventory ./...":       true,
		"--inventory=true ./...": true,
		"-inventory=false ./...": false,
		"./inventory":            false,
		"-json ./...":            false,
	} {
		if got := inventoryRequested(strings.Fields(args)); got != want {
			t.Errorf("inventoryRequested(%q) = %v, want %v", args, got, want)
		}
	}
}
