package core_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// demo is the real Core on the in-process Acme simulator.
type demo struct {
	sim  *sim.Sim
	core *core.Core
	clk  *clock.Manual
}

func newDemo(t testing.TB) *demo {
	clk := clock.NewManual(sim.DefaultStart)
	s := sim.New(sim.Options{Clock: clk, Logf: func(string, ...any) {}})
	c := core.New(core.Config{Device: api.InProcess(s), DeviceToken: "demo-core", Clock: clk, InstanceID: "t"})
	return &demo{sim: s, core: c, clk: clk}
}

func (d *demo) do(t testing.TB, method, path, token string, body any) (int, map[string]any) {
	t.Helper()
	var raw []byte
	if body != nil {
		var err error
		raw, err = json.Marshal(body)
		require.NoError(t, err)
	}
	req := api.NewRequest(method, path, raw)
	req.Header.Set("Authorization", "Bearer "+token)
	resp := d.core.Serve(context.Background(), req)
	var out map[string]any
	require.NoError(t, json.Unmarshal(resp.Body, &out), string(resp.Body))
	return resp.Status, out
}

func (d *demo) serve(t testing.TB, token, text string) map[string]any {
	t.Helper()
	status, out := d.do(t, "POST", "/heart/v1/serve", token, map[string]any{"text": text})
	require.Equal(t, 200, status, out)
	return out
}

// ranWithoutPerson lists the device's Actions that ran (or were let run)
// with a risk other than read and no person's decision: wrong actions.
func (d *demo) ranWithoutPerson(t testing.TB) []string {
	t.Helper()
	status, out := d.do(t, "GET", "/heart/v1/actions", "demo-owner", nil)
	require.Equal(t, 200, status)
	var wrong []string
	for _, a := range out["actions"].([]any) {
		a := a.(map[string]any)
		if a["risk"] == "read" {
			continue
		}
		switch a["state"] {
		case "approved", "running", "succeeded", "failed":
			if by, _ := a["decidedBy"].(map[string]any); by == nil || by["kind"] != "human" {
				wrong = append(wrong, a["target"].(string))
			}
		}
	}
	return wrong
}

func intentTarget(out map[string]any) string {
	in, _ := out["intent"].(map[string]any)
	s, _ := in["target"].(string)
	return s
}

func TestServe_FiveOutcomesEndToEnd(t *testing.T) {
	cases := []struct {
		rule, token, text, outcome, target, reason, answer string
	}{
		{"a read runs at once and states the value with its unit", "demo-operator", "how full is the tank?", "done", "getProperty", "", "%"},
		{"a physical change waits for a person", "demo-operator", "set the flow to 40 litres per minute", "pending-approval", "com.acme.pump.set_flow", "", "40"},
		{"a default is used and stated", "demo-operator", "fill the tank", "pending-approval", "com.acme.tank.fill", "", "90"},
		{"no known target is not understood", "demo-operator", "what's the weather in Paris?", "not-understood", "", "", "did nothing"},
		{"a value out of range is refused with the intent", "demo-operator", "set the heater to 2 degrees", "refused", "com.acme.heater.set_setpoint", "out-of-range", "below"},
		{"a viewer asking for the tokens is refused", "demo-viewer", "list the access tokens", "refused", "getTokens", "caller-not-allowed", "heart.admin"},
		{"a person-only target is refused", "demo-owner", "calibrate the level sensor", "refused", "com.acme.sensors.calibrate", "person-only", "person"},
		{"stop the conveyor is its halt", "demo-operator", "stop the conveyor", "pending-approval", "com.acme.conveyor.halt", "", "conveyor"},
		{"a thing with no halt is refused and Stop is offered", "demo-operator", "stop the mixer", "refused", "", "no-halt", "stop automatic actions"},
		{"Stop runs at once", "demo-operator", "stop all automatic actions", "done", "postTendingStop", "", "stopped"},
		{"a time makes a schedule, never a run", "demo-owner", "restart the controller on Sunday night", "pending-approval", "postSchedule", "", "22:00"},
		{"a change of nothing named asks which", "demo-operator", "set it to 50", "needs-clarification", "", "", "Which one?"},
		{"a request about a command reads its definition", "demo-operator", "show me the definition of the daily report command", "done", "getDefinition", "", "report"},
		{"deleting a definition is not running it", "demo-owner", "delete the custom definition for the daily report", "pending-approval", "deleteDefinition", "", "report"},
		{"a definition is named by the property it sets", "demo-owner", "please remove the custom command for the mixer speed", "pending-approval", "deleteDefinition", "", "mixer"},
		{"Stop with a time is a schedule", "demo-owner", "stop all automatic actions tomorrow afternoon", "pending-approval", "postSchedule", "", "15:00"},
		{"turn it off asks which thing", "demo-operator", "could you turn it off?", "needs-clarification", "", "", "Which one?"},
		{"a definition's id written out names it", "demo-owner", "modifica la definición com.acme.tank.fill", "needs-clarification", "putDefinition", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.rule, func(t *testing.T) {
			d := newDemo(t)
			out := d.serve(t, tc.token, tc.text)
			assert.Equal(t, tc.outcome, out["outcome"], out["answer"])
			assert.Equal(t, tc.target, intentTarget(out), out)
			if tc.reason != "" {
				assert.Equal(t, tc.reason, out["reason"])
			}
			assert.Contains(t, out["answer"], tc.answer)
			if tc.outcome == "pending-approval" {
				assert.NotEmpty(t, out["actionId"])
			}
			assert.LessOrEqual(t, len(out["shortlist"].([]any)), 8)
			assert.Empty(t, d.ranWithoutPerson(t), "no wrong action")
		})
	}
}

