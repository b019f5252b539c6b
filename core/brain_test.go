package core_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func (d *demo) leaseBody(id string, length time.Duration) map[string]any {
	now := d.clk.Now().UTC()
	return map[string]any{"lease": map[string]any{"id": id, "model": "acme-brain-1", "uses": []string{"propose", "explain"},
		"issuedAt": now.Format(time.RFC3339), "expiresAt": now.Add(length).Format(time.RFC3339)}}
}

func (d *demo) brain(t *testing.T) map[string]any {
	t.Helper()
	status, out := d.do(t, "GET", "/heart/v1/brain", "demo-viewer", nil)
	require.Equal(t, 200, status, out)
	return out
}

func (d *demo) autonomyLevel(t *testing.T) float64 {
	t.Helper()
	_, out := d.do(t, "GET", "/heart/v1/tending", "demo-viewer", nil)
	return out["autonomy"].(map[string]any)["current"].(float64)
}

func (d *demo) alertCodes(t *testing.T) []string {
	t.Helper()
	_, out := d.do(t, "GET", "/heart/v1/alerts", "demo-viewer", nil)
	var codes []string
	for _, a := range out["alerts"].([]any) {
		codes = append(codes, a.(map[string]any)["code"].(string))
	}
	return codes
}

func TestBrain_CardPulseAndMapCarryTheModule(t *testing.T) {
	d := newDemo(t)
	_, card := d.do(t, "GET", "/heart/v1/card", "demo-viewer", nil)
	assert.Contains(t, card["modules"], "brain")
	assert.Equal(t, map[string]any{"maxLeaseSec": 3600.0, "restoreNeedsOwner": true}, card["brain"])
	st := d.brain(t)
	assert.Equal(t, true, st["brainless"])
	assert.Nil(t, st["lease"])
}

func TestBrain_LeaseExpiryIsTheBrainlessTransition(t *testing.T) {
	d := newDemo(t)
	status, out := d.do(t, "PUT", "/heart/v1/tending/autonomy", "demo-owner", map[string]any{"level": 5})
	require.Equal(t, 200, status, out)

	status, out = d.do(t, "PUT", "/heart/v1/brain/lease", "demo-brain", d.leaseBody("l-1", 10*time.Minute))
	require.Equal(t, 200, status, out)
	assert.Equal(t, false, out["brainless"])
	assert.Equal(t, "l-1", out["lease"].(map[string]any)["id"])

	d.clk.Advance(9 * time.Minute)
	assert.Equal(t, false, d.brain(t)["brainless"])
	assert.Empty(t, d.alertCodes(t))

	d.clk.Advance(time.Minute)
	st := d.brain(t)
	assert.Equal(t, true, st["brainless"])
	tr := st["lastTransition"].(map[string]any)
	assert.Equal(t, "lease-expired", tr["why"])
	assert.Equal(t, "ai.lease-expired", tr["alert"])
	assert.Equal(t, 5.0, tr["loweredFrom"])
	assert.NotEmpty(t, tr["alertId"])
	assert.Nil(t, tr["problems"])
	assert.Equal(t, 4.0, d.autonomyLevel(t), "a brainless system runs at A4 at most")
	assert.Equal(t, []string{"ai.lease-expired"}, d.alertCodes(t))
	_, pulse := d.do(t, "GET", "/heart/v1/pulse", "demo-viewer", nil)
	assert.Equal(t, "brain-cut", pulse["autonomy"].(map[string]any)["limitedBy"])

	d.clk.Advance(time.Minute)
	d.brain(t)
	assert.Equal(t, []string{"ai.lease-expired"}, d.alertCodes(t), "one transition, one alert")
}

func TestBrain_TransitionKeepsWhatAPersonAskedFor(t *testing.T) {
	d := newDemo(t)
	status, out := d.do(t, "PUT", "/heart/v1/brain/lease", "demo-brain", d.leaseBody("l-1", time.Minute))
	require.Equal(t, 200, status, out)
	asked := d.serve(t, "demo-operator", "set the pump flow to 40 l/min")
	require.Equal(t, "pending-approval", asked["outcome"], asked)

	d.clk.Advance(2 * time.Minute)
	tr := d.brain(t)["lastTransition"].(map[string]any)
	assert.Nil(t, tr["cancelled"], "an Action asked for on a person's behalf stays (rule 5)")
	_, a := d.do(t, "GET", "/heart/v1/actions/"+asked["actionId"].(string), "demo-viewer", nil)
	assert.Equal(t, "waiting", a["state"])
}

