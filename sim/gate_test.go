package sim

import (
	"github.com/heart-core/heart-web/core/api"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var asCore = []string{"Heart-Initiator: ai", "Heart-On-Behalf-Of: operator"}

func setFlowAsCore(t *testing.T, s *Sim, lpm string, headers ...string) map[string]any {
	t.Helper()
	resp := do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":`+lpm+`}}`, append(asCore, headers...)...)
	require.Equal(t, 202, resp.Status, string(resp.Body))
	a := action(t, resp)
	assert.Equal(t, a["id"], resp.Header.Get("Heart-Action-Id"))
	return a
}

func approve(t *testing.T, s *Sim, token, id, digest string) *api.Response {
	return do(t, s, token, "POST", "/heart/v1/actions/"+id+"/approve", `{"digest":"`+digest+`"}`)
}

func TestGate_AIThroughCoreToken_Waits202_ThenApprovedRuns(t *testing.T) {
	s, _ := newTestSim(t)
	a := setFlowAsCore(t, s, "60")
	assert.Equal(t, "waiting", a["state"])
	assert.Equal(t, "ai", a["initiator"].(map[string]any)["kind"])
	assert.Equal(t, "operator", a["onBehalfOf"])
	assert.Len(t, a["digest"], 64)
	s.mu.Lock()
	assert.Equal(t, 40.0, s.st.Plant.FlowSet, "nothing ran")
	s.mu.Unlock()

	resp := approve(t, s, "demo-operator", a["id"].(string), a["digest"].(string))
	require.Equal(t, 200, resp.Status, string(resp.Body))
	done := action(t, resp)
	assert.Equal(t, "succeeded", done["state"])
	assert.Equal(t, "operator", done["decidedBy"].(map[string]any)["token"])
	s.Advance(2 * time.Minute)
	assert.InDelta(t, 60, prop(t, s, "pump.flow"), 1.5)
}

func TestGate_InitiatorHeadersFromNonCoreToken_IgnoredAndRecorded(t *testing.T) {
	s, _ := newTestSim(t)
	resp := do(t, s, "demo-operator", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":50}}`, "Heart-Initiator: ai", "Heart-On-Behalf-Of: owner")
	require.Equal(t, 200, resp.Status, string(resp.Body))
	a := action(t, resp)
	assert.Equal(t, "human", a["initiator"].(map[string]any)["kind"], "the operator stays a human")
	assert.Nil(t, a["onBehalfOf"])
	rhythm := string(do(t, s, "demo-viewer", "GET", "/heart/v1/rhythm", "").Body)
	assert.Contains(t, rhythm, "initiator-ignored")
	logs := string(do(t, s, "demo-viewer", "GET", "/heart/v1/logs?level=warning", "").Body)
	assert.Contains(t, logs, "only the Core")
}

func TestGate_DigestMismatch_RefusedAndStillWaiting(t *testing.T) {
	s, _ := newTestSim(t)
	a := setFlowAsCore(t, s, "60")
	p := problem(t, approve(t, s, "demo-operator", a["id"].(string), strings.Repeat("0", 64)), 409, "digest-mismatch")
	assert.Equal(t, "digest", p.Field)
	got := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/actions/"+a["id"].(string), ""))
	assert.Equal(t, "waiting", got["state"])
}

func TestGate_ExpiredActionCannotBeApproved(t *testing.T) {
	s, _ := newTestSim(t)
	a := setFlowAsCore(t, s, "60")
	s.Advance(301 * time.Second)
	got := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/actions/"+a["id"].(string), ""))
	assert.Equal(t, "expired", got["state"])
	problem(t, approve(t, s, "demo-operator", a["id"].(string), a["digest"].(string)), 409, "expired")
}

func TestGate_ApproverMustBeAPersonWithTheScope(t *testing.T) {
	s, _ := newTestSim(t)
	a := setFlowAsCore(t, s, "60")
	problem(t, approve(t, s, "demo-core", a["id"].(string), a["digest"].(string)), 403, "caller-not-allowed")
	problem(t, approve(t, s, "demo-viewer", a["id"].(string), a["digest"].(string)), 403, "caller-not-allowed")
}

func TestGate_DestructiveNeedsAdminConfirmation(t *testing.T) {
	s, _ := newTestSim(t)
	resp := do(t, s, "demo-owner", "DELETE", "/heart/v1/logs", "")
	require.Equal(t, 202, resp.Status, "even the owner's destructive call waits for confirmation")
	a := action(t, resp)
	problem(t, approve(t, s, "demo-operator", a["id"].(string), a["digest"].(string)), 403, "caller-not-allowed")
	ok := approve(t, s, "demo-owner", a["id"].(string), a["digest"].(string))
	require.Equal(t, 200, ok.Status, string(ok.Body))
	assert.Equal(t, "succeeded", action(t, ok)["state"])
}

func TestGate_IdempotentRepeatReturnsTheFirstResult(t *testing.T) {
	s, _ := newTestSim(t)
	key := "Idempotency-Key: 7f1c"
	first := setFlowAsCore(t, s, "60", key)
	again := do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":60}}`, append(asCore, key)...)
	require.Equal(t, 202, again.Status)
	assert.Equal(t, first["id"], action(t, again)["id"])
	assert.Equal(t, "true", again.Header.Get("Idempotent-Replay"))
	assert.Len(t, decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/actions?state=waiting", ""))["actions"], 1, "one Action, not two")
	problem(t, do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":70}}`, append(asCore, key)...), 409, "conflict")
	s.Advance(25 * time.Hour)
	fresh := do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":60}}`, append(asCore, key)...)
	assert.NotEqual(t, first["id"], action(t, fresh)["id"], "after 24 h the key is free")
}

func TestGate_CallerMustHoldScopeOnBehalfOf(t *testing.T) {
	s, _ := newTestSim(t)
	problem(t, do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":50}}`, "Heart-Initiator: ai", "Heart-On-Behalf-Of: viewer"), 403, "caller-not-allowed")
	problem(t, do(t, s, "demo-core", "GET", "/heart/v1/tokens", "", "Heart-Initiator: ai", "Heart-On-Behalf-Of: viewer"), 403, "caller-not-allowed")
}

func TestGate_CallersExcludingAI_Refused(t *testing.T) {
	s, _ := newTestSim(t)
	p := problem(t, do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.sensors.calibrate/invoke", `{"arguments":{"sensor":"flow"}}`, asCore...), 403, "caller-not-allowed")
	assert.Contains(t, p.Detail, "person")
}

func TestGate_ObserveModeRefusesAI_ButNotPeople(t *testing.T) {
	s, _ := newTestSim(t)
	require.Equal(t, 200, do(t, s, "demo-operator", "POST", "/heart/v1/tending/stop", "").Status)
	assert.EqualValues(t, 0, decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/tending", ""))["autonomy"].(map[string]any)["current"])
	problem(t, do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":50}}`, asCore...), 409, "autonomy-stopped")
	invoke(t, s, "demo-operator", "pump.set_flow", `{"litresPerMin":50}`)
	require.Equal(t, 200, do(t, s, "demo-owner", "POST", "/heart/v1/tending/resume", "").Status)
	assert.EqualValues(t, 3, decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/tending", ""))["autonomy"].(map[string]any)["current"])
}

func TestGate_GuardRefusesWhenPressureHigh(t *testing.T) {
	s, _ := newTestSim(t)
	require.Equal(t, 200, do(t, s, "", "PUT", "/_sim/faults", `{"pressureSpikeBar":5}`).Status)
	resp := do(t, s, "demo-operator", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":50}}`)
	problem(t, resp, 422, "guard-failed")
	s.mu.Lock()
	assert.Equal(t, 40.0, s.st.Plant.FlowSet, "a refused guard changes nothing")
	s.mu.Unlock()
	require.Equal(t, 200, do(t, s, "", "PUT", "/_sim/faults", `{}`).Status)
	invoke(t, s, "demo-operator", "pump.set_flow", `{"litresPerMin":50}`)
}

func TestGate_DenyAndCancel(t *testing.T) {
	s, _ := newTestSim(t)
	a := setFlowAsCore(t, s, "60")
	resp := do(t, s, "demo-operator", "POST", "/heart/v1/actions/"+a["id"].(string)+"/deny", `{"reason":"not now"}`)
	require.Equal(t, 200, resp.Status, string(resp.Body))
	assert.Equal(t, "denied", action(t, resp)["state"])
	b := setFlowAsCore(t, s, "61")
	resp = do(t, s, "demo-operator", "POST", "/heart/v1/actions/"+b["id"].(string)+"/cancel", "")
	assert.Equal(t, "cancelled", action(t, resp)["state"])
	problem(t, approve(t, s, "demo-operator", b["id"].(string), b["digest"].(string)), 409, "conflict")
}

func TestIdempotency_CoversTheCoreRecordsToo(t *testing.T) {
	s, _ := newTestSim(t)
	body := `{"code":"ai.note","severity":"info","summary":"Once only"}`
	first := do(t, s, "demo-core", "POST", "/heart/v1/alerts", body, "Idempotency-Key: a-1")
	again := do(t, s, "demo-core", "POST", "/heart/v1/alerts", body, "Idempotency-Key: a-1")
	require.Equal(t, 201, again.Status)
	assert.Equal(t, decodeMap(t, first)["id"], decodeMap(t, again)["id"])
	assert.Len(t, decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/alerts", ""))["alerts"], 1)
}
