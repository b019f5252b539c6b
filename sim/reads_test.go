package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReads_AnswerWithRealState(t *testing.T) {
	s, _ := newTestSim(t)
	cases := []struct {
		path string
		key  string
	}{
		{"/heart/v1/", "links"},
		{"/heart/v1/card", "definitionsRevision"},
		{"/heart/v1/card/modules", "modules"},
		{"/heart/v1/pulse", "autonomy"},
		{"/heart/v1/whoami", "scopes"},
		{"/heart/v1/time", "time"},
		{"/heart/v1/system/info", "firmware"},
		{"/heart/v1/properties", "properties"},
		{"/heart/v1/properties/tank.level", "value"},
		{"/heart/v1/properties/pump.flow/history?windowSec=60", "samples"},
		{"/heart/v1/vitals", "vitals"},
		{"/heart/v1/vitals/pump.pressure", "value"},
		{"/heart/v1/vitals/pump.flow/features?windowSec=300", "features"},
		{"/heart/v1/components", "components"},
		{"/heart/v1/components/pump-1", "state"},
		{"/heart/v1/capabilities", "capabilities"},
		{"/heart/v1/capabilities/com.acme.pump.set_flow", "arguments"},
		{"/heart/v1/definitions", "revision"},
		{"/heart/v1/definitions/com.acme.mixer.set_speed", "halt"},
		{"/heart/v1/actions", "actions"},
		{"/heart/v1/schedules", "schedules"},
		{"/heart/v1/logs", "logs"},
		{"/heart/v1/diagnostics", "result"},
		{"/heart/v1/faults", "faults"},
		{"/heart/v1/faults/E204", "explanation"},
		{"/heart/v1/alerts", "alerts"},
		{"/heart/v1/config", "units"},
		{"/heart/v1/config/backups", "backups"},
		{"/heart/v1/updates", "updates"},
		{"/heart/v1/network", "link"},
		{"/heart/v1/peers", "peers"},
		{"/heart/v1/messages", "messages"},
		{"/heart/v1/tending", "autonomy"},
		{"/heart/v1/tending/allowlist", "allowlist"},
		{"/heart/v1/tending/rules", "rules"},
		{"/heart/v1/rhythm", "entries"},
		{"/heart/v1/events", "stream"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			resp := do(t, s, "demo-viewer", "GET", c.path, "")
			require.Equal(t, 200, resp.Status, string(resp.Body))
			assert.Contains(t, decodeMap(t, resp), c.key)
		})
	}
}

func TestReads_PropertyShapes(t *testing.T) {
	s, _ := newTestSim(t)
	m := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/properties/pump.flow", ""))
	assert.Equal(t, "L/min", m["unit"])
	assert.Equal(t, 40.0, m["setpoint"])
	assert.InDelta(t, 40, m["value"].(float64), 1)
	assert.Equal(t, "pump-1", m["component"])
	st := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/properties/pump.state", ""))
	assert.Equal(t, "running", st["value"])
	assert.Equal(t, []any{"running", "stopped"}, st["enum"])
	lvl := prop(t, s, "tank.level")
	assert.InDelta(t, 62, lvl, 0.5)
	props := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/properties", ""))["properties"].([]any)
	assert.Len(t, props, 14)
}

func TestFaults_ExplainEveryKnownCode(t *testing.T) {
	s, _ := newTestSim(t)
	for code, word := range map[string]string{"E101": "below 10", "E204": "Backflush", "E310": "6.5 bar", "E402": "sensor"} {
		m := decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/faults/"+code, ""))
		assert.Contains(t, m["explanation"], word, code)
		assert.Equal(t, false, m["active"], code)
	}
	problem(t, do(t, s, "demo-viewer", "GET", "/heart/v1/faults/E999", ""), 404, "not-found")
}

