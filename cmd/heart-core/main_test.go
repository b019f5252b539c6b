package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/sim"
	"github.com/heart-core/heart-web/transport/httpx"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stack is the daemon's wiring over real HTTP: the simulator behind httpx,
// the Core on an httpx.Transport to it, served by httpx.Handler. The Core's
// clock stands still, so its own look at the Card never finds the map due:
// only an event can make it rebuild.
func stack(t *testing.T) (*sim.Sim, *core.Core, *httptest.Server) {
	s := sim.New(sim.Options{Clock: clock.NewManual(sim.DefaultStart), Logf: func(string, ...any) {}})
	dev := httptest.NewServer(httpx.Handler(s, httpx.Options{Events: s}))
	t.Cleanup(dev.Close)
	tr := &httpx.Transport{BaseURL: dev.URL, Token: "demo-core"}
	c := core.New(core.Config{Device: tr, DeviceToken: "demo-core", Clock: clock.NewManual(sim.DefaultStart), InstanceID: "test"})
	srv := httptest.NewServer(httpx.Handler(eventsThroughCore(c), httpx.Options{Events: tr}))
	t.Cleanup(srv.Close)
	return s, c, srv
}

func post(t *testing.T, url, token, body string) (int, map[string]any) {
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var out map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return resp.StatusCode, out
}

func TestDaemon_ServeOverHTTP(t *testing.T) {
	_, _, srv := stack(t)
	status, out := post(t, srv.URL+"/heart/v1/serve", "demo-operator", `{"text":"how full is the tank?"}`)
	require.Equal(t, 200, status, out)
	assert.Equal(t, "done", out["outcome"])
	assert.Contains(t, out["answer"], "%")
	status, out = post(t, srv.URL+"/heart/v1/serve", "demo-operator", `{"text":"set the flow to forty litres per minute"}`)
	require.Equal(t, 200, status, out)
	assert.Equal(t, "pending-approval", out["outcome"])
}

func TestDaemon_EventsNeedAToken(t *testing.T) {
	_, _, srv := stack(t)
	resp, err := http.Get(srv.URL + "/heart/v1/events")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 401, resp.StatusCode)
}

func TestDaemon_DefinitionEventRebuildsTheMap(t *testing.T) {
	s, c, _ := stack(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rev := func() string {
		req := api.NewRequest("GET", "/heart/v1/core", nil)
		req.Header.Set("Authorization", "Bearer demo-viewer")
		var st struct {
			MapRevision string `json:"mapRevision"`
		}
		require.NoError(t, json.Unmarshal(c.Serve(ctx, req).Body, &st))
		return st.MapRevision
	}
	before := rev()
	go watchDefinitions(ctx, s, c)
	time.Sleep(50 * time.Millisecond) // let the subscription open
	def := `{"name":"com.acme.lamp.blink","title":"Blink the beacon lamp","description":"Blink the roof lamp.","risk":"write","callers":["human"],"arguments":{"type":"object","properties":{}}}`
	req := api.NewRequest("PUT", "/heart/v1/definitions/com.acme.lamp.blink", []byte(def))
	req.Header.Set("Authorization", "Bearer demo-owner")
	resp := s.Serve(ctx, req)
	require.Less(t, resp.Status, 300, string(resp.Body))
	require.Eventually(t, func() bool { return rev() != before }, 2*time.Second, 20*time.Millisecond)
}

func TestRun_RefusesBadFlags(t *testing.T) {
	assert.Error(t, run([]string{"--nope"}))
	assert.Error(t, run([]string{"--device", ""}))
}
