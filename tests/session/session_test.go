// Package session runs one scripted HEART API session against the
// simulator over every transport the Core can use to reach a device, so
// the transports are shown to carry the same calls with the same results.
package session

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/sim"
	"github.com/heart-core/heart-web/transport/httpx"
	"github.com/heart-core/heart-web/transport/serial"
	"github.com/heart-core/heart-web/transport/serial/ptyserve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// link is what the Core needs of a device connection.
type link interface {
	api.Transport
	api.EventSource
}

// Each transport serves the same simulator and returns a client for it.
var transports = []struct {
	name    string
	connect func(t *testing.T, s *sim.Sim) link
}{
	{"http", func(t *testing.T, s *sim.Sim) link {
		srv := httptest.NewServer(httpx.Handler(s, httpx.Options{Events: s}))
		t.Cleanup(srv.Close)
		require.True(t, strings.HasPrefix(srv.URL, "http://127.0.0.1:"))
		return &httpx.Transport{BaseURL: srv.URL, Client: srv.Client(), Token: "demo-owner"}
	}},
	{"serial over a real pty", func(t *testing.T, s *sim.Sim) link {
		srv, err := ptyserve.Start(context.Background(), s, s, serial.ServerOptions{})
		require.NoError(t, err)
		t.Cleanup(func() { assert.NoError(t, srv.Close()) })
		c, err := ptyserve.Dial(srv.Path, serial.ClientOptions{Token: "demo-owner"})
		require.NoError(t, err)
		t.Cleanup(func() { _ = c.Close() })
		return c
	}},
}

func TestSession_SameScriptOverEveryTransport(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			s := sim.New(sim.Options{Clock: clock.NewManual(sim.DefaultStart), Seed: 1})
			script(t, s, tr.connect(t, s))
		})
	}
}

// script: read the flow, ask as the Core (ai for the operator) to set it to
// 60, see the gate hold it, approve it as the owner with its digest, let
// simulated time pass, and see the flow reach 60.
func script(t *testing.T, s *sim.Sim, dev link) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	events, err := dev.Subscribe(ctx)
	require.NoError(t, err)

	before := flow(t, ctx, dev)

	invoke := call(t, ctx, dev, "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments": {"litresPerMin": 60}}`,
		"Authorization", "Bearer demo-core", "Heart-Initiator", "ai", "Heart-On-Behalf-Of", "operator", "Idempotency-Key", "session-1")
	require.Equal(t, 202, invoke.Status, string(invoke.Body))
	waiting := actionOf(t, invoke)
	assert.Equal(t, "waiting", waiting.State)
	assert.Equal(t, "com.acme.pump.set_flow", waiting.Target)
	require.Len(t, waiting.Digest, 64)
	waitForAction(t, events, waiting.ID)

	again := call(t, ctx, dev, "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments": {"litresPerMin": 60}}`,
		"Authorization", "Bearer demo-core", "Heart-Initiator", "ai", "Heart-On-Behalf-Of", "operator", "Idempotency-Key", "session-1")
	assert.Equal(t, waiting.ID, actionOf(t, again).ID, "a repeat with the same key is the same Action")

	approve := call(t, ctx, dev, "POST", "/heart/v1/actions/"+waiting.ID+"/approve", `{"digest": "`+waiting.Digest+`"}`,
		"Authorization", "Bearer demo-owner")
	require.Equal(t, 200, approve.Status, string(approve.Body))
	assert.Contains(t, []string{"approved", "running", "succeeded"}, actionOf(t, approve).State)

	s.Advance(5 * time.Second)
	mid := flow(t, ctx, dev)
	s.Advance(2 * time.Minute)
	after := flow(t, ctx, dev)
	assert.Greater(t, mid, before+1, "the flow starts moving towards 60")
	assert.InDelta(t, 60, after, 3, "the flow reaches 60 (within sensor noise)")
}

type action struct {
	ID     string `json:"id"`
	Target string `json:"target"`
	State  string `json:"state"`
	Digest string `json:"digest"`
}

func actionOf(t *testing.T, resp *api.Response) action {
	t.Helper()
	var out struct {
		Action action `json:"action"`
	}
	require.NoError(t, json.Unmarshal(resp.Body, &out), string(resp.Body))
	require.NotEmpty(t, out.Action.ID, string(resp.Body))
	return out.Action
}

func call(t *testing.T, ctx context.Context, dev link, method, target, body string, headers ...string) *api.Response {
	t.Helper()
	var b []byte
	if body != "" {
		b = []byte(body)
	}
	req := api.NewRequest(method, target, b)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	if body != "" {
		req.Header.Set("Content-Type", api.ContentTypeJSON)
	}
	resp, err := dev.RoundTrip(ctx, req)
	require.NoError(t, err)
	return resp
}

func flow(t *testing.T, ctx context.Context, dev link) float64 {
	t.Helper()
	resp := call(t, ctx, dev, "GET", "/heart/v1/properties/pump.flow", "", "Authorization", "Bearer demo-viewer")
	require.Equal(t, 200, resp.Status, string(resp.Body))
	var p struct {
		Name  string  `json:"name"`
		Value float64 `json:"value"`
	}
	require.NoError(t, json.Unmarshal(resp.Body, &p))
	require.Equal(t, "pump.flow", p.Name)
	return p.Value
}

// waitForAction reads events until the "action" event of id arrives.
func waitForAction(t *testing.T, events <-chan api.Event, id string) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev, ok := <-events:
			require.True(t, ok, "the event stream ended")
			if ev.Type == "action" && strings.Contains(string(ev.Data), id) {
				return
			}
		case <-timeout:
			t.Fatalf("no action event for %s", id)
		}
	}
}
