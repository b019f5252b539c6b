package sim

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func invoke(t testing.TB, s *Sim, token, name, args string, headers ...string) map[string]any {
	t.Helper()
	resp := do(t, s, token, "POST", "/heart/v1/capabilities/com.acme."+name+"/invoke", `{"arguments":`+args+`}`, headers...)
	require.Equal(t, 200, resp.Status, string(resp.Body))
	a := action(t, resp)
	require.Equal(t, "succeeded", a["state"], string(resp.Body))
	return a
}

func features(t testing.TB, s *Sim, signal string, window int) map[string]any {
	t.Helper()
	resp := do(t, s, "demo-viewer", "GET", fmt.Sprintf("/heart/v1/vitals/%s/features?windowSec=%d", signal, window), "")
	require.Equal(t, 200, resp.Status, string(resp.Body))
	return decodeMap(t, resp)["features"].(map[string]any)
}

func TestPhysics_FlowFollowsSetpointAtTheRampRate(t *testing.T) {
	s, _ := newTestSim(t)
	invoke(t, s, "demo-operator", "pump.set_flow", `{"litresPerMin":80}`)
	s.Advance(5 * time.Second)
	mid := prop(t, s, "pump.flow")
	assert.Less(t, mid, 60.0, "a ramp of 2 L/min/s cannot reach 80 in 5 s")
	s.Advance(3 * time.Minute)
	assert.InDelta(t, 80, prop(t, s, "pump.flow"), 1.5)
	assert.Greater(t, prop(t, s, "pump.pressure"), 5.0, "pressure follows flow")
}

// The supervisory value Trials tune: a faster ramp overshoots more.
func TestPhysics_HigherRampRateOvershootsMore(t *testing.T) {
	overshoot := func(rate float64) float64 {
		s, _ := newTestSim(t)
		invoke(t, s, "demo-operator", "pump.set_ramp_rate", fmt.Sprintf(`{"ramp_rate":%v}`, rate))
		invoke(t, s, "demo-operator", "pump.set_flow", `{"litresPerMin":80}`)
		s.Advance(2 * time.Minute)
		return features(t, s, "pump.flow", 120)["overshoot"].(float64)
	}
	slow, fast := overshoot(0.5), overshoot(5)
	assert.Greater(t, fast, slow+2, "fast %v%%, slow %v%%", fast, slow)
	assert.Greater(t, fast, 5.0)
}

func TestPhysics_TemperatureFollowsHeaterWithLag(t *testing.T) {
	s, _ := newTestSim(t)
	invoke(t, s, "demo-operator", "heater.set_setpoint", `{"celsius":60}`)
	s.Advance(30 * time.Second)
	assert.Less(t, prop(t, s, "heater.temperature"), 50.0, "water heats slowly")
	s.Advance(10 * time.Minute)
	assert.InDelta(t, 60, prop(t, s, "heater.temperature"), 1.5)
	assert.Greater(t, features(t, s, "heater.temperature", 600)["max"].(float64), 60.0, "and overshoots a little")
}

func TestPhysics_TankFillAndDrain(t *testing.T) {
	s, _ := newTestSim(t)
	invoke(t, s, "demo-operator", "tank.fill", `{}`) // default 90 %
	s.Advance(10 * time.Minute)
	assert.InDelta(t, 90, prop(t, s, "tank.level"), 3)
	invoke(t, s, "demo-operator", "tank.drain", `{"targetPercent":30}`)
	s.Advance(15 * time.Minute)
	assert.InDelta(t, 30, prop(t, s, "tank.level"), 3)
}

func TestPhysics_FilterClogsUntilBackflush(t *testing.T) {
	s, _ := newTestSim(t)
	before := prop(t, s, "filter.dp")
	s.Advance(30 * time.Minute)
	clogged := prop(t, s, "filter.dp")
	assert.Greater(t, clogged, before+0.5)
	invoke(t, s, "demo-operator", "filter.backflush", `{"durationSec":120}`)
	s.Advance(2 * time.Minute)
	assert.Less(t, prop(t, s, "filter.dp"), clogged-0.5)
}

func TestPhysics_PowerFollowsWhatRuns(t *testing.T) {
	s, _ := newTestSim(t)
	s.Advance(10 * time.Second)
	before := prop(t, s, "power.consumption")
	invoke(t, s, "demo-operator", "pump.halt", `{}`)
	invoke(t, s, "demo-operator", "conveyor.halt", `{}`)
	s.Advance(30 * time.Second)
	assert.Less(t, prop(t, s, "power.consumption"), before-2)
	assert.InDelta(t, 0, prop(t, s, "pump.flow"), 0.8)
}

func TestPhysics_DeterministicForASeed(t *testing.T) {
	run := func() string {
		s, _ := newTestSim(t)
		invoke(t, s, "demo-operator", "pump.set_flow", `{"litresPerMin":70}`)
		s.Advance(90 * time.Second)
		return string(do(t, s, "demo-viewer", "GET", "/heart/v1/properties/pump.flow/history?windowSec=90", "").Body)
	}
	assert.Equal(t, run(), run())
}

