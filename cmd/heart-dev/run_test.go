package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// buildHeartDev builds the real binary and a serving root with placeholder
// build outputs.
func buildHeartDev(t *testing.T, ctx context.Context) (bin, root string) {
	t.Helper()
	bin = filepath.Join(t.TempDir(), "heart-dev")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))

	root = t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "web"), 0o755))
	for _, f := range []string{"worker.js", "web/index.html", "web/core.wasm", "web/wasm_exec.js"} {
		require.NoError(t, os.WriteFile(filepath.Join(root, f), []byte("x"), 0o644))
	}
	return bin, root
}

// startHeartDev runs bin with args and returns its base URL (from the first
// line it prints), the second line (what device the page uses) and a stop
// function that sends SIGTERM and waits for a clean exit.
func startHeartDev(t *testing.T, ctx context.Context, bin string, args ...string) (base, device string, stop func()) {
	t.Helper()
	cmd := exec.CommandContext(ctx, bin, args...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	lines := bufio.NewScanner(stdout)
	require.True(t, lines.Scan(), "heart-dev printed nothing")
	base = regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(lines.Text())
	require.NotEmpty(t, base, "no URL in %q", lines.Text())
	require.True(t, lines.Scan(), "heart-dev printed no device line")
	device = lines.Text()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
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
			_ = cmd.Process.Kill()
			t.Fatal("heart-dev did not stop within 10 s of SIGTERM")
		}
	}
	t.Cleanup(func() {
		if !stopped {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return base, device, stop
}

// TestHeartDev_PrintsURL_Serves_AndStopsOnSIGTERM runs the real binary.
func TestHeartDev_PrintsURL_Serves_AndStopsOnSIGTERM(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	bin, root := buildHeartDev(t, ctx)
	base, _, stop := startHeartDev(t, ctx, bin, "--addr", "127.0.0.1:0", "--root", root)

	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Get(base + "/worker.js")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "require-corp", resp.Header.Get("Cross-Origin-Embedder-Policy"))
	stop()
}

// TestHeartDev_RunsTheSimulator_UnderDevice_AndStopsWithAStreamOpen: the
// simulator answers on the page's origin, the page is pointed at it, and
// Ctrl-C ends even an open event stream at once.
func TestHeartDev_RunsTheSimulator_UnderDevice_AndStopsWithAStreamOpen(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	bin, root := buildHeartDev(t, ctx)
	base, device, stop := startHeartDev(t, ctx, bin, "--addr", "127.0.0.1:0", "--root", root)
	assert.Contains(t, device, "simulator")
	assert.Contains(t, device, base+"/device/heart/v1")

	client := &http.Client{Timeout: 5 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path, token string) (*http.Response, string) {
		req, err := http.NewRequest("GET", base+path, nil)
		require.NoError(t, err)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		require.NoError(t, err, path)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(body)
	}
	resp, body := get("/device/heart/v1/card", "demo-viewer")
	require.Equal(t, 200, resp.StatusCode, body)
	assert.Contains(t, body, `"name":"Acme pump station"`)
	resp, _ = get("/", "")
	require.Equal(t, http.StatusFound, resp.StatusCode)
	assert.Equal(t, "/?device="+url.QueryEscape(base+"/device")+"&token=demo-core", resp.Header.Get("Location"))

	// An event stream stays open until heart-dev stops.
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/device/heart/v1/events", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer demo-viewer")
	req.Header.Set("Accept", "text/event-stream")
	stream, err := (&http.Client{}).Do(req)
	require.NoError(t, err)
	defer stream.Body.Close()
	require.Equal(t, 200, stream.StatusCode)
	first, err := bufio.NewReader(stream.Body).ReadString('\n')
	require.NoError(t, err)
	assert.Equal(t, ": stream open\n", first)
	stop()
}

func TestHeartDev_NoSim_ServesThePageAlone(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	bin, root := buildHeartDev(t, ctx)
	base, device, stop := startHeartDev(t, ctx, bin, "--addr", "127.0.0.1:0", "--root", root, "--no-sim")
	assert.Contains(t, device, "no device")
	client := &http.Client{Timeout: 5 * time.Second}
	for path, want := range map[string]int{"/": 200, "/device/heart/v1/card": 404} {
		resp, err := client.Get(base + path)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, want, resp.StatusCode, path)
	}
	stop()
}

func TestHeartDev_RefusesBadFlags(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	bin, root := buildHeartDev(t, ctx)
	for args, want := range map[string]string{
		"--addr 0.0.0.0:0":      "loopback only",
		"--addr :8080":          "loopback only",
		"--device ftp://x":      "--device: ",
		"--device 127.0.0.1:81": "--device: ",
		"--no-sim extra":        "unexpected arguments",
	} {
		a := append([]string{"--root", root, "--addr", "127.0.0.1:0"}, strings.Fields(args)...)
		out, err := exec.CommandContext(ctx, bin, a...).CombinedOutput()
		assert.Error(t, err, args)
		assert.Contains(t, string(out), want, args)
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
