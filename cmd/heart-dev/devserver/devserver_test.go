package devserver

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
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

// noRedirect is a client that shows redirects instead of following them.
var noRedirect = &http.Client{
	Timeout:       5 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

func get(t *testing.T, url, token string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	require.NoError(t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := noRedirect.Do(req)
	require.NoError(t, err, url)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(body)
}

func TestHandlerWith_Simulator_ServedUnderDevice_AndThePagePointedAtIt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, dev := Simulator(ctx, nil)
	h, err := HandlerWith(fakeRoot(t), Options{Device: dev})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()

	// The device's API under /device, same origin, with the page's headers.
	resp, body := get(t, srv.URL+"/device/heart/v1/card", "demo-viewer")
	require.Equal(t, 200, resp.StatusCode, body)
	assert.Contains(t, body, `"name":"Acme pump station"`)
	assert.Equal(t, "require-corp", resp.Header.Get("Cross-Origin-Embedder-Policy"))
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	resp, body = get(t, srv.URL+"/device/heart/v1/pulse", "")
	assert.Equal(t, 401, resp.StatusCode, "the device's gate still holds: %s", body)
	resp, _ = get(t, srv.URL+"/devicex", "")
	assert.Equal(t, 404, resp.StatusCode, "only /device/... is the device")

	// "/" sends the page to itself with the device and the Core's token.
	resp, _ = get(t, srv.URL+"/", "")
	require.Equal(t, http.StatusFound, resp.StatusCode)
	assert.Equal(t, "/?device="+url.QueryEscape(srv.URL+"/device")+"&token=demo-core", resp.Header.Get("Location"))
	resp, body = get(t, srv.URL+"/?device=", "")
	assert.Equal(t, 200, resp.StatusCode, "an explicit empty device opens the page without one")
	assert.Equal(t, "<!doctype html><title>x</title>", body)
	resp, _ = get(t, srv.URL+"/?device=http%3A%2F%2F127.0.0.1%3A9%2F&token=t", "")
	assert.Equal(t, 200, resp.StatusCode, "a device named in the URL is kept")
	resp, _ = get(t, srv.URL+"/worker.js", "")
	assert.Equal(t, 200, resp.StatusCode)
}

func TestHandlerWith_OutsideDevice_RedirectsToIt_AndRefusesABadURL(t *testing.T) {
	h, err := HandlerWith(fakeRoot(t), Options{DeviceURL: "http://127.0.0.1:8081", CoreToken: "t1"})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, _ := get(t, srv.URL+"/?lang=de", "")
	require.Equal(t, http.StatusFound, resp.StatusCode)
	assert.Equal(t, "/?device=http%3A%2F%2F127.0.0.1%3A8081&lang=de&token=t1", resp.Header.Get("Location"))
	resp, _ = get(t, srv.URL+"/device/heart/v1/card", "")
	assert.Equal(t, 404, resp.StatusCode, "an outside device is not proxied")

	for _, bad := range []string{"ftp://x", "http://", "http://127.0.0.1:8081/?a=1", "127.0.0.1:8081"} {
		_, err := HandlerWith(fakeRoot(t), Options{DeviceURL: bad})
		assert.Error(t, err, bad)
	}
}

func TestHandler_WithoutDevice_ServesThePageAtSlash(t *testing.T) {
	h, err := Handler(fakeRoot(t))
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, _ := get(t, srv.URL+"/", "")
	assert.Equal(t, 200, resp.StatusCode, "no device: no redirect (browser tests and heart-bench rely on it)")
	resp, _ = get(t, srv.URL+"/device/heart/v1/card", "")
	assert.Equal(t, 404, resp.StatusCode)
}

// TestHandler_RefusesOtherHostNames guards against DNS rebinding: a page on
// another name that resolves to 127.0.0.1 cannot use the demo device.
func TestHandler_RefusesOtherHostNames(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, dev := Simulator(ctx, nil)
	h, err := HandlerWith(fakeRoot(t), Options{Device: dev})
	require.NoError(t, err)
	for host, want := range map[string]int{
		"127.0.0.1:8080": 200, "localhost:8080": 200, "[::1]:8080": 200, "localhost": 200, "LOCALHOST:1": 200,
		"evil.example:8080": 421, "evil.example": 421, "10.0.0.5:8080": 421, "": 421,
	} {
		req := httptest.NewRequest("GET", "/device/heart/v1/card", nil)
		req.Host = host
		req.Header.Set("Authorization", "Bearer demo-viewer")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		assert.Equal(t, want, w.Code, "Host %q", host)
	}
}
