package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// scratchEnv is the environment of every go command run in a scratch
// workspace. -mod=mod lets the go command fill in go.sum for the corpus
// module's dependencies (go get records only what it needed); GOWORK=off
// keeps a stray go.work out; GOTOOLCHAIN=local forbids downloading another
// toolchain, so a module that needs a newer Go fails visibly instead.
func scratchEnv(extra ...string) []string {
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
	return append(env, extra...)
}

// goCmd runs the go command in dir and returns its stdout; on failure the
// error carries the tail of stderr.
func goCmd(ctx context.Context, dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, tail(stderr.String(), 20))
	}
	return stdout.Bytes(), nil
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// Workspace is a throwaway main module that requires one corpus module, so
// that the module's packages load with their dependencies resolved by MVS
// from the module's own go.mod, and each file type-checks under the go line
// of the module it belongs to.
type Workspace struct {
	Mod     Module
	Dir     string   // the scratch main module
	ModDir  string   // the corpus module's directory in the module cache
	Pkgs    []string // import paths of the module's loadable packages
	Skipped []string // packages go list could not use, with the reason
	// TestOnly holds the packages of Pkgs that have only _test.go files:
	// they can be vetted and analyzed but not built.
	TestOnly map[string]bool
	norm     normalizer
}

// workDirName turns a module path into a single directory name.
func workDirName(m Module) string {
	r := strings.NewReplacer("/", "_", "@", "_")
	return r.Replace(m.String())
}

// setupWorkspace creates (or recreates) the scratch module for m under base,
// fetches m through the module proxy, and lists its packages.
func setupWorkspace(ctx context.Context, base string, m Module) (*Workspace, error) {
	dir := filepath.Join(base, workDirName(m))
	modDirs, err := initScratch(ctx, dir, []Module{m})
	if err != nil {
		return nil, err
	}
	ws := &Workspace{Mod: m, Dir: dir, ModDir: modDirs[0]}
	ws.norm = normalizer{mod: m.String(), modDir: ws.ModDir, work: dir}
	if out, err := goCmd(ctx, dir, scratchEnv(), "env", "GOMODCACHE", "GOROOT"); err == nil {
		if f := strings.Fields(string(out)); len(f) == 2 {
			ws.norm.modCache, ws.norm.goroot = f[0], f[1]
		}
	}
	if err := ws.listPackages(ctx, scratchEnv()); err != nil {
		return nil, err
	}
	if len(ws.Pkgs) == 0 {
		return ws, fmt.Errorf("%s: no loadable packages", m)
	}
	return ws, nil
}

// initScratch makes dir a fresh main module that requires mods at their
// pinned versions and returns each module's directory in the module cache.
func initScratch(ctx context.Context, dir string, mods []Module) ([]string, error) {
	// Recreate go.mod from scratch each time so a previous run's upgrades
	// cannot leak in; the module cache makes this cheap.
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	env := scratchEnv()
	if _, err := goCmd(ctx, dir, env, "mod", "init", "scratch"); err != nil {
		return nil, err
	}
	args := []string{"get"}
	for _, m := range mods {
		args = append(args, m.String())
	}
	if _, err := goCmd(ctx, dir, env, args...); err != nil {
		return nil, err
	}
	var dirs []string
	for _, m := range mods {
		// MVS could select a newer version than pinned (if another
		// requirement needed one); the run must use the pinned one.
		out, err := goCmd(ctx, dir, env, "list", "-m", "-f", "{{.Version}}\t{{.Dir}}", m.Path)
		if err != nil {
			return nil, err
		}
		ver, modDir, _ := strings.Cut(strings.TrimSpace(string(out)), "\t")
		if ver != m.Version {
			return nil, fmt.Errorf("build list selects %s@%s, not the pinned %s", m.Path, ver, m.Version)
		}
		if modDir == "" {
			return nil, fmt.Errorf("%s: module not downloaded", m)
		}
		dirs = append(dirs, modDir)
	}
	return dirs, nil
}

// listPackages finds the packages of the module itself. The pattern MOD/...
// also matches packages of other modules in the build list whose path has
// MOD as a prefix (nested modules), so filter on the package's module.
// Packages go list cannot use (e.g. every file excluded by build
// constraints on this platform) are recorded as skipped.
func (ws *Workspace) listPackages(ctx context.Context, env []string) error {
	out, err := goCmd(ctx, ws.Dir, env, "list", "-e", "-json=ImportPath,Module,Error,GoFiles,CgoFiles", ws.Mod.Path+"/...")
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Module     *struct{ Path string }
			Error      *struct{ Err string }
			GoFiles    []string
			CgoFiles   []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return fmt.Errorf("go list output: %v", err)
		}
		if p.Module == nil || p.Module.Path != ws.Mod.Path {
			continue
		}
		if p.Error != nil {
			ws.Skipped = append(ws.Skipped, p.ImportPath+": "+ws.norm.text(strings.TrimSpace(p.Error.Err)))
			continue
		}
		ws.Pkgs = append(ws.Pkgs, p.ImportPath)
		if len(p.GoFiles)+len(p.CgoFiles) == 0 {
			if ws.TestOnly == nil {
				ws.TestOnly = map[string]bool{}
			}
			ws.TestOnly[p.ImportPath] = true
		}
	}
	return nil
}
