package sim

import (
	"context"
	"encoding/json"
	"github.com/heart-core/heart-web/core/api"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func at(s *Sim, d time.Duration) string { return s.clk.Now().Add(d).UTC().Format(time.RFC3339) }

func TestSchedule_FiresAtItsTime_WithApprovedBy(t *testing.T) {
	s, _ := newTestSim(t)
	resp := do(t, s, "demo-operator", "POST", "/heart/v1/schedules", `{"target":"com.acme.pump.set_flow","arguments":{"litresPerMin":30},"at":"`+at(s, 10*time.Minute)+`"}`)
	require.Equal(t, 201, resp.Status, string(resp.Body))
	sc := decodeMap(t, resp)
	assert.Equal(t, "pending", sc["state"])
	s.Advance(9 * time.Minute)
	s.mu.Lock()
	assert.Equal(t, 40.0, s.st.Plant.FlowSet)
	s.mu.Unlock()
	s.Advance(2 * time.Minute)
	got := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/schedules/"+sc["id"].(string), ""))
	assert.Equal(t, "done", got["state"])
	fired := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/actions/"+got["firedActionId"].(string), ""))
	assert.Equal(t, "succeeded", fired["state"])
	assert.Equal(t, sc["actionId"], fired["approvedBy"])
	s.mu.Lock()
	assert.Equal(t, 30.0, s.st.Plant.FlowSet)
	s.mu.Unlock()
}

func TestSchedule_FromAI_WaitsThenFires(t *testing.T) {
	s, _ := newTestSim(t)
	resp := do(t, s, "demo-core", "POST", "/heart/v1/schedules", `{"target":"postSystemRestart","at":"`+at(s, time.Hour)+`"}`, "Heart-Initiator: ai", "Heart-On-Behalf-Of: owner")
	require.Equal(t, 202, resp.Status, string(resp.Body))
	a := action(t, resp)
	ok := approve(t, s, "demo-owner", a["id"].(string), a["digest"].(string))
	require.Equal(t, 200, ok.Status, string(ok.Body))
	s.Advance(61 * time.Minute)
	list := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/schedules", ""))["schedules"].([]any)
	require.Len(t, list, 1)
	assert.Equal(t, "done", list[0].(map[string]any)["state"])
	assert.Equal(t, a["id"], list[0].(map[string]any)["actionId"])
}

func TestSchedule_CancelledNeverFires(t *testing.T) {
	s, _ := newTestSim(t)
	sc := decodeMap(t, do(t, s, "demo-operator", "POST", "/heart/v1/schedules", `{"target":"com.acme.pump.halt","at":"`+at(s, time.Minute)+`"}`))
	require.Equal(t, 200, do(t, s, "demo-operator", "DELETE", "/heart/v1/schedules/"+sc["id"].(string), "").Status)
	s.Advance(2 * time.Minute)
	assert.Equal(t, "running", decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/properties/pump.state", ""))["value"])
}

const trialBody = `{"arguments":{"ramp_rate":1.8},"trial":{"id":"5b0e7c1e-3f0a-4c2e-9a57-1f2d3c4b5a69","plan":[{"arguments":{"ramp_rate":1.8},"waitSec":60},{"arguments":{"ramp_rate":1.6},"waitSec":0}],"restore":{"ramp_rate":2.0},"watchSec":300}}`

func startTrial(t *testing.T, s *Sim) map[string]any {
	t.Helper()
	resp := do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_ramp_rate/invoke", trialBody, asCore...)
	require.Equal(t, 202, resp.Status, string(resp.Body))
	a := action(t, resp)
	assert.NotNil(t, a["digestInput"].(map[string]any)["plan"])
	ok := approve(t, s, "demo-operator", a["id"].(string), a["digest"].(string))
	require.Equal(t, 200, ok.Status, string(ok.Body))
	assert.Equal(t, 1.8, prop(t, s, "pump.ramp_rate"))
	return a
}

func step(t *testing.T, s *Sim, first string, rate string) *api.Response {
	return do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_ramp_rate/invoke", `{"arguments":{"ramp_rate":`+rate+`},"approvedBy":"`+first+`"}`, asCore...)
}

func TestTrial_ConfirmedCommitRestoresWhenTheCoreGoesQuiet(t *testing.T) {
	s, _ := newTestSim(t)
	a := startTrial(t, s)
	resp := step(t, s, a["id"].(string), "1.6")
	require.Equal(t, 200, resp.Status, string(resp.Body))
	assert.Equal(t, a["id"], action(t, resp)["approvedBy"])
	assert.Equal(t, 1.6, prop(t, s, "pump.ramp_rate"))
	problem(t, step(t, s, a["id"].(string), "1.2"), 409, "conflict")

	s.Advance(300*time.Second + trialMarginSec*time.Second + 2*time.Second)
	assert.Equal(t, 2.0, prop(t, s, "pump.ramp_rate"), "the device restored by itself")
	logs := string(do(t, s, "demo-viewer", "GET", "/heart/v1/logs", "").Body)
	assert.Contains(t, logs, "did not report Trial 5b0e7c1e-3f0a-4c2e-9a57-1f2d3c4b5a69")
	assert.Contains(t, string(do(t, s, "demo-viewer", "GET", "/heart/v1/rhythm", "").Body), "trial-timer")
}

func TestTrial_SettledKept_IsNotRestored(t *testing.T) {
	s, _ := newTestSim(t)
	a := startTrial(t, s)
	resp := do(t, s, "demo-core", "POST", "/heart/v1/actions/"+a["id"].(string)+"/settle", `{"outcome":"kept"}`)
	require.Equal(t, 200, resp.Status, string(resp.Body))
	s.Advance(10 * time.Minute)
	assert.Equal(t, 1.8, prop(t, s, "pump.ramp_rate"))
	problem(t, step(t, s, a["id"].(string), "2.0"), 409, "conflict")
}

func TestTrial_UndoByTheCore_EndsTheTimer(t *testing.T) {
	s, _ := newTestSim(t)
	a := startTrial(t, s)
	require.Equal(t, 200, step(t, s, a["id"].(string), "2.0").Status)
	assert.Equal(t, 2.0, prop(t, s, "pump.ramp_rate"))
	s.mu.Lock()
	assert.Equal(t, "undone", s.trialTimer(a["id"].(string)).State)
	s.mu.Unlock()
}

func TestTrial_RestoreRefusedByGuard_RaisesCriticalAlert(t *testing.T) {
	s, _ := newTestSim(t)
	startTrial(t, s)
	require.Equal(t, 200, do(t, s, "", "PUT", "/_sim/faults", `{"pressureSpikeBar":6}`).Status)
	s.Advance(8 * time.Minute)
	assert.Equal(t, 1.8, prop(t, s, "pump.ramp_rate"), "the guard refused the undo")
	alerts := string(do(t, s, "demo-viewer", "GET", "/heart/v1/alerts", "").Body)
	assert.Contains(t, alerts, "system.undo-failed")
	assert.Contains(t, alerts, "critical")
}

func TestPresence_AdoptingNeedsAFreshCodeOnce(t *testing.T) {
	s, _ := newTestSim(t)
	rule := func(code string) string {
		b := `{"rule":{"when":{"signal":"filter.dp","op":">","value":1.5},"then":{"capability":"com.acme.filter.backflush"},"status":"adopted","enabled":true}`
		if code != "" {
			b += `,"presence":{"method":"device-code","code":"` + code + `"}`
		}
		return b + "}"
	}
	problem(t, do(t, s, "demo-owner", "PUT", "/heart/v1/tending/rules/r1", rule("")), 403, "presence-required")
	code := decodeMap(t, do(t, s, "", "GET", "/_sim/display", ""))["code"].(string)
	assert.Contains(t, string(do(t, s, "demo-viewer", "GET", "/heart/v1/logs", "").Body), code, "the code is in the log too")
	problem(t, do(t, s, "demo-operator", "PUT", "/heart/v1/tending/rules/r1", rule(code)), 403, "caller-not-allowed")
	resp := do(t, s, "demo-owner", "PUT", "/heart/v1/tending/rules/r1", rule(code))
	require.Equal(t, 201, resp.Status, string(resp.Body))
	assert.Equal(t, "owner", decodeMap(t, resp)["adoptedBy"])
	problem(t, do(t, s, "demo-owner", "PUT", "/heart/v1/tending/rules/r2", rule(code)), 403, "presence-required")

	late := decodeMap(t, do(t, s, "", "GET", "/_sim/display", ""))["code"].(string)
	s.Advance(121 * time.Second)
	problem(t, do(t, s, "demo-owner", "PUT", "/heart/v1/tending/rules/r3", rule(late)), 403, "presence-required")
}

func TestRule_AdoptedPlaybookActsAsRule_OthersRefused(t *testing.T) {
	s, _ := newTestSim(t)
	asRule := []string{"Heart-Initiator: rule", "Heart-Rule-Id: r1"}
	problem(t, do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.filter.backflush/invoke", `{"arguments":{}}`, asRule...), 403, "caller-not-allowed")
	code := decodeMap(t, do(t, s, "", "GET", "/_sim/display", ""))["code"].(string)
	body := `{"rule":{"when":{"signal":"filter.dp","op":">","value":1.5},"then":{"capability":"com.acme.filter.backflush"},"status":"adopted","adoptedPhysical":true,"enabled":true},"presence":{"method":"device-code","code":"` + code + `"}}`
	require.Equal(t, 201, do(t, s, "demo-owner", "PUT", "/heart/v1/tending/rules/r1", body).Status)
	resp := do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.filter.backflush/invoke", `{"arguments":{}}`, asRule...)
	require.Equal(t, 202, resp.Status, "no allowlist entry for rule: it waits")
	require.Equal(t, 200, do(t, s, "demo-owner", "PUT", "/heart/v1/tending/allowlist", `{"allowlist":[{"target":"com.acme.filter.backflush","initiators":["rule"],"envelope":{"arguments":{"durationSec":{"min":10,"max":120}}}}]}`).Status)
	resp = do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.filter.backflush/invoke", `{"arguments":{}}`, asRule...)
	require.Equal(t, 200, resp.Status, string(resp.Body))
	assert.Equal(t, "r1", action(t, resp)["initiator"].(map[string]any)["ruleId"])
}

func TestReset_AndSnapshotRestore(t *testing.T) {
	s, _ := newTestSim(t)
	snap := s.Snapshot()
	invoke(t, s, "demo-operator", "pump.set_flow", `{"litresPerMin":90}`)
	setFlowAsCore(t, s, "10")
	s.Advance(time.Minute)
	require.NoError(t, s.Restore(snap))
	s.mu.Lock()
	assert.Equal(t, 40.0, s.st.Plant.FlowSet)
	s.mu.Unlock()
	assert.Empty(t, decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/actions", ""))["actions"])

	setFlowAsCore(t, s, "10")
	mid := do(t, s, "", "GET", "/_sim/snapshot", "")
	require.Equal(t, 200, mid.Status)
	require.Equal(t, 200, do(t, s, "", "POST", "/_sim/reset", "").Status)
	assert.Empty(t, decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/actions", ""))["actions"])
	require.Equal(t, 200, do(t, s, "", "POST", "/_sim/restore", string(mid.Body)).Status)
	waiting := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/actions?state=waiting", ""))["actions"].([]any)
	require.Len(t, waiting, 1, "a snapshot keeps the waiting Action")
	w := waiting[0].(map[string]any)
	require.Equal(t, 200, approve(t, s, "demo-operator", w["id"].(string), w["digest"].(string)).Status)
	problem(t, do(t, s, "", "POST", "/_sim/restore", `{"version":7}`), 400, "invalid-request")
}

func TestSimClockAdvance_OverHTTP(t *testing.T) {
	s, clk := newTestSim(t)
	start := clk.Now()
	require.Equal(t, 200, do(t, s, "", "POST", "/_sim/clock/advance", `{"seconds":90}`).Status)
	assert.Equal(t, 90*time.Second, clk.Now().Sub(start))
	problem(t, do(t, s, "", "POST", "/_sim/clock/advance", `{"seconds":-1}`), 422, "out-of-range")
}

func TestFaultInjection_LinkDownAndErrors(t *testing.T) {
	s, _ := newTestSim(t)
	require.Equal(t, 200, do(t, s, "", "PUT", "/_sim/faults", `{"linkDownSec":30}`).Status)
	problem(t, do(t, s, "demo-viewer", "GET", "/heart/v1/card", ""), 503, "device-unreachable")
	s.Advance(31 * time.Second)
	require.Equal(t, 200, do(t, s, "demo-viewer", "GET", "/heart/v1/card", "").Status)
	require.Equal(t, 200, do(t, s, "", "PUT", "/_sim/faults", `{"errorRate":1}`).Status)
	problem(t, do(t, s, "demo-viewer", "GET", "/heart/v1/card", ""), 503, "unavailable")
	problem(t, do(t, s, "", "PUT", "/_sim/faults", `{"errorRate":2}`), 422, "out-of-range")
	require.Equal(t, 200, do(t, s, "", "PUT", "/_sim/faults", `{"heaterSensorFault":true,"latencyMs":200}`).Status)
	assert.Equal(t, 200, s.InjectedFaults().LatencyMs)
	s.Advance(2 * time.Second)
	assert.Contains(t, string(do(t, s, "demo-viewer", "GET", "/heart/v1/faults", "").Body), "E402")
	assert.Contains(t, string(do(t, s, "demo-viewer", "GET", "/heart/v1/alerts", "").Body), "E402")
}

func TestPlantAlert_HighPressureRaisedOnce(t *testing.T) {
	s, _ := newTestSim(t)
	invoke(t, s, "demo-operator", "pump.set_flow", `{"litresPerMin":120}`)
	s.Advance(3 * time.Minute)
	alerts := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/alerts", ""))["alerts"].([]any)
	n := 0
	for _, a := range alerts {
		if a.(map[string]any)["code"] == "E310" {
			n++
		}
	}
	assert.Equal(t, 1, n)
	pulse := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/pulse", ""))
	assert.Equal(t, "fault", pulse["health"])
}

func TestDefinitions_ChangeBumpsRevisionAndEmitsEvent(t *testing.T) {
	s, _ := newTestSim(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events, err := s.Subscribe(ctx)
	require.NoError(t, err)
	def := `{"title":"Rinse","description":"Rinse the tank.","risk":"physical","callers":["human","ai"],"thing":"tank","component":"tank-1","halt":false,"arguments":{"type":"object","additionalProperties":false,"properties":{"seconds":{"type":"integer","minimum":5,"maximum":60}}}}`
	resp := do(t, s, "demo-owner", "PUT", "/heart/v1/definitions/com.acme.tank.rinse", def)
	require.Equal(t, 201, resp.Status, string(resp.Body))
	assert.EqualValues(t, 2, decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/card", ""))["definitionsRevision"])
	deadline := time.After(2 * time.Second)
	for {
		select {
		case ev := <-events:
			if ev.Type != "definition" {
				continue
			}
			var m map[string]any
			require.NoError(t, json.Unmarshal(ev.Data, &m))
			assert.Equal(t, "com.acme.tank.rinse", m["name"])
			assert.EqualValues(t, 2, m["revision"])
			invoke(t, s, "demo-operator", "tank.rinse", `{"seconds":10}`)
			problem(t, do(t, s, "demo-owner", "PUT", "/heart/v1/definitions/com.acme.x", `{"title":"X","risk":"sometimes","callers":["human"]}`), 400, "invalid-request")
			return
		case <-deadline:
			t.Fatal("no definition event")
		}
	}
}

func TestEvents_SlowSubscriberLosesOldestNonCritical_Counted(t *testing.T) {
	s, _ := newTestSim(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events, err := s.Subscribe(ctx)
	require.NoError(t, err)
	s.bus.publish("alert", map[string]string{"code": "critical-one"}, true)
	for i := 0; i < subscriberBuf+50; i++ {
		s.bus.publish("rhythm", map[string]int{"i": i}, false)
	}
	assert.GreaterOrEqual(t, s.Dropped(), int64(50))
	first := <-events
	for first.Type != "alert" { // the pump goroutine may hold one event already taken
		first = <-events
	}
	assert.Contains(t, string(first.Data), "critical-one", "the critical event survived")
}

func TestEvents_SubscribersAreBounded(t *testing.T) {
	s, _ := newTestSim(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i := 0; i < maxSubscribers; i++ {
		_, err := s.Subscribe(ctx)
		require.NoError(t, err)
	}
	_, err := s.Subscribe(ctx)
	assert.Error(t, err)
}

func TestFaultInjection_ValuesThatJump(t *testing.T) {
	s, _ := newTestSim(t)
	s.Advance(30 * time.Second)
	calm := features(t, s, "pump.flow", 30)["stddev"].(float64)
	require.Equal(t, 200, do(t, s, "", "PUT", "/_sim/faults", `{"jumpRate":1}`).Status)
	s.Advance(30 * time.Second)
	assert.Greater(t, features(t, s, "pump.flow", 30)["stddev"].(float64), 10*calm)
}

func TestTrial_OnePerTarget(t *testing.T) {
	s, _ := newTestSim(t)
	startTrial(t, s)
	other := strings.Replace(trialBody, "5b0e7c1e-3f0a-4c2e-9a57-1f2d3c4b5a69", "5b0e7c1e-3f0a-4c2e-9a57-1f2d3c4b5a70", 1)
	problem(t, do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_ramp_rate/invoke", other, asCore...), 409, "conflict")
}

// A read can be scheduled: at its time the fired Action answers it, and the
// answer is its result. A read without the parameter its path needs is
// refused at once.
func TestSchedule_AReadRunsAndRecordsItsAnswer(t *testing.T) {
	s, _ := newTestSim(t)
	resp := do(t, s, "demo-operator", "POST", "/heart/v1/schedules", `{"target":"getProperty","arguments":{"name":"tank.level"},"at":"`+at(s, 10*time.Minute)+`"}`)
	require.Equal(t, 201, resp.Status, string(resp.Body))
	sc := decodeMap(t, resp)
	s.Advance(11 * time.Minute)
	got := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/schedules/"+sc["id"].(string), ""))
	require.Equal(t, "done", got["state"])
	fired := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/actions/"+got["firedActionId"].(string), ""))
	assert.Equal(t, "succeeded", fired["state"])
	result, _ := fired["result"].(map[string]any)
	assert.Equal(t, "tank.level", result["name"], "%v", fired)
	assert.Contains(t, result, "value")

	resp = do(t, s, "demo-operator", "POST", "/heart/v1/schedules", `{"target":"getProperty","at":"`+at(s, 10*time.Minute)+`"}`)
	assert.Equal(t, 400, resp.Status, string(resp.Body))
	assert.Contains(t, string(resp.Body), "name")
}

// A schedule may be set up to two years ahead ("next January's
// shutdown"); a time in the past or further ahead is out of range.
func TestSchedule_HorizonIsTwoYears(t *testing.T) {
	for _, c := range []struct {
		name   string
		ahead  time.Duration
		status int
	}{
		{"in fourteen months", 430 * 24 * time.Hour, 201},
		{"in 732 days", 732 * 24 * time.Hour, 422},
		{"an hour ago", -time.Hour, 422},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := newTestSim(t)
			resp := do(t, s, "demo-operator", "POST", "/heart/v1/schedules", `{"target":"com.acme.filter.backflush","arguments":{"durationSec":60},"at":"`+at(s, c.ahead)+`"}`)
			require.Equal(t, c.status, resp.Status, string(resp.Body))
		})
	}
}