func TestBrain_SignalThenOnlyTheOwnersRestoreLetsALeaseIn(t *testing.T) {
	d := newDemo(t)
	status, out := d.do(t, "PUT", "/heart/v1/brain/lease", "demo-brain", d.leaseBody("l-1", time.Hour))
	require.Equal(t, 200, status, out)

	got := d.serve(t, "demo-owner", "cut the brain now")
	require.Equal(t, "postBrainSignal", intentTarget(got), got)
	assert.Equal(t, "done", got["outcome"])
	st := d.brain(t)
	assert.Equal(t, true, st["brainless"])
	assert.Equal(t, "signal", st["cut"].(map[string]any)["why"])
	assert.Equal(t, []string{"ai.brain-revoked"}, d.alertCodes(t))

	status, out = d.do(t, "PUT", "/heart/v1/brain/lease", "demo-brain", d.leaseBody("l-2", time.Hour))
	require.Equal(t, 409, status, out)
	assert.Equal(t, "conflict", out["code"])

	// asked through /serve, the restore waits for the owner: no device Action, no restore
	got = d.serve(t, "demo-owner", "restore the brain")
	require.Equal(t, "postBrainRestore", intentTarget(got), got)
	assert.Equal(t, "pending-approval", got["outcome"], got)
	assert.Nil(t, got["actionId"])
	assert.Contains(t, got["answer"], "owner")
	st = d.brain(t)
	require.Len(t, st["requests"], 1)
	assert.Equal(t, "postBrainRestore", st["requests"].([]any)[0].(map[string]any)["operation"])
	assert.Nil(t, st["restoreApprovedUntil"])
	status, out = d.do(t, "PUT", "/heart/v1/brain/lease", "demo-brain", d.leaseBody("l-2", time.Hour))
	require.Equal(t, 409, status, out)
	assert.Empty(t, d.ranWithoutPerson(t))

	// the owner's own call is the approval, and one lease comes in
	status, out = d.do(t, "POST", "/heart/v1/brain/restore", "demo-owner", nil)
	require.Equal(t, 200, status, out)
	assert.NotNil(t, out["restoreApprovedUntil"])
	assert.Empty(t, out["requests"])
	status, out = d.do(t, "PUT", "/heart/v1/brain/lease", "demo-brain", d.leaseBody("l-2", time.Hour))
	require.Equal(t, 200, status, out)
	assert.Equal(t, false, out["brainless"])
}

func TestBrain_AutoModeFromServeWaitsForTheOwner(t *testing.T) {
	d := newDemo(t)
	got := d.serve(t, "demo-owner", "turn on auto mode for lost links")
	require.Equal(t, "putBrainAuto", intentTarget(got), got)
	assert.Equal(t, "pending-approval", got["outcome"], got)
	assert.Equal(t, false, d.brain(t)["auto"])

	status, out := d.do(t, "PUT", "/heart/v1/brain/auto", "demo-owner", map[string]any{"enabled": true})
	require.Equal(t, 200, status, out)
	assert.Equal(t, true, out["auto"])
	assert.Empty(t, out["requests"])
}

func TestBrain_Scopes(t *testing.T) {
	for _, tc := range []struct {
		name, token, method, path string
		body                      any
		status                    int
	}{
		{"a viewer reads", "demo-viewer", "GET", "/heart/v1/brain", nil, 200},
		{"no token", "", "GET", "/heart/v1/brain", nil, 401},
		{"an operator grants no lease", "demo-operator", "PUT", "/heart/v1/brain/lease", nil, 403},
		{"a viewer cuts nothing", "demo-viewer", "POST", "/heart/v1/brain/signal", map[string]any{}, 403},
		{"the brain cannot restore itself", "demo-brain", "POST", "/heart/v1/brain/restore", map[string]any{}, 403},
		{"an operator sets no auto mode", "demo-operator", "PUT", "/heart/v1/brain/auto", map[string]any{"enabled": true}, 403},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDemo(t)
			body := tc.body
			if tc.path == "/heart/v1/brain/lease" {
				body = d.leaseBody("l-1", time.Hour)
			}
			status, out := d.do(t, tc.method, tc.path, tc.token, body)
			assert.Equal(t, tc.status, status, out)
			assert.Equal(t, true, d.brain(t)["brainless"])
		})
	}
}

