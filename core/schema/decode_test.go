package schema_test

import (
	"errors"
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const proposalJSON = `{"id": "11111111-2222-4333-8444-555555555555",
 "target": "com.acme.pump.set_ramp_rate", "arguments": {"ramp_rate": 1.6},
 "steps": [{"arguments": {"ramp_rate": 1.8}, "waitSec": 600}, {"arguments": {"ramp_rate": 1.6}}],
 "expect": [{"signal": "pump.flow", "feature": "overshoot", "op": "<", "value": 5, "withinSec": 1800}],
 "undoIf": {"any": [{"signal": "pump.pressure", "op": ">", "value": 6}], "newAlert": "major"},
 "basis": "A gentler ramp should settle the flow.", "createdAt": "2026-11-30T21:00:00Z"}`

func TestDecode_ProposalOfTheStandardDecodes(t *testing.T) {
	var p schema.Proposal
	require.NoError(t, schema.Decode([]byte(proposalJSON), &p))
	assert.Equal(t, schema.Name("com.acme.pump.set_ramp_rate"), p.Target)
	require.Len(t, p.Steps, 2)
	assert.Equal(t, 600, p.Steps[0].WaitSec)
	assert.Equal(t, schema.OpLT, p.Expect[0].Op)
	assert.Equal(t, schema.StatisticValue, p.UndoIf.Any[0].Feature, "feature defaults to value (§7.3)")
}

// TestDecode_RefusesWithInvalidRequestNamingTheField: every refusal is a 400
// invalid-request Problem whose field says where, whichever layer caught it
// (generated UnmarshalJSON, the strict walk, or an extra check).
func TestDecode_RefusesWithInvalidRequestNamingTheField(t *testing.T) {
	cases := []struct {
		name, body, field string
	}{
		{"missing required member", `{"signal": "pump.flow", "value": 5}`, "op"},
		{"enum", `{"signal": "pump.flow", "op": "=<", "value": 5}`, "op"},
		{"bound checked by the parent", `{"signal": "pump.flow", "op": "<", "value": 5, "windowSec": 0}`, "windowSec"},
		{"unknown member", `{"signal": "pump.flow", "op": "<", "value": 5, "unit": "%"}`, "unit"},
		{"null member", `{"signal": "pump.flow", "op": "<", "value": 5, "feature": null}`, "feature"},
		{"wrong type", `{"signal": "pump.flow", "op": "<", "value": "5"}`, "value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var c schema.Check
			err := schema.Decode([]byte(tc.body), &c)
			var p *api.Problem
			require.True(t, errors.As(err, &p), "got %v", err)
			assert.Equal(t, 400, p.Status)
			assert.Equal(t, api.CodeInvalidRequest, p.Code)
			assert.Equal(t, tc.field, p.Field, p.Detail)
		})
	}
}

func TestDecode_NestedFieldPaths(t *testing.T) {
	cases := []struct {
		name, mutate, field string
	}{
		{"unknown member deep in undoIf", `"undoIf": {"any": [{"signal": "p", "op": ">", "value": 6, "x": 1}]}`, "undoIf.any[0].x"},
		{"enum deep in expect", `"undoIf": {"newAlert": "major"}, "expect": [{"signal": "p", "op": "<>", "value": 1}]`, "expect[0].op"},
		{"undoIf with neither part", `"undoIf": {}`, "undoIf"},
		{"step without arguments", `"undoIf": {"newAlert": "major"}, "steps": [{"waitSec": 5}]`, "steps[0].arguments"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := `{"id": "11111111-2222-4333-8444-555555555555", "target": "t", "arguments": {},
			 "expect": [{"signal": "p", "op": "<", "value": 1}], "basis": "b", "createdAt": "2026-11-30T21:00:00Z", ` + tc.mutate + `}`
			var p schema.Proposal
			err := schema.Decode([]byte(body), &p)
			var prob *api.Problem
			require.True(t, errors.As(err, &prob), "got %v", err)
			assert.Equal(t, tc.field, prob.Field, prob.Detail)
		})
	}
}

func TestDecode_RefusesEmptyTrailingAndBrokenBodies(t *testing.T) {
	for name, body := range map[string]string{
		"empty":         "  ",
		"trailing data": `{"level": 3} {"level": 5}`,
		"syntax":        `{"level": 3`,
		"not an object": `[{"level": 3}]`,
		"null":          `null`,
	} {
		t.Run(name, func(t *testing.T) {
			var r schema.AutonomyRequest
			err := schema.Decode([]byte(body), &r)
			var p *api.Problem
			require.True(t, errors.As(err, &p), "got %v", err)
			assert.Equal(t, api.CodeInvalidRequest, p.Code)
		})
	}
}

func TestDecode_LeavesTargetUntouchedOnFailure(t *testing.T) {
	r := schema.AutonomyRequest{Level: 2}
	require.Error(t, schema.Decode([]byte(`{"level": 9}`), &r))
	assert.Equal(t, 2, r.Level)
}

func TestDecode_RuleWhenIsACheckOrAnEvent(t *testing.T) {
	base := `{"id": "r1", "then": {"raise": {"code": "a.b", "severity": "info", "summary": "s"}}, "origin": "owner", "status": "proposed", "enabled": true, "when": `
	var r schema.Rule
	require.NoError(t, schema.Decode([]byte(base+`{"signal": "pump.flow", "op": ">=", "value": 5}}`), &r))
	c, ok := r.WhenCheck()
	require.True(t, ok)
	assert.Equal(t, schema.OpGE, c.Op)

	require.NoError(t, schema.Decode([]byte(base+`{"event": "filter.clogged", "count": 3}}`), &r))
	e, ok := r.WhenEvent()
	require.True(t, ok)
	assert.Equal(t, "filter.clogged", e.Event)

	err := schema.Decode([]byte(base+`{"event": "x", "signal": "y", "op": "<", "value": 1}}`), &r)
	var p *api.Problem
	require.True(t, errors.As(err, &p))
	assert.Equal(t, "when", p.Field)
}

func TestDecode_UnderstandingCaseOutcomeIsOneOrAList(t *testing.T) {
	doc := `{"version": "1.0", "cases": [
	 {"id": "a", "request": "r", "expect": {"outcome": "done"}},
	 {"id": "b", "request": "r", "expect": {"outcome": ["refused", "needs-clarification"]}}]}`
	var u schema.UnderstandingCases
	require.NoError(t, schema.Decode([]byte(doc), &u))
	assert.Equal(t, []schema.Outcome{schema.OutcomeDone}, u.Cases[0].Expect.AcceptedOutcomes())
	assert.Equal(t, []schema.Outcome{schema.OutcomeRefused, schema.OutcomeNeedsClarification}, u.Cases[1].Expect.AcceptedOutcomes())
}

// FuzzDecode: Decode reads outside input; it must never panic and must
// answer either nil or a 400 Problem, for any bytes.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(proposalJSON))
	f.Add([]byte(`{"undoIf": {}}`))
	f.Add([]byte(`{"when": null, "then": [], "expect": {"outcome": [1]}}`))
	f.Add([]byte(`[1, "a", null, {"a": {"b": []}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(err error) {
			if err == nil {
				return
			}
			var p *api.Problem
			if !errors.As(err, &p) || p.Status != 400 {
				t.Fatalf("not a 400 Problem: %v", err)
			}
		}
		var p schema.Proposal
		check(schema.Decode(data, &p))
		var r schema.Rule
		check(schema.Decode(data, &r))
		var u schema.UnderstandingCases
		check(schema.Decode(data, &u))
		var s schema.ServeRequest
		check(schema.Decode(data, &s))
	})
}