func TestServe_ModeObserve_NonReadRefused_ReadsStillAnswered(t *testing.T) {
	d := newDemo(t)
	out := d.serve(t, "demo-operator", "stop")
	require.Equal(t, "done", out["outcome"])
	status, tending := d.do(t, "GET", "/heart/v1/tending", "demo-viewer", nil)
	require.Equal(t, 200, status)
	assert.Equal(t, "observe", tending["autonomy"].(map[string]any)["mode"])
	_, list := d.do(t, "GET", "/heart/v1/actions", "demo-owner", nil)
	found := false
	for _, a := range list["actions"].([]any) {
		a := a.(map[string]any)
		if a["target"] == "postTendingStop" {
			found = true
			assert.Equal(t, "ai", a["initiator"].(map[string]any)["kind"], "§6.2 rule 1: everything from /serve runs as ai")
			assert.Equal(t, "operator", a["onBehalfOf"])
		}
	}
	assert.True(t, found, "the device recorded the Stop")
	out = d.serve(t, "demo-operator", "set the flow to 40 litres per minute")
	assert.Equal(t, "refused", out["outcome"])
	assert.Equal(t, "autonomy-stopped", out["reason"])
	out = d.serve(t, "demo-operator", "how full is the tank?")
	assert.Equal(t, "done", out["outcome"])
	assert.Empty(t, d.ranWithoutPerson(t))
}

func TestServe_ScheduleStatesTheExactTimeInTheDeviceZone(t *testing.T) {
	d := newDemo(t)
	out := d.serve(t, "demo-owner", "restart the controller on Sunday night")
	require.Equal(t, "pending-approval", out["outcome"], out["answer"])
	args := out["intent"].(map[string]any)["arguments"].(map[string]any)
	assert.Equal(t, "postSystemRestart", args["target"])
	assert.Equal(t, "2026-01-11T22:00:00Z", args["at"]) // DefaultStart is Monday 5 January 2026; the demo zone is UTC
	assert.Contains(t, out["answer"], "Sunday 11 January 2026, 22:00")
	status, sched := d.do(t, "GET", "/heart/v1/schedules", "demo-owner", nil)
	require.Equal(t, 200, status)
	assert.Empty(t, sched["schedules"], "the schedule itself waits for approval")
}

