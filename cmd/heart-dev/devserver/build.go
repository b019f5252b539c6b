package devserver

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// BuildCore builds core.wasm from ./wasm/worker with the Makefile's flags
// into dir, and copies this Go's wasm_exec.js next to it. Tests and
// benchmarks call it so they never depend on a stale `make build`.
func BuildCore(ctx context.Context, root, dir string) (wasmPath string, err error) {
	wasmPath = filepath.Join(dir, "core.wasm")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasmPath, "./wasm/worker")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./wasm/worker: %v\n%s", err, out)
	}
	goroot, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	src := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
	if err := copyFile(src, filepath.Join(dir, "wasm_exec.js")); err != nil {
		return "", err
	}
	return wasmPath, nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// StageRoot makes a serving root in dir (which must not hold web/ yet) from
// the repository at root: web/ and worker.js, then a freshly built core.wasm
// and wasm_exec.js over whatever build outputs web/ held.
func StageRoot(ctx context.Context, root, dir string) error {
	web := filepath.Join(dir, "web")
	if err := os.CopyFS(web, os.DirFS(filepath.Join(root, "web"))); err != nil {
		return fmt.Errorf("copy web/: %w", err)
	}
	if err := copyFile(filepath.Join(root, "worker.js"), filepath.Join(dir, "worker.js")); err != nil {
		return err
	}
	_, err := BuildCore(ctx, root, web)
	return err
}
