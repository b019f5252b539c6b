package sim

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
)

// newTestSim starts a demo Sim on a manual clock.
func newTestSim(t testing.TB) (*Sim, *clock.Manual) {
	t.Helper()
	clk := clock.NewManual(DefaultStart)
	return New(Options{Clock: clk, Seed: 1}), clk
}

// do sends one request with a token and optional headers ("Name: value").
func do(t testing.TB, s *Sim, token, method, target, body string, headers ...string) *api.Response {
	t.Helper()
	var b []byte
	if body != "" {
		b = []byte(body)
	}
	req := api.NewRequest(method, target, b)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ":")
		req.Header.Set(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	return s.Serve(context.Background(), req)
}

func decodeMap(t testing.TB, resp *api.Response) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(resp.Body, &m), string(resp.Body))
	return m
}

// problem asserts resp is problem+json with status and code, and returns it.
func problem(t testing.TB, resp *api.Response, status int, code string) *api.Problem {
	t.Helper()
	require.Equal(t, status, resp.Status, string(resp.Body))
	require.Equal(t, api.ContentTypeProblem, resp.Header.Get("Content-Type"))
	p, ok := api.ParseProblem(resp)
	require.True(t, ok, string(resp.Body))
	require.Equal(t, code, p.Code, p.Detail)
	return p
}

func prop(t testing.TB, s *Sim, name string) float64 {
	t.Helper()
	resp := do(t, s, "demo-viewer", "GET", "/heart/v1/properties/"+name, "")
	require.Equal(t, 200, resp.Status, string(resp.Body))
	return decodeMap(t, resp)["value"].(float64)
}

func action(t testing.TB, resp *api.Response) map[string]any {
	t.Helper()
	m := decodeMap(t, resp)
	a, ok := m["action"].(map[string]any)
	require.True(t, ok, string(resp.Body))
	return a
}

var _ = time.Second

func mustJSONBytes(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}