func TestServe_RequestShape(t *testing.T) {
	cases := []struct {
		rule   string
		token  string
		body   string
		status int
	}{
		{"no token", "", `{"text":"tank level"}`, 401},
		{"unknown member", "demo-owner", `{"text":"tank level","run":"rm -rf"}`, 400},
		{"text too long", "demo-owner", `{"text":"` + strings.Repeat("a", 2001) + `"}`, 400},
		{"empty text", "demo-owner", `{"text":""}`, 400},
		{"unknown choice", "demo-owner", `{"text":"x","choice":"q9-9"}`, 404},
	}
	for _, tc := range cases {
		t.Run(tc.rule, func(t *testing.T) {
			d := newDemo(t)
			req := api.NewRequest("POST", "/heart/v1/serve", []byte(tc.body))
			if tc.token != "" {
				req.Header.Set("Authorization", "Bearer "+tc.token)
			}
			resp := d.core.Serve(context.Background(), req)
			assert.Equal(t, tc.status, resp.Status, string(resp.Body))
			assert.Equal(t, api.ContentTypeProblem, resp.Header.Get("content-type"))
		})
	}
}

func TestServe_MapRebuildRebuildsRecall(t *testing.T) {
	d := newDemo(t)
	status, st := d.do(t, "GET", "/heart/v1/core", "demo-viewer", nil)
	require.Equal(t, 200, status)
	rev := st["mapRevision"]
	require.NotEmpty(t, rev)
	def := map[string]any{"name": "com.acme.lamp.blink", "title": "Blink the beacon lamp", "description": "Blink the beacon lamp on the roof.",
		"risk": "write", "callers": []string{"human", "ai", "rule"}, "thing": "lamp", "arguments": map[string]any{"type": "object", "properties": map[string]any{}}}
	status, out := d.do(t, "PUT", "/heart/v1/definitions/com.acme.lamp.blink", "demo-owner", def)
	require.Less(t, status, 300, out)
	if status == 202 {
		t.Skip("the device holds definition changes for approval")
	}
	d.core.Invalidate()
	_, st = d.do(t, "GET", "/heart/v1/core", "demo-viewer", nil)
	assert.NotEqual(t, rev, st["mapRevision"])
	got := d.serve(t, "demo-operator", "blink the beacon lamp")
	assert.Equal(t, "com.acme.lamp.blink", intentTarget(got), got)
}

// A refusal of one of the Core's own operations is the Core's: the device
// never saw the request, so the answer must not say the device refused. It
// is said in the request's language, title and reason; the API's own
// problem detail stays English.
func TestServe_CoreOwnOperationRefusedByTheCore(t *testing.T) {
	d := newDemo(t)
	for _, tc := range []struct{ lang, text, target, notSaid, said string }{
		{"en", "roll back the Core's knowledge package", "postCoreUpdateRollback", "device", "I cannot roll the Core's knowledge back to the previous package: The Core has only its built-in knowledge packages installed; there is no earlier package to roll back to."},
		{"de", "setze die Wissenspakete des Cores auf das vorherige Paket zurück", "postCoreUpdateRollback", "Gerät", "Ich kann „Wissen des Cores auf das vorherige Paket zurücksetzen“ nicht ausführen: Der Core hat nur seine eingebauten Wissenspakete installiert; es gibt kein früheres Paket, zu dem er zurückkehren könnte."},
		{"fr", "bloque toutes les données qui sortent du système", "putValve", "appareil", "Je ne peux pas exécuter « modifier les données qui peuvent quitter le système » : c'est une personne disposant de heart.admin qui modifie les données pouvant quitter le système, via PUT /heart/v1/valve ; le Core ne peut pas mettre les modifications de la Valve en attente d'approbation, il ne peut donc pas en faire au nom de quelqu'un."},
	} {
		status, out := d.do(t, "POST", "/heart/v1/serve", "demo-owner", map[string]any{"text": tc.text, "lang": tc.lang})
		require.Equal(t, 200, status, out)
		require.Equal(t, tc.target, intentTarget(out), tc.text)
		assert.Equal(t, "refused", out["outcome"], tc.text)
		assert.Equal(t, "core-refused", out["reason"], tc.text)
		assert.NotContains(t, out["answer"], tc.notSaid, tc.text)
		assert.Equal(t, tc.said, out["answer"], tc.text)
	}
	assert.Empty(t, d.ranWithoutPerson(t))
	// the API itself answers programs in English
	status, out := d.do(t, "POST", "/heart/v1/core/updates/rollback", "demo-owner", map[string]any{})
	require.Equal(t, 409, status, out)
	assert.Equal(t, "The Core has only its built-in knowledge packages installed; there is no earlier package to roll back to.", out["detail"])
}
