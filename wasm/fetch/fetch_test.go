//go:build js && wasm

package fetch

import (
	"context"
	"testing"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/wasm/jsutil"
)

// The tests run under Node (go_js_wasm_exec), which has fetch and
// AbortController like a worker. The device is a small Node HTTP server on
// 127.0.0.1 written in JavaScript, so real HTTP crosses a real socket.
const deviceJS = `
const http = require("http");
return new Promise((resolve) => {
  const srv = http.createServer((req, res) => {
    let body = [];
    req.on("data", (c) => body.push(c));
    req.on("end", () => {
      const u = new URL(req.url, "http://x");
      if (u.pathname === "/heart/v1/slow") { setTimeout(() => { res.end("late"); }, 3000); return; }
      if (u.pathname === "/heart/v1/big") { res.setHeader("content-type", "text/plain"); res.end("x".repeat(2000)); return; }
      res.statusCode = u.pathname === "/heart/v1/missing" ? 404 : 200;
      res.setHeader("content-type", "application/json");
      res.setHeader("X-Echo", "yes");
      res.end(JSON.stringify({method: req.method, path: u.pathname, limit: u.searchParams.get("limit"),
        auth: req.headers["authorization"] || "", key: req.headers["idempotency-key"] || "",
        body: Buffer.concat(body).toString("utf8")}));
    });
  });
  srv.listen(0, "127.0.0.1", () => { srv.unref(); resolve("http://127.0.0.1:" + srv.address().port); });
});`

func startDevice(t *testing.T) string {
	t.Helper()
	fn, err := safejs.Global().Get("Function")
	require.NoError(t, err)
	f, err := fn.New(deviceJS)
	require.NoError(t, err)
	p, err := f.Invoke()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	v, err := jsutil.Await(ctx, p)
	require.NoError(t, err)
	base, err := v.String()
	require.NoError(t, err)
	return base
}

func TestFetch_RoundTrip_CarriesMethodQueryHeadersBodyAndToken(t *testing.T) {
	tr := New(startDevice(t)+"/", "demo-core")
	req := api.NewRequest("POST", "/heart/v1/actions?limit=3", []byte(`{"a":1}`))
	req.Header.Set("Idempotency-Key", "k1")
	resp, err := tr.RoundTrip(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, 200, resp.Status)
	assert.Equal(t, "yes", resp.Header.Get("X-Echo"))
	assert.JSONEq(t, `{"method":"POST","path":"/heart/v1/actions","limit":"3","auth":"Bearer demo-core","key":"k1","body":"{\"a\":1}"}`, string(resp.Body))
}

func TestFetch_CallerAuthorization_IsNotReplaced(t *testing.T) {
	tr := New(startDevice(t), "demo-core")
	req := api.NewRequest("GET", "/heart/v1/whoami", nil)
	req.Header.Set("Authorization", "Bearer demo-viewer")
	resp, err := tr.RoundTrip(context.Background(), req)
	require.NoError(t, err)
	assert.Contains(t, string(resp.Body), `"auth":"Bearer demo-viewer"`)
}

func TestFetch_ErrorStatus_IsAResponseNotAnError(t *testing.T) {
	resp, err := New(startDevice(t), "").RoundTrip(context.Background(), api.NewRequest("GET", "/heart/v1/missing", nil))
	require.NoError(t, err)
	assert.Equal(t, 404, resp.Status)
}

func TestFetch_Timeout_AbortsAndIsDeadlineExceeded(t *testing.T) {
	tr := New(startDevice(t), "")
	tr.Timeout = 100 * time.Millisecond
	start := time.Now()
	_, err := tr.RoundTrip(context.Background(), api.NewRequest("GET", "/heart/v1/slow", nil))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestFetch_Unreachable_IsAnError(t *testing.T) {
	// Port 9 (discard) on 127.0.0.1 is closed on test machines: connection refused.
	_, err := New("http://127.0.0.1:9", "").RoundTrip(context.Background(), api.NewRequest("GET", "/heart/v1/pulse", nil))
	require.Error(t, err)
}

func TestFetch_TooLargeBody_IsRefused(t *testing.T) {
	tr := New(startDevice(t), "")
	tr.MaxBody = 1000
	_, err := tr.RoundTrip(context.Background(), api.NewRequest("GET", "/heart/v1/big", nil))
	require.ErrorIs(t, err, ErrTooLarge)
}
