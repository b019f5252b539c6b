package gate

import (
	"encoding/json"
	"fmt"
	"github.com/heart-core/heart-web/schemas"
	"strings"
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/check"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"
)

// The schemas are the authority (docs/data-shapes.md): what the gate writes
// must validate against them.
func compileSchema(t *testing.T, file, ref string) *jsonschema.Schema {
	t.Helper()
	c, err := schemas.Compiler()
	require.NoError(t, err)
	s, err := c.Compile(schemas.Base + file + ref)
	require.NoError(t, err)
	return s
}

func validates(t *testing.T, s *jsonschema.Schema, v any) {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	require.NoError(t, err)
	require.NoError(t, s.Validate(doc), string(raw))
}

func uuidIDs() func() string {
	n := 0
	return func() string { n++; return fmt.Sprintf("00000000-0000-4000-8000-%012d", n) }
}

func TestSchema_Actions_ValidateAgainstActionSchema(t *testing.T) {
	s := compileSchema(t, "action.schema.json", "")
	b := NewBook(clock.NewManual(t0), uuidIDs(), 0)
	var all []Action
	keep := func(a Action, err error) Action { require.NoError(t, err); all = append(all, a); return a }

	w := keep(b.Submit(setFlow(KindAI, "operator"), Decide(Input{Risk: RiskPhysical, Initiator: KindAI, Level: 3})))
	keep(b.Approve(w.ID, w.Digest, demo("operator")))
	keep(b.Start(w.ID))
	keep(b.Finish(w.ID, map[string]any{"litresPerMin": 40}, nil))
	d := keep(b.Submit(setFlow(KindAI, ""), Verdict{Decision: Wait, Reason: "x"}))
	keep(b.Deny(d.ID, d.Digest, demo("owner"), "no"))
	keep(b.Submit(Submission{Target: "com.acme.pump.start", Risk: RiskPhysical, Initiator: Initiator{Kind: KindRule, Token: "core", RuleID: "pb-1"}}, Verdict{Decision: Run}))
	f := keep(b.Submit(Submission{Target: "postSystemIdentify", Risk: RiskWrite, Initiator: Initiator{Kind: KindHuman, Token: "owner"}}, Verdict{Decision: Run}))
	keep(b.Finish(f.ID, nil, api.NewProblem(504, api.CodeTimeout, "slow")))
	tr := rampTrial()
	tr.TrialID = "00000000-0000-4000-8000-999999999999"
	first := keep(b.Submit(tr, Verdict{Decision: Wait}))
	keep(b.Approve(first.ID, first.Digest, demo("owner")))
	keep(b.SubmitStep(first.ID, step(1.6)))
	keep(b.SubmitStep(first.ID, step(2.0)))

	for _, a := range all {
		t.Run(string(a.State)+"_"+a.ID[len(a.ID)-3:], func(t *testing.T) { validates(t, s, a) })
	}
}

func TestSchema_Allowlist_ValidatesAgainstControlSchema(t *testing.T) {
	s := compileSchema(t, "control.schema.json", "")
	validates(t, s, map[string]any{"allowlist": Allowlist{rampEntry(), {Target: "com.acme.pump.start", Initiators: []Kind{KindRule}}}})
}

func TestSchema_Check_ValidatesAgainstCommonSchema(t *testing.T) {
	s := compileSchema(t, "common.schema.json", "#/$defs/check")
	validates(t, s, check.Check{Signal: "pump.flow", Feature: "overshoot", Op: "<", Value: 5, WindowSec: 300, WithinSec: 600})
	validates(t, s, check.Check{Signal: "pump.pressure", Op: "<", Value: 6})
	u := compileSchema(t, "common.schema.json", "#/$defs/undoIf")
	validates(t, u, check.UndoIf{NewAlert: "major"})
	validates(t, u, check.UndoIf{Any: []check.Check{{Signal: "pump.flow", Op: ">", Value: 100}}})
}
