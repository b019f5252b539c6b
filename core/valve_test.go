package core_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/valve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var defaultRules = map[string]any{"rules": []any{map[string]any{"data": "*", "destination": "*", "allow": false}}}

// cloudRules lets pump.flow go to the cloud and nothing else anywhere.
var cloudRules = map[string]any{"rules": []any{
	map[string]any{"data": "pump.flow", "privacy": "public", "destination": "cloud", "allow": true},
	map[string]any{"data": "*", "destination": "*", "allow": false},
}}

func (d *demo) rules(t testing.TB) map[string]any {
	t.Helper()
	status, out := d.do(t, "GET", "/heart/v1/valve", "demo-viewer", nil)
	require.Equal(t, 200, status, out)
	return out
}

func TestValve_StartsClosedAndAPersonWithAdminChangesIt(t *testing.T) {
	d := newDemo(t)
	assert.Equal(t, defaultRules, d.rules(t), "nothing leaves by default")

	status, out := d.do(t, "PUT", "/heart/v1/valve", "demo-owner", cloudRules)
	require.Equal(t, 200, status, out)
	assert.Equal(t, cloudRules, out)
	assert.Equal(t, cloudRules, d.rules(t))
	assert.True(t, d.core.Valve().Decide("pump.flow", "public", "cloud"))
	assert.False(t, d.core.Valve().Decide("tank.level", "public", "cloud"))

	// The rules live in memory: a Core started afresh has the default again.
	again := &demo{sim: d.sim, core: core.New(core.Config{Device: api.InProcess(d.sim), DeviceToken: "demo-core", InstanceID: "t2"})}
	assert.Equal(t, defaultRules, again.rules(t))
}

func TestValve_Scopes(t *testing.T) {
	cases := []struct {
		token, method, path string
		body                any
		status              int
		code                string
	}{
		{"demo-viewer", "GET", "/heart/v1/valve", nil, 200, ""},
		{"demo-viewer", "GET", "/heart/v1/valve/log", nil, 200, ""},
		{"demo-operator", "GET", "/heart/v1/valve", nil, 200, ""},
		{"demo-brain", "GET", "/heart/v1/valve", nil, 403, api.CodeCallerNotAllowed},
		{"nobody", "GET", "/heart/v1/valve", nil, 401, api.CodeUnauthorized},
		{"demo-viewer", "PUT", "/heart/v1/valve", cloudRules, 403, api.CodeCallerNotAllowed},
		{"demo-operator", "PUT", "/heart/v1/valve", cloudRules, 403, api.CodeCallerNotAllowed},
		{"demo-brain", "PUT", "/heart/v1/valve", cloudRules, 403, api.CodeCallerNotAllowed},
		// the Core's own token holds heart.admin but is no person
		{"demo-core", "PUT", "/heart/v1/valve", cloudRules, 409, api.CodeConflict},
		{"demo-owner", "PUT", "/heart/v1/valve", cloudRules, 200, ""},
	}
	for _, tc := range cases {
		t.Run(tc.token+" "+tc.method+" "+tc.path, func(t *testing.T) {
			d := newDemo(t)
			status, out := d.do(t, tc.method, tc.path, tc.token, tc.body)
			assert.Equal(t, tc.status, status, out)
			if tc.code != "" {
				assert.Equal(t, tc.code, out["code"])
				assert.Equal(t, defaultRules, d.rules(t), "a refusal changes nothing")
			}
			if tc.status == 409 {
				assert.Contains(t, out["detail"], "made by a person with heart.admin through PUT /heart/v1/valve")
				assert.Contains(t, out["detail"], "does not hold Valve changes for approval")
			}
		})
	}
}

// A call that says it is made for someone (Heart-Initiator, as the Core's
// own /serve sends it) is refused even with the owner's token.
func TestValve_PutForSomeoneElseIsRefused(t *testing.T) {
	d := newDemo(t)
	raw, err := json.Marshal(cloudRules)
	require.NoError(t, err)
	req := api.NewRequest("PUT", "/heart/v1/valve", raw)
	req.Header.Set("Authorization", "Bearer demo-owner")
	req.Header.Set("Heart-Initiator", "ai")
	resp := d.core.Serve(context.Background(), req)
	p, ok := api.ParseProblem(resp)
	require.True(t, ok, string(resp.Body))
	assert.Equal(t, 409, p.Status)
	assert.Equal(t, api.CodeConflict, p.Code)
	assert.Equal(t, defaultRules, d.rules(t))
}

