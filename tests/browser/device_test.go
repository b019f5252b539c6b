//go:build !js

package browser

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeDevice is a tiny HEART API stand-in on 127.0.0.1 that answers every
// /heart/v1 call with what it received, and allows the page's origin (the
// worker calls it cross-origin, as it will call heart-sim).
type fakeDevice struct {
	name string
	mu   sync.Mutex
	seen []string // "METHOD target auth"
}

func (d *fakeDevice) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	if r.Method == http.MethodOptions {
		w.Header().Set("Access-Control-Allow-Headers", "authorization, content-type, idempotency-key")
		w.Header().Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE")
		w.WriteHeader(204)
		return
	}
	body, _ := io.ReadAll(r.Body)
	d.mu.Lock()
	d.seen = append(d.seen, r.Method+" "+r.URL.RequestURI()+" "+r.Header.Get("Authorization"))
	d.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]string{"device": d.name, "path": r.URL.Path, "body": string(body)})
}

func (d *fakeDevice) requests() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.seen...)
}

type reply struct {
	Status  int               `json:"status"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
}

func TestWorker_ForwardsToTheDevice_ThroughFetch_FromTheURLQuery(t *testing.T) {
	dev := &fakeDevice{name: "one"}
	srv := httptest.NewServer(dev)
	defer srv.Close()

	ctx := browser(t)
	page := baseURL + "/?device=" + url.QueryEscape(srv.URL) + "&token=demo-core"
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(page)))
	waitReady(t, ctx)

	// A caller's token goes through; without one the Core's token is used.
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]reply](`Promise.all([
	  heartClient.request("GET", "/heart/v1/logs?limit=2", {headers: {authorization: "Bearer demo-viewer"}, timeoutMs: 10000}),
	  heartClient.request("PUT", "/heart/v1/tending/autonomy", {body: {level: 3}, timeoutMs: 10000}),
	])`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Len(t, got, 2)
	for _, r := range got {
		require.Equal(t, 200, r.Status, r.Body)
		assert.Equal(t, "application/json", r.Headers["content-type"])
	}
	assert.JSONEq(t, `{"device":"one","path":"/heart/v1/logs","body":""}`, got[0].Body)
	assert.JSONEq(t, `{"device":"one","path":"/heart/v1/tending/autonomy","body":"{\"level\":3}"}`, got[1].Body)
	assert.ElementsMatch(t, []string{
		"GET /heart/v1/logs?limit=2 Bearer demo-viewer",
		"PUT /heart/v1/tending/autonomy Bearer demo-core",
	}, notPanelReads(dev.requests()))
}

// notPanelReads leaves out the reads the page's device panel makes on its
// own every few seconds (web/app.js: the Pulse and two properties).
func notPanelReads(seen []string) []string {
	var out []string
	for _, s := range seen {
		if strings.HasPrefix(s, "GET /heart/v1/pulse ") || strings.HasPrefix(s, "GET /heart/v1/properties/pump.") {
			continue
		}
		out = append(out, s)
	}
	return out
}

func TestWorker_InitMessage_PointsTheCoreAtAnotherDevice(t *testing.T) {
	devA, devB := &fakeDevice{name: "a"}, &fakeDevice{name: "b"}
	srvA, srvB := httptest.NewServer(devA), httptest.NewServer(devB)
	defer srvA.Close()
	defer srvB.Close()

	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(baseURL+"/")))
	js := fmt.Sprintf(`new Promise((resolve, reject) => {
  const w = new Worker("/worker.js?device=%[1]s");
  const got = [];
  const timer = setTimeout(() => { w.terminate(); reject(new Error("timeout; got " + JSON.stringify(got))); }, 20000);
  const send = (m) => w.postMessage(JSON.stringify(m));
  w.onmessage = (e) => {
    const m = JSON.parse(e.data);
    got.push(m);
    if (m.type === "ready") send({id: "a1", method: "GET", path: "/heart/v1/logs"});
    if (m.id === "a1") send({type: "init", device: %[2]q, token: "demo-core"});
    if (m.type === "initialized") send({id: "b1", method: "GET", path: "/heart/v1/logs"});
    if (m.id === "b1") send({type: "init", device: "ftp://nope"});
    if (m.type === "error") { clearTimeout(timer); w.terminate(); resolve(got); }
  };
})`, url.QueryEscape(srvA.URL), srvB.URL)
	type msg struct {
		ID     string `json:"id"`
		Type   string `json:"type"`
		Status int    `json:"status"`
		Body   string `json:"body"`
		Device string `json:"device"`
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]msg](js, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Len(t, got, 6)
	assert.Equal(t, "boot", got[0].Type)
	assert.Equal(t, "ready", got[1].Type)
	assert.Equal(t, "a1", got[2].ID)
	assert.Contains(t, got[2].Body, `"device":"a"`)
	assert.Equal(t, "initialized", got[3].Type)
	assert.Equal(t, srvB.URL, got[3].Device)
	assert.Equal(t, "b1", got[4].ID)
	assert.Contains(t, got[4].Body, `"device":"b"`)
	assert.Equal(t, "error", got[5].Type)
	assert.Equal(t, 400, got[5].Status)
	assert.Contains(t, got[5].Body, "http(s) base URL")
	assert.Equal(t, []string{"GET /heart/v1/logs "}, devA.requests(), "no token in the URL: none sent")
	assert.Equal(t, []string{"GET /heart/v1/logs Bearer demo-core"}, devB.requests())
}
