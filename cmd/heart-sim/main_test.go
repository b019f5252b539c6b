package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/sim"
)

func newServer(t *testing.T) (*httptest.Server, *sim.Sim) {
	s := sim.New(sim.Options{Clock: clock.NewManual(sim.DefaultStart)})
	srv := httptest.NewServer(NewHandler(s))
	t.Cleanup(srv.Close)
	return srv, s
}

func get(t *testing.T, url, token string) *http.Response {
	req, err := http.NewRequest("GET", url, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	return resp
}

func TestHandler_ServesTheAPIAndProblems(t *testing.T) {
	srv, _ := newServer(t)
	cases := []struct {
		path, token string
		status      int
		ctype       string
	}{
		{"/heart/v1/card", "demo-viewer", 200, "application/json"},
		{"/heart/v1/card", "", 401, "application/problem+json"},
		{"/heart/v1/serve", "demo-owner", 404, "application/problem+json"},
		{"/heart/v1/tokens", "demo-viewer", 403, "application/problem+json"},
	}
	for _, c := range cases {
		resp := get(t, srv.URL+c.path, c.token)
		resp.Body.Close()
		assert.Equal(t, c.status, resp.StatusCode, c.path)
		assert.Equal(t, c.ctype, resp.Header.Get("Content-Type"), c.path)
	}
}

func TestHandler_BodyOver1MiB_Is413(t *testing.T) {
	srv, _ := newServer(t)
	req, _ := http.NewRequest("POST", srv.URL+"/heart/v1/alerts", bytes.NewReader(make([]byte, 2<<20)))
	req.Header.Set("Authorization", "Bearer demo-owner")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 413, resp.StatusCode)
}

func TestHandler_EventsStreamAsSSE(t *testing.T) {
	srv, s := newServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/heart/v1/events", nil)
	req.Header.Set("Authorization", "Bearer demo-viewer")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	go func() {
		time.Sleep(50 * time.Millisecond)
		body := strings.NewReader(`{"code":"test.sse","severity":"info","summary":"hello"}`)
		r, _ := http.NewRequest("POST", srv.URL+"/heart/v1/alerts", body)
		r.Header.Set("Authorization", "Bearer demo-core")
		if x, err := http.DefaultClient.Do(r); err == nil {
			_, _ = io.Copy(io.Discard, x.Body)
			x.Body.Close()
		}
	}()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if sc.Text() == "event: alert" {
			require.True(t, sc.Scan())
			assert.Contains(t, sc.Text(), "test.sse")
			return
		}
	}
	_ = s
	t.Fatal("no alert event arrived")
}

func TestHandler_EventsWithoutToken_Is401(t *testing.T) {
	srv, _ := newServer(t)
	resp := get(t, srv.URL+"/heart/v1/events", "")
	resp.Body.Close()
	assert.Equal(t, 401, resp.StatusCode)
}

func TestLoopbackOnly(t *testing.T) {
	for addr, ok := range map[string]bool{"127.0.0.1:8081": true, "localhost:1": true, "[::1]:8081": true, "0.0.0.0:8081": false, ":8081": false, "192.168.1.2:80": false} {
		assert.Equal(t, ok, loopbackOnly(addr) == nil, addr)
	}
}

func TestRun_RefusesBadFlags(t *testing.T) {
	assert.Error(t, run([]string{"--clock", "fast"}))
	assert.Error(t, run([]string{"--addr", "0.0.0.0:9"}))
}
