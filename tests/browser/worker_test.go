//go:build !js

// Package browser runs the Core in a real Web Worker in headless Chromium:
// the first end-to-end path (issue #2 item 6).
package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/cmd/heart-dev/devserver"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/index"
	"github.com/heart-core/heart-web/tests/browser/harness"
)

// baseURL is the heart-dev server every test here uses (TestMain starts it),
// serving stagedDir; tests that need a device serve stagedDir again
// (harness.ServeStaged) without building core.wasm twice.
var baseURL, stagedDir string

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "heart-browser-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	// Building core.wasm is the one long wait: bounded so a hang fails.
	ctx, cancel := context.WithTimeout(context.Background(), 55*time.Second)
	defer cancel()
	url, stop, err := harness.Serve(ctx, devserver.FindRoot("."), dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "browser tests:", err)
		return 1
	}
	defer stop()
	baseURL, stagedDir = url, dir
	return m.Run()
}

// browser starts Chromium for one test; everything it does ends within 45 s.
func browser(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	t.Cleanup(cancel)
	bctx, bcancel, err := harness.Browser(ctx, t.TempDir())
	require.NoError(t, err)
	t.Cleanup(bcancel)
	return bctx
}

// waitReady waits until the page shows the Index count the Core answered.
func waitReady(t *testing.T, ctx context.Context) {
	t.Helper()
	state, err := chromedp.Run(ctx, chromedp.Poll[string](harness.ReadyJS, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(state, "count:"), state)
}

func TestPage_ShowsTheIndexCount_AnsweredByTheCoreInAWorker(t *testing.T) {
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(baseURL+"/")))
	state, err := chromedp.Run(ctx, chromedp.Poll[string](harness.ReadyJS, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err, "the page never showed a count")
	require.True(t, strings.HasPrefix(state, "count:"), "page reports: %s", state)

	idx, err := index.Load()
	require.NoError(t, err)
	count, err := strconv.Atoi(strings.TrimPrefix(state, "count:"))
	require.NoError(t, err)
	assert.Equal(t, len(idx.Operations), count)

	// The answer came through the worker: the client counted one reply and
	// the ready event, and the page says who answered.
	var stats struct {
		Requests      int     `json:"requests"`
		WorkerReplies int     `json:"workerReplies"`
		Events        int     `json:"events"`
		ReadyMs       float64 `json:"readyMs"`
		MaxInFlight   int     `json:"maxInFlight"`
	}
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`window.heartStats`))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &stats))
	assert.Equal(t, 1, stats.Requests)
	assert.Equal(t, 1, stats.WorkerReplies)
	assert.GreaterOrEqual(t, stats.Events, 1, "the ready event")
	assert.Equal(t, 64, stats.MaxInFlight, "the ready event carries the bound")
	status, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`))
	require.NoError(t, err)
	assert.Contains(t, status, "Answered by the Core in a Web Worker")
	isolated, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`self.crossOriginIsolated`))
	require.NoError(t, err)
	assert.True(t, isolated, "COOP/COEP must make the page cross-origin isolated")
	t.Logf("page load to Core ready: %.0f ms", stats.ReadyMs)
}

// rawWorkerJS starts a second worker and posts raw messages to it, some
// before Go is ready (they wait in worker.js's queue). It resolves with every
// message received once all 7 expected ones arrived: boot, ready, three error
// events and two replies.
const rawWorkerJS = `new Promise((resolve, reject) => {
  const w = new Worker("/worker.js");
  const got = [];
  const timer = setTimeout(() => { w.terminate(); reject(new Error("timeout; got " + JSON.stringify(got))); }, 20000);
  w.onmessage = (e) => {
    got.push({type: typeof e.data, data: e.data});
    if (got.length === 7) { clearTimeout(timer); w.terminate(); resolve(got); }
  };
  w.postMessage(JSON.stringify({id: "bad-1", method: 5, path: "/heart/v1/core/index"}));
  w.postMessage("not json");
  w.postMessage({an: "object, not a string"});
  w.postMessage(JSON.stringify({method: "GET", path: "/heart/v1/core/index"}));
  w.postMessage(JSON.stringify({id: 7, method: "GET", path: "/heart/v1/core/index"}));
})`

func TestWorker_MalformedMessages_Get400Problems(t *testing.T) {
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(baseURL+"/")))
	type received struct {
		Type string `json:"type"`
		Data string `json:"data"`
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]received](rawWorkerJS, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Len(t, got, 7, "boot, ready, three error events, two replies")

	byID := map[string]map[string]any{}
	rawByID := map[string]string{}
	var events []map[string]any
	for _, r := range got {
		require.Equal(t, "string", r.Type, "every message is one JSON string")
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(r.Data), &m), r.Data)
		if id, ok := m["id"]; ok {
			byID[fmt.Sprint(id)] = m
			rawByID[fmt.Sprint(id)] = r.Data
		} else {
			events = append(events, m)
		}
	}
	require.Len(t, events, 5, "boot, ready, three error events")
	assert.Equal(t, "boot", events[0]["type"], "worker.js reports core.wasm instantiated")
	assert.Equal(t, "ready", events[1]["type"], "ready comes before any answer")
	for _, e := range events[2:] {
		assert.Equal(t, "error", e["type"])
		assert.EqualValues(t, 400, e["status"])
		assertProblem(t, e, api.CodeInvalidRequest)
	}

	bad := byID["bad-1"]
	require.NotNil(t, bad, "the malformed request with an id gets a reply")
	assert.EqualValues(t, 400, bad["status"])
	p := assertProblem(t, bad, api.CodeInvalidRequest)
	assert.Equal(t, "method", p.Field)

	// A good request sent before Go was ready is answered too, and a
	// numeric id comes back as a number.
	good := byID["7"]
	require.NotNil(t, good)
	assert.EqualValues(t, 200, good["status"])
	assert.True(t, strings.HasPrefix(rawByID["7"], `{"id":7,`), rawByID["7"])
}

func assertProblem(t *testing.T, m map[string]any, code string) api.Problem {
	t.Helper()
	headers, _ := m["headers"].(map[string]any)
	assert.Equal(t, api.ContentTypeProblem, headers["content-type"])
	var p api.Problem
	body, _ := m["body"].(string)
	require.NoError(t, json.Unmarshal([]byte(body), &p), body)
	assert.Equal(t, code, p.Code)
	assert.NotEmpty(t, p.Detail)
	return p
}