func TestErrors_AreProblemJSONWithTheField(t *testing.T) {
	s, _ := newTestSim(t)
	cases := []struct {
		name, token, method, path, body string
		status                          int
		code, field                     string
	}{
		{"no token", "", "GET", "/heart/v1/card", "", 401, "unauthorized", ""},
		{"unknown token", "nope", "GET", "/heart/v1/card", "", 401, "unauthorized", ""},
		{"viewer lists tokens", "demo-viewer", "GET", "/heart/v1/tokens", "", 403, "caller-not-allowed", ""},
		{"viewer invokes", "demo-viewer", "POST", "/heart/v1/capabilities/com.acme.pump.start/invoke", `{}`, 403, "caller-not-allowed", ""},
		{"unknown property", "demo-viewer", "GET", "/heart/v1/properties/pump.colour", "", 404, "not-found", ""},
		{"unknown capability", "demo-operator", "POST", "/heart/v1/capabilities/com.acme.pump.fly/invoke", `{}`, 404, "not-found", ""},
		{"bad windowSec", "demo-viewer", "GET", "/heart/v1/vitals/pump.flow/features?windowSec=abc", "", 400, "invalid-request", "windowSec"},
		{"missing argument", "demo-operator", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{}}`, 400, "invalid-request", "arguments.litresPerMin"},
		{"wrong type", "demo-operator", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":"lots"}}`, 400, "invalid-request", "arguments.litresPerMin"},
		{"unknown argument", "demo-operator", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":5,"rpm":3}}`, 400, "invalid-request", "arguments.rpm"},
		{"out of range", "demo-operator", "POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":500}}`, 422, "out-of-range", "arguments.litresPerMin"},
		{"unknown body member", "demo-operator", "POST", "/heart/v1/capabilities/com.acme.pump.start/invoke", `{"args":{}}`, 400, "invalid-request", "args"},
		{"bad enum", "demo-operator", "POST", "/heart/v1/capabilities/com.acme.sensors.calibrate/invoke", `{"arguments":{"sensor":"colour"}}`, 400, "invalid-request", "arguments.sensor"},
		{"wrong method", "demo-viewer", "PATCH", "/heart/v1/card", "", 405, "method-not-allowed", ""},
		{"bad level", "demo-owner", "PUT", "/heart/v1/tending/autonomy", `{"level":9}`, 422, "out-of-range", "level"},
		{"bad schedule time", "demo-operator", "POST", "/heart/v1/schedules", `{"target":"com.acme.pump.start","at":"tomorrow"}`, 400, "invalid-request", "at"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := s.Snapshot()
			p := problem(t, do(t, s, c.token, c.method, c.path, c.body), c.status, c.code)
			assert.Equal(t, c.field, p.Field)
			assert.NotEmpty(t, p.Detail)
			assert.Equal(t, len(before), len(s.Snapshot()), "bad input changes nothing")
		})
	}
}

// The Core's own operations are not the device's: it answers 404.
func TestCoreOperations_AreNotServedByTheDevice(t *testing.T) {
	s, _ := newTestSim(t)
	for _, c := range []struct{ method, path string }{
		{"POST", "/heart/v1/serve"}, {"GET", "/heart/v1/core"}, {"GET", "/heart/v1/core/index"}, {"GET", "/heart/v1/core/map"},
		{"POST", "/heart/v1/tending/proposals"}, {"GET", "/heart/v1/tending/trials"}, {"POST", "/heart/v1/tending/trials/x/undo"},
		{"GET", "/heart/v1/tending/consultations"}, {"GET", "/heart/v1/brain"}, {"PUT", "/heart/v1/brain/lease"},
		{"POST", "/heart/v1/reason"}, {"GET", "/heart/v1/valve"}, {"GET", "/heart/v1/valve/log"}, {"GET", "/heart/v1/gateway/devices"},
	} {
		problem(t, do(t, s, "demo-owner", c.method, c.path, "{}"), 404, "not-found")
	}
}

func TestCORS_ConfiguredOriginOnly(t *testing.T) {
	s, _ := newTestSim(t)
	resp := do(t, s, "demo-viewer", "GET", "/heart/v1/card", "", "Origin: http://127.0.0.1:8080")
	assert.Equal(t, "http://127.0.0.1:8080", resp.Header.Get("Access-Control-Allow-Origin"))
	resp = do(t, s, "demo-viewer", "GET", "/heart/v1/card", "", "Origin: http://evil.example")
	assert.Empty(t, resp.Header.Get("Access-Control-Allow-Origin"))
	pre := do(t, s, "", "OPTIONS", "/heart/v1/capabilities/com.acme.pump.start/invoke", "", "Origin: http://127.0.0.1:8080", "Access-Control-Request-Method: POST")
	assert.Equal(t, 204, pre.Status)
	// Every header the Core's calls carry from a browser (core/device).
	for _, h := range []string{"Authorization", "Content-Type", "Idempotency-Key", "Heart-Initiator", "Heart-On-Behalf-Of", "Heart-Rule-Id", "Heart-Serve"} {
		assert.Contains(t, pre.Header.Get("Access-Control-Allow-Headers"), h)
	}
	assert.Equal(t, "http://127.0.0.1:8080", pre.Header.Get("Access-Control-Allow-Origin"))
}

func TestTokens_ListShowsHintsAndCreateShowsValueOnce(t *testing.T) {
	s, _ := newTestSim(t)
	list := string(do(t, s, "demo-owner", "GET", "/heart/v1/tokens", "").Body)
	assert.NotContains(t, list, "demo-operator")
	assert.Contains(t, list, `"hint"`)
	resp := do(t, s, "demo-owner", "POST", "/heart/v1/tokens", `{"name":"night-shift","kind":"human","scopes":["heart.read"],"clearance":"internal"}`)
	require.Equal(t, 201, resp.Status, string(resp.Body))
	value := decodeMap(t, resp)["value"].(string)
	require.NotEmpty(t, value)
	who := decodeMap(t, do(t, s, value, "GET", "/heart/v1/whoami", ""))
	assert.Equal(t, "night-shift", who["name"])
	id := resp.Header.Get("Heart-Action-Id")
	assert.NotContains(t, string(do(t, s, "demo-owner", "GET", "/heart/v1/actions/"+id, "").Body), value, "the Action keeps no token value")
	tokID := decodeMap(t, resp)["id"].(string)
	require.Equal(t, 200, do(t, s, "demo-owner", "DELETE", "/heart/v1/tokens/"+tokID, "").Status)
	problem(t, do(t, s, value, "GET", "/heart/v1/whoami", ""), 401, "unauthorized")
}

// A token asked for by name only takes the contract's defaults (TokenInput):
// a person's token that may only read, never more; a kind, clearance or
// scope list that is given must be valid.
func TestTokens_CreateByNameOnlyTakesTheReadOnlyDefaults(t *testing.T) {
	s, _ := newTestSim(t)
	resp := do(t, s, "demo-owner", "POST", "/heart/v1/tokens", `{"name":"contractor"}`)
	require.Equal(t, 201, resp.Status, string(resp.Body))
	made := decodeMap(t, resp)
	assert.Equal(t, "human", made["kind"])
	assert.Equal(t, "internal", made["clearance"])
	assert.Equal(t, []any{"heart.read"}, made["scopes"])
	for _, bad := range []string{
		`{"name":"a","kind":""}`,
		`{"name":"b","kind":"robot"}`,
		`{"name":"c","clearance":"boss"}`,
		`{"name":"d","scopes":[]}`,
		`{"name":"e","scopes":"heart.read"}`,
		`{"name":"f","scopes":["heart.everything"]}`,
	} {
		problem(t, do(t, s, "demo-owner", "POST", "/heart/v1/tokens", bad), 400, "invalid-request")
	}
}

// /whoami needs a known token and no scope: the brain's token holds no
// heart.read, and the Core still learns who it is from the device.
func TestWhoami_AnyKnownTokenLearnsItself(t *testing.T) {
	s, _ := newTestSim(t)
	who := decodeMap(t, do(t, s, "demo-brain", "GET", "/heart/v1/whoami", ""))
	assert.Equal(t, "brain", who["name"])
	assert.ElementsMatch(t, []any{"heart.propose", "heart.brain"}, who["scopes"])
	problem(t, do(t, s, "demo-brain", "GET", "/heart/v1/card", ""), 403, "caller-not-allowed")
	problem(t, do(t, s, "no-such-token", "GET", "/heart/v1/whoami", ""), 401, "unauthorized")
}