func TestBrain_BadBodiesAreProblemsAndChangeNothing(t *testing.T) {
	for _, tc := range []struct {
		name, token, method, path, body string
		status                          int
		field                           string
	}{
		{"lease not JSON", "demo-brain", "PUT", "/heart/v1/brain/lease", `{"lease":`, 400, ""},
		{"lease missing", "demo-brain", "PUT", "/heart/v1/brain/lease", `{}`, 400, ""},
		{"lease unknown field", "demo-brain", "PUT", "/heart/v1/brain/lease", `{"lease":{"id":"l","model":"m","uses":["propose"],"issuedAt":"2026-12-06T10:00:00Z","expiresAt":"2026-12-06T11:00:00Z","extra":1}}`, 400, ""},
		{"lease with an unknown use", "demo-brain", "PUT", "/heart/v1/brain/lease", `{"lease":{"id":"l","model":"m","uses":["drive"],"issuedAt":"2026-12-06T10:00:00Z","expiresAt":"2026-12-06T11:00:00Z"}}`, 400, ""},
		{"lease ending before it starts", "demo-brain", "PUT", "/heart/v1/brain/lease", `{"lease":{"id":"l","model":"m","uses":["propose"],"issuedAt":"2026-12-06T10:00:00Z","expiresAt":"2026-12-06T09:00:00Z"}}`, 400, "lease.expiresAt"},
		{"signal with a long reason", "demo-brain", "POST", "/heart/v1/brain/signal", `{"reason":"` + strings.Repeat("x", 501) + `"}`, 400, "reason"},
		{"signal with another field", "demo-brain", "POST", "/heart/v1/brain/signal", `{"why":"x"}`, 400, ""},
		{"auto without enabled", "demo-owner", "PUT", "/heart/v1/brain/auto", `{}`, 400, "enabled"},
		{"auto not a boolean", "demo-owner", "PUT", "/heart/v1/brain/auto", `{"enabled":"yes"}`, 400, ""},
		{"restore with a body", "demo-owner", "POST", "/heart/v1/brain/restore", `{"now":true}`, 400, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDemo(t)
			before := d.brain(t)
			req := api.NewRequest(tc.method, tc.path, []byte(tc.body))
			req.Header.Set("Authorization", "Bearer "+tc.token)
			resp := d.core.Serve(context.Background(), req)
			assert.Equal(t, tc.status, resp.Status, string(resp.Body))
			assert.Equal(t, "application/problem+json", resp.Header.Get("Content-Type"))
			if tc.field != "" {
				assert.Contains(t, string(resp.Body), `"`+tc.field+`"`)
			}
			assert.Equal(t, before, d.brain(t))
		})
	}
}

// Auto mode asked for without on or off is a question, the Core's own: it
// does not say the device said anything.
func TestBrain_AutoModeWithoutOnOrOffIsAsked(t *testing.T) {
	d := newDemo(t)
	for _, tc := range []struct{ lang, text, notSaid string }{
		{"en", "set the auto mode for lost links", "device"},
		{"de", "Automodus für Verbindungsverlust einstellen", "Gerät"},
	} {
		status, out := d.do(t, "POST", "/heart/v1/serve", "demo-owner", map[string]any{"text": tc.text, "lang": tc.lang})
		require.Equal(t, 200, status, out)
		require.Equal(t, "putBrainAuto", intentTarget(out), out)
		assert.Equal(t, "needs-clarification", out["outcome"], out)
		assert.NotContains(t, out["question"], tc.notSaid, tc.text)
		assert.NotContains(t, out["question"], "{", tc.text)
	}
	assert.Equal(t, false, d.brain(t)["auto"])
	assert.Empty(t, d.brain(t)["requests"])
}