func TestValve_BadBodiesChangeNothing(t *testing.T) {
	many := make([]any, valve.MaxRules+1)
	for i := range many {
		many[i] = map[string]any{"data": fmt.Sprintf("d%d", i), "destination": "x", "allow": false}
	}
	cases := []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"an unknown member", map[string]any{"rules": []any{}, "mode": "open"}, 400, "mode"},
		{"an unknown member in a rule", map[string]any{"rules": []any{map[string]any{"data": "*", "destination": "*", "allow": true, "until": "x"}}}, 400, "until"},
		{"no rules", map[string]any{}, 400, "rules"},
		{"too many rules", map[string]any{"rules": many}, 400, "rules"},
		{"empty data", map[string]any{"rules": []any{map[string]any{"data": "", "destination": "*", "allow": false}}}, 400, "rules[0].data"},
		{"data too long", map[string]any{"rules": []any{map[string]any{"data": strings.Repeat("x", 201), "destination": "*", "allow": false}}}, 400, "rules[0].data"},
		{"a privacy outside the enum", map[string]any{"rules": []any{map[string]any{"data": "*", "privacy": "secret", "destination": "*", "allow": false}}}, 400, "rules[0].privacy"},
		{"no allow", map[string]any{"rules": []any{map[string]any{"data": "*", "destination": "*"}}}, 400, "rules[0].allow"},
		{"never-share allowed out", map[string]any{"rules": []any{map[string]any{"data": "*", "privacy": "never-share", "destination": "cloud", "allow": true}}}, 422, "rules[0].allow"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := newDemo(t)
			status, out := d.do(t, "PUT", "/heart/v1/valve", "demo-owner", cloudRules)
			require.Equal(t, 200, status, out)
			status, out = d.do(t, "PUT", "/heart/v1/valve", "demo-owner", tc.body)
			assert.Equal(t, tc.status, status, out)
			assert.Equal(t, api.CodeInvalidRequest, out["code"])
			assert.Equal(t, tc.field, out["field"], out["detail"])
			if tc.status == 422 {
				assert.Contains(t, out["detail"], "never-share data may not leave the system")
			}
			assert.Equal(t, cloudRules, d.rules(t), "the rules in force stay")
		})
	}
	t.Run("an empty body", func(t *testing.T) {
		d := newDemo(t)
		req := api.NewRequest("PUT", "/heart/v1/valve", nil)
		req.Header.Set("Authorization", "Bearer demo-owner")
		resp := d.core.Serve(context.Background(), req)
		assert.Equal(t, 400, resp.Status)
		assert.Equal(t, api.ContentTypeProblem, resp.Header.Get("content-type"))
		assert.Equal(t, defaultRules, d.rules(t))
	})
}

func TestValve_Log(t *testing.T) {
	d := newDemo(t)
	status, out := d.do(t, "GET", "/heart/v1/valve/log", "demo-viewer", nil)
	require.Equal(t, 200, status, out)
	assert.Equal(t, map[string]any{"entries": []any{}}, out, "nothing has left: this build sends nothing out")

	v := d.core.Valve()
	for i := 1; i <= 3; i++ {
		v.Pass("pump.flow", "public", "cloud", i*100)
	}
	status, out = d.do(t, "GET", "/heart/v1/valve/log?limit=2", "demo-viewer", nil)
	require.Equal(t, 200, status, out)
	entries := out["entries"].([]any)
	require.Len(t, entries, 2)
	first := entries[0].(map[string]any)
	assert.Equal(t, float64(300), first["bytes"], "newest first")
	assert.Equal(t, false, first["allowed"], "the default lets nothing out")
	assert.Equal(t, "pump.flow", first["data"])
	assert.Equal(t, "cloud", first["destination"])
	assert.NotEmpty(t, first["at"])

	for _, limit := range []string{"1", "1000"} {
		status, out = d.do(t, "GET", "/heart/v1/valve/log?limit="+limit, "demo-viewer", nil)
		assert.Equal(t, 200, status, out)
	}
	for _, limit := range []string{"0", "1001", "-1", "ten", "2.5", ""} {
		status, out = d.do(t, "GET", "/heart/v1/valve/log?limit="+limit, "demo-viewer", nil)
		assert.Equal(t, 400, status, limit)
		assert.Equal(t, api.CodeInvalidRequest, out["code"], limit)
		assert.Equal(t, "limit", out["field"], limit)
	}
}

// Through /serve the Valve is the Core's: reads are answered from its rules
// and log, and a change is refused with the Core's reason, never held.
func TestServe_Valve(t *testing.T) {
	d := newDemo(t)
	out := d.serve(t, "demo-viewer", "show the data valve")
	assert.Equal(t, "done", out["outcome"])
	assert.Equal(t, "getValve", intentTarget(out))
	assert.Contains(t, out["answer"], "1 rule")
	assert.Contains(t, out["answer"], "destination *")
	assert.NotContains(t, out["answer"], "There is no")

	out = d.serve(t, "demo-viewer", "what data has left the system")
	assert.Equal(t, "done", out["outcome"])
	assert.Equal(t, "getValveLog", intentTarget(out))
	assert.NotContains(t, out["answer"], "There is no")

	for _, text := range []string{"block all data from leaving the system", "change what data may leave"} {
		out = d.serve(t, "demo-owner", text)
		assert.Equal(t, "refused", out["outcome"], text)
		assert.Equal(t, "putValve", intentTarget(out), text)
		assert.Equal(t, "core-refused", out["reason"], text)
		assert.Contains(t, out["answer"], "PUT /heart/v1/valve", text)
		assert.Contains(t, out["answer"], "does not hold Valve changes for approval", text)
		assert.NotContains(t, out["answer"], "device", text)
		assert.Empty(t, out["actionId"], text)
	}
	out = d.serve(t, "demo-operator", "block all data from leaving the system")
	assert.Equal(t, "refused", out["outcome"])
	assert.Equal(t, "caller-not-allowed", out["reason"])

	// However it is read, it changes nothing.
	out = d.serve(t, "demo-owner", "stop sending data to the cloud")
	assert.NotEqual(t, "pending-approval", out["outcome"], out["answer"])
	assert.NotContains(t, out["answer"], "There is no", out["answer"])

	assert.Equal(t, defaultRules, d.rules(t))
	assert.Empty(t, d.ranWithoutPerson(t))
	_, list := d.do(t, "GET", "/heart/v1/actions", "demo-owner", nil)
	for _, a := range list["actions"].([]any) {
		assert.NotEqual(t, "putValve", a.(map[string]any)["target"], "the device never saw a Valve change")
	}
}
