package gate

import (
	"encoding/json"
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func rampTrial() Submission {
	return Submission{
		Target: ramp, Risk: RiskPhysical, Scope: ScopeOperate, TrialID: "trial-1",
		Initiator: Initiator{Kind: KindAI, Token: "core"},
		Plan: []PlanStep{
			{Arguments: map[string]any{"ramp_rate": 1.8}, WaitSec: 600},
			{Arguments: map[string]any{"ramp_rate": 1.6}},
		},
		Restore: map[string]any{"ramp_rate": 2.0},
	}
}

func step(v float64) Submission {
	return Submission{Target: ramp, Arguments: map[string]any{"ramp_rate": v}, Risk: RiskPhysical, Scope: ScopeOperate, Initiator: Initiator{Kind: KindAI, Token: "core"}}
}

// approvedTrial submits the first Action, approves it, runs it to success.
func approvedTrial(t *testing.T, b *Book) Action {
	t.Helper()
	a, err := b.Submit(rampTrial(), Verdict{Decision: Wait})
	require.NoError(t, err)
	_, err = b.Approve(a.ID, a.Digest, demo("owner"))
	require.NoError(t, err)
	_, err = b.Start(a.ID)
	require.NoError(t, err)
	a, err = b.Finish(a.ID, nil, nil)
	require.NoError(t, err)
	return a
}

func TestTrial_FirstAction_DigestCoversPlanAndRestore(t *testing.T) {
	b, _ := newTestBook(0)
	a, err := b.Submit(rampTrial(), Verdict{Decision: Wait})
	require.NoError(t, err)
	assert.Nil(t, a.DigestInput.Arguments)
	assert.Len(t, a.DigestInput.Plan, 2)
	assert.Equal(t, map[string]any{"ramp_rate": 2.0}, a.DigestInput.Restore)
	assert.Equal(t, map[string]any{"ramp_rate": 1.8}, a.Arguments, "the first Action applies the first step")
	// The known vector of digest_test.go: the same plan, the same digest.
	assert.Equal(t, "9435d643cd2d946a2e833dad3d693b2a03157d3198844be21928eb43afc5ded5", a.Digest)
}

func TestTrial_NextStep_Admitted_Once(t *testing.T) {
	b, _ := newTestBook(0)
	first := approvedTrial(t, b)
	s, err := b.SubmitStep(first.ID, step(1.6))
	require.NoError(t, err)
	assert.Equal(t, StateRunning, s.State)
	assert.Equal(t, first.ID, s.ApprovedBy)
	assert.Equal(t, "trial-1", s.TrialID)
	_, err = b.SubmitStep(first.ID, step(1.6))
	requireProblem(t, err, 409, api.CodeConflict)
}

func TestTrial_StepNumberSpelling_StillAdmitted(t *testing.T) {
	b, _ := newTestBook(0)
	first := approvedTrial(t, b)
	// 1.60 decoded as a json.Number is the plan's 1.6.
	_, err := b.SubmitStep(first.ID, Submission{Target: ramp, Arguments: map[string]any{"ramp_rate": json.Number("1.60")}, Initiator: Initiator{Kind: KindAI}})
	require.NoError(t, err)
}

func TestTrial_Step_NotInPlan_Refused(t *testing.T) {
	cases := []struct {
		name string
		sub  Submission
	}{
		{"OtherValue", step(1.0)},
		{"FirstStepAgain", step(1.8)},
		{"OtherTarget", Submission{Target: "com.acme.pump.set_flow", Arguments: map[string]any{"ramp_rate": 1.6}}},
		{"ExtraArgument", Submission{Target: ramp, Arguments: map[string]any{"ramp_rate": 1.6, "x": 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, _ := newTestBook(0)
			first := approvedTrial(t, b)
			_, err := b.SubmitStep(first.ID, c.sub)
			requireProblem(t, err, 409, api.CodeConflict)
			u, _ := b.TrialUse(first.ID)
			assert.Equal(t, TrialUse{NextStep: 1}, u, "a refused step uses nothing")
		})
	}
}

func TestTrial_Undo_Admitted_ThenNothingMore(t *testing.T) {
	b, _ := newTestBook(0)
	first := approvedTrial(t, b)
	u, err := b.SubmitStep(first.ID, step(2.0))
	require.NoError(t, err)
	assert.Contains(t, u.Reason, "undo")
	_, err = b.SubmitStep(first.ID, step(2.0))
	requireProblem(t, err, 409, api.CodeConflict)
	_, err = b.SubmitStep(first.ID, step(1.6))
	requireProblem(t, err, 409, api.CodeConflict)
}

func TestTrial_FirstNotApproved_StepsRefused(t *testing.T) {
	for _, name := range []string{"Waiting", "Denied", "Cancelled", "Expired"} {
		t.Run(name, func(t *testing.T) {
			b, c := newTestBook(0)
			a, err := b.Submit(rampTrial(), Verdict{Decision: Wait})
			require.NoError(t, err)
			switch name {
			case "Denied":
				_, err = b.Deny(a.ID, a.Digest, demo("owner"), "")
			case "Cancelled":
				_, err = b.Cancel(a.ID, demo("owner"))
			case "Expired":
				c.Advance(301e9)
			}
			require.NoError(t, err)
			_, err = b.SubmitStep(a.ID, step(1.6))
			requireProblem(t, err, 409, api.CodeConflict)
			_, err = b.SubmitStep(a.ID, step(2.0))
			requireProblem(t, err, 409, api.CodeConflict)
		})
	}
}

func TestTrial_FirstFailed_UndoStillAdmitted_StepsNot(t *testing.T) {
	b, _ := newTestBook(0)
	tr := rampTrial()
	tr.Initiator = Initiator{Kind: KindRule, Token: "core", RuleID: "pb-1"} // an adopted Playbook's run
	a, err := b.Submit(tr, Verdict{Decision: Run})
	require.NoError(t, err)
	_, err = b.Finish(a.ID, nil, api.NewProblem(504, api.CodeTimeout, "x"))
	require.NoError(t, err)
	_, err = b.SubmitStep(a.ID, step(1.6))
	requireProblem(t, err, 409, api.CodeConflict)
	_, err = b.SubmitStep(a.ID, step(2.0))
	require.NoError(t, err)
}

func TestTrial_NoPlan_NothingAdmitted(t *testing.T) {
	b, _ := newTestBook(0)
	direct := step(1.8)
	direct.Initiator = Initiator{Kind: KindHuman, Token: "owner"}
	a, err := b.Submit(direct, Verdict{Decision: Run})
	require.NoError(t, err)
	_, err = b.SubmitStep(a.ID, step(1.8))
	requireProblem(t, err, 409, api.CodeConflict)
	_, err = b.SubmitStep("missing", step(1.8))
	p := requireProblem(t, err, 404, api.CodeNotFound)
	assert.Equal(t, "approvedBy", p.Field)
}

func TestAdmitStep_StepsInOrder(t *testing.T) {
	first := &Action{ID: "f", Target: ramp, State: StateSucceeded, Trial: TrialUse{NextStep: 1},
		Plan:    []PlanStep{{Arguments: map[string]any{"r": 1}}, {Arguments: map[string]any{"r": 2}}, {Arguments: map[string]any{"r": 3}}},
		Restore: map[string]any{"r": 0}}
	_, err := AdmitStep(first, StepRequest{Target: ramp, Arguments: map[string]any{"r": 3}})
	requireProblem(t, err, 409, api.CodeConflict)
	i, err := AdmitStep(first, StepRequest{Target: ramp, Arguments: map[string]any{"r": 2.0}})
	require.NoError(t, err)
	assert.Equal(t, 1, i)
	i, err = AdmitStep(first, StepRequest{Target: ramp, Arguments: map[string]any{"r": 3}})
	require.NoError(t, err)
	assert.Equal(t, 2, i)
	i, err = AdmitStep(first, StepRequest{Target: ramp, Arguments: map[string]any{"r": 0}})
	require.NoError(t, err)
	assert.Equal(t, UndoStep, i)
}

func TestTrial_CloseTrial_AdmitsNothingMore_NotOpen(t *testing.T) {
	b, _ := newTestBook(0)
	first := approvedTrial(t, b)
	assert.Len(t, b.OpenTrials(), 1)
	require.NoError(t, b.CloseTrial(first.ID))
	assert.Empty(t, b.OpenTrials())
	_, err := b.SubmitStep(first.ID, step(1.6))
	requireProblem(t, err, 409, api.CodeConflict)
	_, err = b.SubmitStep(first.ID, step(2.0))
	requireProblem(t, err, 409, api.CodeConflict)
	requireProblem(t, b.CloseTrial("nope"), 404, api.CodeNotFound)
}

func TestBook_Bound_KeepsOpenTrialFirstAction(t *testing.T) {
	b, _ := newTestBook(2)
	first := approvedTrial(t, b) // succeeded, final, but its plan is open
	done, err := b.Submit(Submission{Target: "postSystemIdentify", Risk: RiskWrite, Initiator: Initiator{Kind: KindHuman, Token: "owner"}}, Verdict{Decision: Run})
	require.NoError(t, err)
	_, err = b.Finish(done.ID, nil, nil)
	require.NoError(t, err)
	_, err = b.SubmitStep(first.ID, step(1.6)) // full: drops done, not first
	require.NoError(t, err)
	_, err = b.Get(first.ID)
	require.NoError(t, err)
	_, err = b.Get(done.ID)
	requireProblem(t, err, 404, api.CodeNotFound)
}
