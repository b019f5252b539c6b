package sim

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every other device operation runs through the gate and changes real state.
func TestDeviceOperations_RunAndChangeState(t *testing.T) {
	s, _ := newTestSim(t)
	alertID := decodeMap(t, do(t, s, "demo-core", "POST", "/heart/v1/alerts", `{"code":"ai.test","severity":"warning","summary":"A test alert","component":"pump-1"}`))["id"].(string)
	cases := []struct {
		name, token, method, path, body string
		status                          int
		check                           func(t *testing.T)
	}{
		{"identify", "demo-operator", "POST", "/heart/v1/system/identify", "", 200, nil},
		{"set time", "demo-owner", "PUT", "/heart/v1/time", `{"time":"2026-01-05T07:00:00Z"}`, 200, func(t *testing.T) {
			assert.Equal(t, false, decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/time", ""))["synced"])
		}},
		{"write valve", "demo-operator", "PUT", "/heart/v1/properties/valve.position", `{"value":30}`, 200, func(t *testing.T) {
			assert.Equal(t, 30.0, prop(t, s, "valve.position"))
		}},
		{"read-only property", "demo-operator", "PUT", "/heart/v1/properties/tank.level", `{"value":30}`, 409, nil},
		{"reset heater", "demo-operator", "POST", "/heart/v1/components/heater-1/reset", "", 200, nil},
		{"acknowledge", "demo-operator", "POST", "/heart/v1/alerts/" + alertID + "/acknowledge", "", 200, func(t *testing.T) {
			assert.Equal(t, "acknowledged", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/alerts/"+alertID, ""))["state"])
		}},
		{"resolve", "demo-operator", "POST", "/heart/v1/alerts/" + alertID + "/resolve", "", 200, nil},
		{"mute", "demo-operator", "POST", "/heart/v1/alerts/mute", `{"durationSec":600}`, 200, nil},
		{"mute for the default hour", "demo-operator", "POST", "/heart/v1/alerts/mute", `{}`, 200, func(t *testing.T) {
			assert.Equal(t, time.Hour, s.st.MutedUntil.Sub(s.now()).Round(time.Minute))
		}},
		{"mute out of range", "demo-operator", "POST", "/heart/v1/alerts/mute", `{"durationSec":0}`, 422, nil},
		{"unmute", "demo-operator", "DELETE", "/heart/v1/alerts/mute", "", 200, nil},
		{"diagnostics", "demo-operator", "POST", "/heart/v1/diagnostics/run", "", 200, func(t *testing.T) {
			assert.Equal(t, "pass", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/diagnostics", ""))["result"])
		}},
		{"put config", "demo-owner", "PUT", "/heart/v1/config", `{"name":"Line 2","units":"metric"}`, 200, nil},
		{"backup", "demo-operator", "POST", "/heart/v1/config/backups", "", 201, nil},
		{"apply update", "demo-owner", "POST", "/heart/v1/updates/fw-2.5.0/apply", "", 200, func(t *testing.T) {
			assert.Equal(t, "2.5.0", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/system/info", ""))["firmware"])
		}},
		{"rollback", "demo-owner", "POST", "/heart/v1/updates/rollback", "", 200, func(t *testing.T) {
			assert.Equal(t, "2.4.1", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/system/info", ""))["firmware"])
		}},
		{"network", "demo-owner", "PUT", "/heart/v1/network", `{"hostname":"pump-2"}`, 200, nil},
		{"message", "demo-operator", "POST", "/heart/v1/messages", `{"to":"acme-ps-0002","text":"Filter backflush at 10:00"}`, 201, nil},
		{"message to stranger", "demo-operator", "POST", "/heart/v1/messages", `{"to":"nobody","text":"hi"}`, 400, nil},
		{"lower autonomy", "demo-operator", "PUT", "/heart/v1/tending/autonomy", `{"level":2}`, 403, nil},
		{"set autonomy", "demo-owner", "PUT", "/heart/v1/tending/autonomy", `{"level":4}`, 200, nil},
		{"shutdown", "demo-owner", "POST", "/heart/v1/system/shutdown", "", 200, func(t *testing.T) {
			assert.Equal(t, "shut-down", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/system/info", ""))["state"])
		}},
		{"restart", "demo-owner", "POST", "/heart/v1/system/restart", "", 200, func(t *testing.T) {
			assert.Equal(t, "running", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/system/info", ""))["state"])
		}},
		{"factory reset waits", "demo-owner", "POST", "/heart/v1/system/factory-reset", "", 202, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := do(t, s, c.token, c.method, c.path, c.body)
			require.Equal(t, c.status, resp.Status, string(resp.Body))
			if c.status < 300 {
				assert.NotEmpty(t, resp.Header.Get("Heart-Action-Id"))
			}
			if c.check != nil {
				c.check(t)
			}
		})
	}
	backups := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/config/backups", ""))["backups"].([]any)
	require.Len(t, backups, 1)
	do(t, s, "demo-owner", "PUT", "/heart/v1/config", `{"name":"changed"}`)
	require.Equal(t, 200, do(t, s, "demo-owner", "POST", "/heart/v1/config/backups/"+backups[0].(map[string]any)["id"].(string)+"/restore", "").Status)
	assert.Equal(t, "Line 2", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/config", ""))["name"])
}

func TestFactoryReset_AfterAdminConfirmation(t *testing.T) {
	s, _ := newTestSim(t)
	do(t, s, "demo-owner", "PUT", "/heart/v1/config", `{"name":"changed"}`)
	a := action(t, do(t, s, "demo-owner", "POST", "/heart/v1/system/factory-reset", ""))
	resp := approve(t, s, "demo-owner", a["id"].(string), a["digest"].(string))
	require.Equal(t, 200, resp.Status, string(resp.Body))
	assert.Equal(t, "succeeded", action(t, resp)["state"])
	assert.Equal(t, "Acme pump station", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/config", ""))["name"])
	assert.Equal(t, 200, do(t, s, "demo-owner", "GET", "/heart/v1/whoami", "").Status, "tokens survive")
}

func TestRhythm_CoreEntriesAndDeviceEntries(t *testing.T) {
	s, _ := newTestSim(t)
	resp := do(t, s, "demo-core", "POST", "/heart/v1/rhythm", `{"kind":"trial","summary":"Trial t-9 kept"}`)
	require.Equal(t, 201, resp.Status, string(resp.Body))
	seq := decodeMap(t, resp)["seq"].(float64)
	e := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/rhythm/"+itoa(int(seq)), ""))
	assert.Equal(t, "core", e["source"])
	problem(t, do(t, s, "demo-viewer", "POST", "/heart/v1/rhythm", `{"kind":"x","summary":"y"}`), 403, "caller-not-allowed")
	problem(t, do(t, s, "demo-core", "POST", "/heart/v1/rhythm", `{"kind":"","summary":"y"}`), 400, "invalid-request")
	invoke(t, s, "demo-operator", "pump.halt", `{}`)
	assert.Contains(t, string(do(t, s, "demo-viewer", "GET", "/heart/v1/rhythm", "").Body), "succeeded: com.acme.pump.halt")
}

// Requests and time from many goroutines at once: the race detector checks
// the one mutex holds.
func TestConcurrentRequestsAndTime(t *testing.T) {
	s, _ := newTestSim(t)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 20; j++ {
				do(t, s, "demo-operator", "POST", "/heart/v1/capabilities/com.acme.mixer.set_speed/invoke", `{"arguments":{"rpm":500}}`)
				do(t, s, "demo-viewer", "GET", "/heart/v1/vitals", "")
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for j := 0; j < 20; j++ {
			s.Advance(time.Second)
		}
	}()
	wg.Wait()
	s.Advance(3 * time.Second)
	assert.InDelta(t, 500, prop(t, s, "mixer.speed"), 5)
}
