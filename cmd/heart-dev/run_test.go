package main

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeartDev_PrintsURL_Serves_AndStopsOnSIGTERM runs the real binary.
func TestHeartDev_PrintsURL_Serves_AndStopsOnSIGTERM(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	bin := filepath.Join(t.TempDir(), "heart-dev")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))

	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "web"), 0o755))
	for _, f := range []string{"worker.js", "web/index.html", "web/core.wasm", "web/wasm_exec.js"} {
		require.NoError(t, os.WriteFile(filepath.Join(root, f), []byte("x"), 0o644))
	}

	cmd := exec.CommandContext(ctx, bin, "--addr", "127.0.0.1:0", "--root", root)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	lines := bufio.NewScanner(stdout)
	require.True(t, lines.Scan(), "heart-dev printed nothing")
	m := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(lines.Text())
	require.NotEmpty(t, m, "no URL in %q", lines.Text())

	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Get(m + "worker.js")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "require-corp", resp.Header.Get("Cross-Origin-Embedder-Policy"))

	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	done := make(chan error, 1)
	go func() {
		for lines.Scan() {
		}
		done <- cmd.Wait()
	}()
	select {
	case err := <-done:
		require.NoError(t, err, "a graceful stop exits 0")
	case <-time.After(10 * time.Second):
		t.Fatal("heart-dev did not stop within 10 s of SIGTERM")
	}
}

func TestHeartDev_RefusesWithoutCoreWASM(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "run", ".", "--root", t.TempDir(), "--addr", "127.0.0.1:0")
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	assert.Contains(t, string(out), "run make build")
}
