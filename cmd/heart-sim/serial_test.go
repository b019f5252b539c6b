//go:build linux

package main

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/sim"
	"github.com/heart-core/heart-web/transport/serial"
	"github.com/heart-core/heart-web/transport/serial/ptyserve"
)

// The simulator answers the same calls as serial frames over a real pty
// (what --serial serves), gate included.
func TestSerial_SimOverAPty(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := sim.New(sim.Options{Clock: clock.NewManual(sim.DefaultStart)})
	p, err := ptyserve.Start(ctx, s, s, serial.ServerOptions{})
	require.NoError(t, err)
	defer p.Close()
	tty, err := ptyserve.Open(p.Path)
	require.NoError(t, err)
	c := serial.NewClient(tty, serial.ClientOptions{Token: "demo-viewer"})
	defer c.Close()

	req := api.NewRequest("GET", "/heart/v1/properties/tank.level", nil)
	req.Header.Set("Authorization", "Bearer demo-viewer")
	resp, err := c.RoundTrip(ctx, req)
	require.NoError(t, err)
	assert.Equal(t, 200, resp.Status)
	assert.Contains(t, string(resp.Body), `"name":"tank.level"`)

	req = api.NewRequest("POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", []byte(`{"arguments":{"litresPerMin":70}}`))
	req.Header.Set("Authorization", "Bearer demo-core")
	req.Header.Set("Heart-Initiator", "ai")
	req.Header.Set("Heart-On-Behalf-Of", "operator")
	resp, err = c.RoundTrip(ctx, req)
	require.NoError(t, err)
	assert.Equal(t, 202, resp.Status, string(resp.Body))
}
