//go:build !js

package sim

import (
	"bytes"
	schemafiles "github.com/heart-core/heart-web/schemas"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// schemas compiles schemas/1.0 (docs/data-shapes.md: the schemas are the
// authority on shapes).
func schemas(t *testing.T) func(name string) *jsonschema.Schema {
	c, err := schemafiles.Compiler()
	require.NoError(t, err)
	return func(name string) *jsonschema.Schema {
		loc := schemafiles.Base + name + ".schema.json"
		if strings.HasPrefix(name, "#") { // a body of resources.schema.json
			loc = schemafiles.Base + "resources.schema.json#/$defs/" + name[1:]
		}
		s, err := c.Compile(loc)
		require.NoError(t, err)
		return s
	}
}

func valid(t *testing.T, s *jsonschema.Schema, body []byte, what string) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	require.NoError(t, err)
	assert.NoError(t, s.Validate(inst), "%s: %s", what, body)
}

// What the simulator answers has the shapes of schemas/1.0.
func TestAnswers_MatchTheSchemas(t *testing.T) {
	schema := schemas(t)
	s, _ := newTestSim(t)
	valid(t, schema("card"), do(t, s, "demo-viewer", "GET", "/heart/v1/card", "").Body, "card")
	valid(t, schema("pulse"), do(t, s, "demo-viewer", "GET", "/heart/v1/pulse", "").Body, "pulse")
	for _, d := range decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/definitions", ""))["definitions"].([]any) {
		valid(t, schema("definition"), do(t, s, "demo-viewer", "GET", "/heart/v1/definitions/"+d.(map[string]any)["name"].(string), "").Body, "definition")
	}
	alert := do(t, s, "demo-core", "POST", "/heart/v1/alerts", `{"code":"ai.x","severity":"major","summary":"s"}`)
	valid(t, schema("alert"), alert.Body, "alert")
	id := decodeMap(t, alert)["id"].(string)
	valid(t, schema("alert"), do(t, s, "demo-operator", "POST", "/heart/v1/alerts/"+id+"/acknowledge", "").Body, "acknowledged alert")
	sc := do(t, s, "demo-core", "POST", "/heart/v1/schedules", `{"target":"com.acme.pump.halt","at":"`+at(s, time.Hour)+`"}`, asCore...)
	a := action(t, sc)
	valid(t, schema("action"), mustJSONBytes(t, a), "waiting action")
	ok := approve(t, s, "demo-operator", a["id"].(string), a["digest"].(string))
	valid(t, schema("action"), mustJSONBytes(t, action(t, ok)), "approved action")
	for _, x := range decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/schedules", ""))["schedules"].([]any) {
		valid(t, schema("schedule"), mustJSONBytes(t, x), "schedule")
	}
	s.Advance(61 * time.Minute)
	for _, x := range decodeMap(t, do(t, s, "demo-viewer", "GET", "/heart/v1/actions", ""))["actions"].([]any) {
		valid(t, schema("action"), mustJSONBytes(t, x), "action")
	}
	tr := do(t, s, "demo-core", "POST", "/heart/v1/capabilities/com.acme.pump.set_ramp_rate/invoke", trialBody, asCore...)
	valid(t, schema("action"), mustJSONBytes(t, action(t, tr)), "trial's first action")
}

// Every read of a fresh device, and a few after changes, has its resources.schema.json shape.
func TestReads_MatchResourceSchemas(t *testing.T) {
	schema := schemas(t)
	s, _ := newTestSim(t)
	code := decodeMap(t, do(t, s, "", "GET", "/_sim/display", ""))["code"].(string)
	rule := do(t, s, "demo-owner", "PUT", "/heart/v1/tending/rules/r1", `{"rule":{"when":{"signal":"filter.dp","op":">","value":1.5},"then":{"capability":"com.acme.filter.backflush"},"status":"adopted"},"presence":{"method":"device-code","code":"`+code+`"}}`)
	require.Equal(t, 201, rule.Status, string(rule.Body))
	valid(t, schema("rule"), rule.Body, "rule")
	do(t, s, "demo-operator", "POST", "/heart/v1/alerts/mute", `{"durationSec":60}`)
	do(t, s, "demo-operator", "POST", "/heart/v1/config/backups", "")
	do(t, s, "demo-operator", "POST", "/heart/v1/messages", `{"to":"acme-ps-0002","text":"hi"}`)
	s.Advance(5 * time.Second)
	for path, def := range map[string]string{
		"/": "#Root", "/whoami": "#Whoami", "/time": "#Time", "/system/info": "#SystemInfo", "/rhythm": "#RhythmPage",
		"/properties": "#PropertyList", "/properties/pump.state": "#Property", "/properties/tank.level/history?windowSec=10": "#PropertyHistory",
		"/vitals": "#VitalList", "/vitals/pump.flow": "#Vital", "/vitals/pump.flow/features?windowSec=10": "#VitalFeatures",
		"/components": "#ComponentList", "/components/pump-1": "#Component", "/capabilities": "#CapabilityList",
		"/actions": "#ActionList", "/schedules": "#ScheduleList", "/logs": "#LogPage", "/diagnostics": "#Diagnostics",
		"/faults": "#FaultList", "/faults/E101": "#Fault", "/alerts": "#AlertList", "/config": "#Config",
		"/config/backups": "#BackupList", "/updates": "#UpdateList", "/tokens": "#TokenList", "/network": "#Network",
		"/peers": "#PeerList", "/messages": "#MessageList", "/tending": "control", "/tending/allowlist": "control",
		"/tending/rules": "#RuleList", "/tending/rules/r1": "rule",
	} {
		if def == "control" {
			continue // control.schema.json describes the allowlist body; tending is its $defs
		}
		resp := do(t, s, "demo-owner", "GET", "/heart/v1"+path, "")
		require.Equal(t, 200, resp.Status, path)
		valid(t, schema(def), resp.Body, path)
	}
	valid(t, schema("control"), do(t, s, "demo-owner", "GET", "/heart/v1/tending/allowlist", "").Body, "allowlist")
}
