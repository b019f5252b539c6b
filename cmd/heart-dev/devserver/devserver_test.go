package devserver

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeRoot is a serving root with placeholder build outputs, so the server's
// own rules are tested without building Go.
func fakeRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "web"), 0o755))
	for name, body := range map[string]string{
		"worker.js":                "// worker",
		"web/index.html":           "<!doctype html><title>x</title>",
		"web/core.wasm":            "\x00asm",
		"web/wasm_exec.js":         "// go",
		"web/manifest.webmanifest": "{}",
		"web/heart-client.js":      "export {}",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(body), 0o644))
	}
	return root
}

func TestHandler_ServesWebAndWorker_WithIsolationAndNoStore(t *testing.T) {
	h, err := Handler(fakeRoot(t))
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()
	cases := []struct{ path, ctype, body string }{
		{"/", "text/html; charset=utf-8", "<!doctype html><title>x</title>"},
		{"/worker.js", "text/javascript; charset=utf-8", "// worker"},
		{"/core.wasm", "application/wasm", "\x00asm"},
		{"/heart-client.js", "text/javascript; charset=utf-8", "export {}"},
		{"/manifest.webmanifest", "application/manifest+json", "{}"},
	}
	client := &http.Client{Timeout: 5 * time.Second}
	for _, c := range cases {
		resp, err := client.Get(srv.URL + c.path)
		require.NoError(t, err, c.path)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, 200, resp.StatusCode, c.path)
		assert.Equal(t, c.ctype, resp.Header.Get("Content-Type"), c.path)
		assert.Equal(t, c.body, string(body), c.path)
		assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"), c.path)
		assert.Equal(t, "same-origin", resp.Header.Get("Cross-Origin-Opener-Policy"), c.path)
		assert.Equal(t, "require-corp", resp.Header.Get("Cross-Origin-Embedder-Policy"), c.path)
	}
	resp, err := client.Get(srv.URL + "/nothing.js")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 404, resp.StatusCode)
	resp, err = client.Post(srv.URL+"/worker.js", "text/plain", nil)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 405, resp.StatusCode)
}

func TestHandler_RefusesWithoutCoreWASM(t *testing.T) {
	root := fakeRoot(t)
	require.NoError(t, os.Remove(filepath.Join(root, "web", "core.wasm")))
	_, err := Handler(root)
	require.ErrorIs(t, err, ErrNoCoreWASM)
	assert.Contains(t, err.Error(), "make build")
}

func TestFindRoot_WalksUpToGoMod(t *testing.T) {
	root := FindRoot(".")
	_, err := os.Stat(filepath.Join(root, "go.mod"))
	require.NoError(t, err)
	assert.Equal(t, root, FindRoot(filepath.Join(root, "cmd", "heart-dev", "devserver")))
	dir := t.TempDir()
	assert.Equal(t, dir, FindRoot(dir), "without go.mod the folder itself is the root")
}

func TestStageRoot_BuildsARealCore(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	require.NoError(t, StageRoot(ctx, FindRoot("."), dir))
	wasm, err := os.ReadFile(filepath.Join(dir, "web", "core.wasm"))
	require.NoError(t, err)
	assert.Equal(t, []byte("\x00asm"), wasm[:4], "a real wasm module")
	for _, f := range []string{"worker.js", "web/index.html", "web/app.js", "web/heart-client.js", "web/wasm_exec.js"} {
		_, err := os.Stat(filepath.Join(dir, f))
		assert.NoError(t, err, f)
	}
	_, err = Handler(dir)
	require.NoError(t, err)
}
