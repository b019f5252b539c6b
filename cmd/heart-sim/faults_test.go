package main

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/sim"
)

func TestFaultInjection_ByTheWrapper(t *testing.T) {
	srv, s := newServer(t)
	require.NoError(t, s.SetFaults(sim.Faults{LatencyMs: 300}))
	start := time.Now()
	resp := get(t, srv.URL+"/heart/v1/card", "demo-viewer")
	resp.Body.Close()
	assert.GreaterOrEqual(t, time.Since(start), 300*time.Millisecond)

	require.NoError(t, s.SetFaults(sim.Faults{SlowBodyBytesPerSec: 2000}))
	start = time.Now()
	resp = get(t, srv.URL+"/heart/v1/card", "demo-viewer")
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	assert.Contains(t, string(body), "acme-ps-0001", "the whole body arrives, slowly")
	assert.GreaterOrEqual(t, time.Since(start), 100*time.Millisecond)

	require.NoError(t, s.SetFaults(sim.Faults{DropRate: 1}))
	req, _ := http.NewRequest("GET", srv.URL+"/heart/v1/card", nil)
	req.Header.Set("Authorization", "Bearer demo-viewer")
	_, err = http.DefaultClient.Do(req)
	assert.Error(t, err, "the connection is dropped")

	resp = get(t, srv.URL+"/_sim/faults", "") // the sim's own endpoints are never faulted
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
}