func TestHistory_IsBoundedPerSignal(t *testing.T) {
	s, _ := newTestSim(t)
	s.Advance(time.Duration(historyCap+120) * time.Second)
	s.mu.Lock()
	n := len(s.st.History["pump.flow"].fine.buf)
	s.mu.Unlock()
	assert.Equal(t, historyCap, n)
	s.Advance(8 * 24 * time.Hour)
	s.mu.Lock()
	n = len(s.st.History["pump.flow"].coarse.buf)
	s.mu.Unlock()
	assert.Equal(t, coarseCap, n)
}

// A window longer than the hour of fine history is answered from the minute
// samples before it: the last 3 hours hold about 2 h of minutes and an hour
// of seconds.
func TestHistory_LongWindowsUseMinuteSamples(t *testing.T) {
	s, _ := newTestSim(t)
	s.Advance(3 * time.Hour)
	var f struct {
		Features struct{ Count int } `json:"features"`
	}
	body := do(t, s, "demo-viewer", "GET", "/heart/v1/vitals/tank.level/features?windowSec=10800", "").Body
	require.NoError(t, json.Unmarshal(body, &f), string(body))
	assert.InDelta(t, historyCap+120, f.Features.Count, 3)
	var h struct{ Samples []struct{ At time.Time } }
	body = do(t, s, "demo-viewer", "GET", "/heart/v1/properties/tank.level/history?windowSec=86400", "").Body
	require.NoError(t, json.Unmarshal(body, &h), string(body))
	require.NotEmpty(t, h.Samples)
	assert.True(t, slices.IsSortedFunc(h.Samples, func(a, b struct{ At time.Time }) int { return a.At.Compare(b.At) }))
	assert.Equal(t, 400, do(t, s, "demo-viewer", "GET", "/heart/v1/vitals/tank.level/features?windowSec=604801", "").Status)
	assert.Equal(t, 200, do(t, s, "demo-viewer", "GET", "/heart/v1/vitals/tank.level/features?windowSec=604800", "").Status)
}

// Every capability changes the state it names.
func TestCapabilities_EachChangesState(t *testing.T) {
	cases := []struct {
		name, args string
		advance    time.Duration
		prop       string
		want       any
	}{
		{"pump.halt", `{}`, 5 * time.Second, "pump.state", "stopped"},
		{"pump.set_flow", `{"litresPerMin":20}`, 2 * time.Minute, "pump.flow", 20.0},
		{"pump.set_ramp_rate", `{"ramp_rate":4.5}`, 0, "pump.ramp_rate", 4.5},
		{"valve.set_position", `{"percent":80}`, 0, "valve.position", 80.0},
		{"conveyor.halt", `{}`, 0, "conveyor.state", "stopped"},
		{"conveyor.set_speed", `{"metresPerMin":25}`, 30 * time.Second, "conveyor.speed", 25.0},
		{"heater.set_setpoint", `{"celsius":30}`, 0, "heater.setpoint", 30.0},
		{"mixer.set_speed", `{"rpm":0}`, 10 * time.Second, "mixer.speed", 0.0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := newTestSim(t)
			invoke(t, s, "demo-operator", c.name, c.args)
			s.Advance(c.advance + time.Second)
			m := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/properties/"+c.prop, ""))
			if f, ok := c.want.(float64); ok {
				assert.InDelta(t, f, m["value"].(float64), 1+4*noise[c.prop])
				return
			}
			assert.Equal(t, c.want, m["value"])
		})
	}
}

func TestCapabilities_StartAfterHalt_AndCalibrate_AndReport(t *testing.T) {
	s, _ := newTestSim(t)
	invoke(t, s, "demo-operator", "pump.halt", `{}`)
	invoke(t, s, "demo-operator", "pump.start", `{}`)
	invoke(t, s, "demo-operator", "conveyor.halt", `{}`)
	invoke(t, s, "demo-operator", "conveyor.start", `{}`)
	s.Advance(2 * time.Second)
	assert.Equal(t, "running", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/properties/pump.state", ""))["value"])
	assert.Equal(t, "running", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/properties/conveyor.state", ""))["value"])

	s.Advance(time.Hour)
	s.mu.Lock()
	drift := s.st.Plant.Offsets[1]
	s.mu.Unlock()
	require.Greater(t, drift, 0.0)
	a := invoke(t, s, "demo-operator", "sensors.calibrate", `{"sensor":"flow"}`)
	assert.InDelta(t, drift, a["result"].(map[string]any)["correctedBy"].(float64), 1e-3)
	s.mu.Lock()
	assert.Zero(t, s.st.Plant.Offsets[1])
	s.mu.Unlock()

	r := invoke(t, s, "demo-viewer", "report.daily", `{}`)["result"].(map[string]any)
	assert.Equal(t, "2026-01-05", r["date"], "today resolves when it runs")
	assert.Greater(t, r["pumpedLitres"].(float64), 1000.0)
}
