package gate

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func setFlow(kind Kind, behalf string) Submission {
	return Submission{
		Target: "com.acme.pump.set_flow", Arguments: map[string]any{"litresPerMin": 40.0},
		Risk: RiskPhysical, Scope: ScopeOperate,
		Initiator: Initiator{Kind: kind, Token: "core", OnBehalfOf: behalf},
	}
}

func waitingSetFlow(t *testing.T, b *Book) Action {
	t.Helper()
	s := setFlow(KindAI, "operator")
	a, err := b.Submit(s, Decide(Input{Risk: s.Risk, Initiator: KindAI, Level: 3}))
	require.NoError(t, err)
	require.Equal(t, StateWaiting, a.State)
	return a
}

func TestBook_Submit_Waiting_HasDigestAndExpiry(t *testing.T) {
	b, _ := newTestBook(0)
	a := waitingSetFlow(t, b)
	assert.Equal(t, "a-1", a.ID)
	want, err := Digest(DigestInput{Target: "com.acme.pump.set_flow", Arguments: map[string]any{"litresPerMin": 40.0}, Initiator: "ai", OnBehalfOf: "operator"})
	require.NoError(t, err)
	assert.Equal(t, want, a.Digest)
	assert.Equal(t, t0.Add(300*time.Second), a.ExpiresAt, "default approvalTimeoutSec is 300")
	assert.Equal(t, "operator", a.OnBehalfOf)
	assert.NotEmpty(t, a.Reason)
}

func TestBook_Submit_CardTimeout_SetsExpiry(t *testing.T) {
	b, _ := newTestBook(0)
	s := setFlow(KindAI, "")
	s.TimeoutSec = 60
	a, err := b.Submit(s, Verdict{Decision: Wait})
	require.NoError(t, err)
	assert.Equal(t, t0.Add(time.Minute), a.ExpiresAt)
}

func TestBook_Submit_Run_GoesStraightToRunning(t *testing.T) {
	b, _ := newTestBook(0)
	a, err := b.Submit(setFlow(KindHuman, ""), Verdict{Decision: Run, Reason: "x"})
	require.NoError(t, err)
	assert.Equal(t, StateRunning, a.State)
	assert.True(t, a.ExpiresAt.IsZero())
	a, err = b.Finish(a.ID, map[string]any{"ok": true}, nil)
	require.NoError(t, err)
	assert.Equal(t, StateSucceeded, a.State)
}

func TestBook_Submit_Refuse_RecordsNothing(t *testing.T) {
	b, _ := newTestBook(0)
	v := Decide(Input{Risk: RiskPhysical, Initiator: KindAI, Level: 0})
	_, err := b.Submit(setFlow(KindAI, ""), v)
	requireProblem(t, err, 409, api.CodeAutonomyStopped)
	assert.Empty(t, b.List(Filter{}))
}

func TestBook_Submit_RunVerdictForAIPhysical_Refused(t *testing.T) {
	cases := []struct {
		name string
		sub  Submission
		ok   bool
	}{
		{"AIPhysical_Refused", setFlow(KindAI, "operator"), false},
		{"HumanDestructive_Refused", Submission{Target: "postSystemFactoryReset", Risk: RiskDestructive, Initiator: Initiator{Kind: KindHuman, Token: "owner"}}, false},
		{"PeerDestructive_Refused", Submission{Target: "deleteLogs", Risk: RiskDestructive, Initiator: Initiator{Kind: KindPeer, Token: "gateway"}}, false},
		{"HumanPhysical_Runs", setFlow(KindHuman, ""), true},
		{"RulePhysical_Runs", setFlow(KindRule, ""), true},
		{"AIWrite_Runs", Submission{Target: "postSystemIdentify", Risk: RiskWrite, Initiator: Initiator{Kind: KindAI, Token: "core"}}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, _ := newTestBook(0)
			_, err := b.Submit(c.sub, Verdict{Decision: Run})
			if c.ok {
				require.NoError(t, err)
				return
			}
			requireProblem(t, err, 500, api.CodeInternal)
			assert.Empty(t, b.List(Filter{}))
		})
	}
}

func TestBook_NoArguments_ShownAsEmptyObject(t *testing.T) {
	b, _ := newTestBook(0)
	a, err := b.Submit(Submission{Target: "com.acme.pump.start", Risk: RiskPhysical, Initiator: Initiator{Kind: KindHuman, Token: "owner"}}, Verdict{Decision: Run})
	require.NoError(t, err)
	raw, err := json.Marshal(a)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"arguments":{}`)
	assert.Contains(t, string(raw), `"digestInput":{"target":"com.acme.pump.start","arguments":{},"initiator":"human"}`)
	assert.Equal(t, "a1a53223d43e1a1dc2ce856998d1a41289aa11701155059b5a0127244af068aa", a.Digest)
}

func TestBook_Snapshot_Restore_RoundTrip(t *testing.T) {
	b, _ := newTestBook(0)
	first := approvedTrial(t, b)
	_, err := b.SubmitStep(first.ID, step(1.6))
	require.NoError(t, err)
	w := waitingSetFlow(t, b)
	raw, err := json.Marshal(b.Snapshot())
	require.NoError(t, err)

	b2, _ := newTestBook(0)
	var snap BookSnapshot
	require.NoError(t, json.Unmarshal(raw, &snap))
	require.NoError(t, b2.Restore(snap))
	u, err := b2.TrialUse(first.ID)
	require.NoError(t, err)
	assert.Equal(t, 2, u.NextStep, "the used steps survive")
	_, err = b2.Approve(w.ID, w.Digest, demo("viewer"))
	requireProblem(t, err, 403, api.CodeCallerNotAllowed) // the scope survives
	_, err = b2.Approve(w.ID, w.Digest, demo("operator"))
	require.NoError(t, err, "the digest survives a JSON round trip")

	b2.Reset()
	assert.Empty(t, b2.List(Filter{}))
	requireProblem(t, b2.Restore(BookSnapshot{Actions: []SavedAction{{Action: Action{ID: "x"}}, {Action: Action{ID: "x"}}}}), 400, api.CodeInvalidRequest)
}

func TestApprove_ByHumanWithScope_Approves(t *testing.T) {
	b, _ := newTestBook(0)
	a := waitingSetFlow(t, b)
	got, err := b.Approve(a.ID, a.Digest, demo("operator"))
	require.NoError(t, err)
	assert.Equal(t, StateApproved, got.State)
	require.NotNil(t, got.DecidedBy)
	assert.Equal(t, Decider{Token: "operator", Kind: KindHuman}, *got.DecidedBy)
	assert.Equal(t, t0, got.DecidedAt)
	got, err = b.Start(a.ID)
	require.NoError(t, err)
	assert.Equal(t, StateRunning, got.State)
	got, err = b.Finish(a.ID, nil, api.NewProblem(504, api.CodeTimeout, "slow"))
	require.NoError(t, err)
	assert.Equal(t, StateFailed, got.State)
	assert.Equal(t, api.CodeTimeout, got.Error.Code)
}

func TestApprove_DigestMismatch_Refused_StaysWaiting(t *testing.T) {
	b, _ := newTestBook(0)
	a := waitingSetFlow(t, b)
	other, _ := Digest(DigestInput{Target: a.Target, Arguments: map[string]any{"litresPerMin": 120.0}, Initiator: "ai", OnBehalfOf: "operator"})
	for _, d := range []string{other, "", a.Digest[:63]} {
		_, err := b.Approve(a.ID, d, demo("owner"))
		requireProblem(t, err, 409, api.CodeDigestMismatch)
	}
	got, err := b.Get(a.ID)
	require.NoError(t, err)
	assert.Equal(t, StateWaiting, got.State)
}

func TestApprove_Expired_Refused_BecomesExpired(t *testing.T) {
	b, c := newTestBook(0)
	a := waitingSetFlow(t, b)
	c.Advance(300 * time.Second)
	_, err := b.Approve(a.ID, a.Digest, demo("owner"))
	requireProblem(t, err, 409, api.CodeExpired)
	got, _ := b.Get(a.ID)
	assert.Equal(t, StateExpired, got.State)
}

func TestApprove_JustBeforeExpiry_Approves(t *testing.T) {
	b, c := newTestBook(0)
	a := waitingSetFlow(t, b)
	c.Advance(299 * time.Second)
	_, err := b.Approve(a.ID, a.Digest, demo("owner"))
	require.NoError(t, err)
}

func TestApprove_WhoMayApprove(t *testing.T) {
	destructive := Submission{Target: "postSystemFactoryReset", Risk: RiskDestructive, Scope: ScopeAdmin, Initiator: Initiator{Kind: KindHuman, Token: "owner"}}
	physicalAdminScope := Submission{Target: "postSystemRestart", Risk: RiskPhysical, Scope: ScopeAdmin, Initiator: Initiator{Kind: KindAI, Token: "core", OnBehalfOf: "owner"}}
	cases := []struct {
		name string
		sub  Submission
		by   Token
		ok   bool
	}{
		{"Operator_ApprovesAIPhysical", setFlow(KindAI, "operator"), demo("operator"), true},
		{"Owner_ApprovesAIPhysical", setFlow(KindAI, "operator"), demo("owner"), true},
		{"Viewer_LacksScope_Refused", setFlow(KindAI, "operator"), demo("viewer"), false},
		{"Brain_IsAI_Refused", setFlow(KindAI, "operator"), demo("brain"), false},
		{"Core_IsAI_Refused", setFlow(KindAI, "operator"), demo("core"), false},
		{"Gateway_IsPeer_Refused", setFlow(KindAI, "operator"), demo("gateway"), false},
		{"Operator_Destructive_LacksAdmin_Refused", destructive, demo("operator"), false},
		{"Owner_Destructive_Approves", destructive, demo("owner"), true},
		{"Operator_TargetNeedsAdmin_Refused", physicalAdminScope, demo("operator"), false},
		{"Owner_TargetNeedsAdmin_Approves", physicalAdminScope, demo("owner"), true},
		{"AIClaimingHumanKind_OwnToken_Refused", setFlow(KindAI, ""), Token{Name: "core", Kind: KindHuman, Scopes: AllScopes, Core: true}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, _ := newTestBook(0)
			v := Decide(Input{Risk: c.sub.Risk, Initiator: c.sub.Initiator.Kind, Level: 3})
			require.Equal(t, Wait, v.Decision)
			a, err := b.Submit(c.sub, v)
			require.NoError(t, err)
			got, err := b.Approve(a.ID, a.Digest, c.by)
			if c.ok {
				require.NoError(t, err)
				assert.Equal(t, StateApproved, got.State)
				return
			}
			requireProblem(t, err, 403, api.CodeCallerNotAllowed)
			assert.Equal(t, StateWaiting, got.State)
		})
	}
}

func TestApprove_NotWaiting_Conflict(t *testing.T) {
	b, _ := newTestBook(0)
	a := waitingSetFlow(t, b)
	_, err := b.Deny(a.ID, a.Digest, demo("operator"), "not now")
	require.NoError(t, err)
	_, err = b.Approve(a.ID, a.Digest, demo("owner"))
	requireProblem(t, err, 409, api.CodeConflict)
	_, err = b.Approve("nope", a.Digest, demo("owner"))
	requireProblem(t, err, 404, api.CodeNotFound)
}

func TestDeny_RecordsWhoAndWhy_WrongDigestRefused(t *testing.T) {
	b, _ := newTestBook(0)
	a := waitingSetFlow(t, b)
	_, err := b.Deny(a.ID, "00", demo("operator"), "")
	requireProblem(t, err, 409, api.CodeDigestMismatch)
	got, err := b.Deny(a.ID, "", demo("operator"), "too fast")
	require.NoError(t, err)
	assert.Equal(t, StateDenied, got.State)
	assert.Contains(t, got.Reason, "too fast")
	assert.Equal(t, "operator", got.DecidedBy.Token)
}

func TestCancel_WaitingOrApproved_Only(t *testing.T) {
	b, _ := newTestBook(0)
	a := waitingSetFlow(t, b)
	got, err := b.Cancel(a.ID, demo("core"))
	require.NoError(t, err)
	assert.Equal(t, StateCancelled, got.State)
	_, err = b.Start(a.ID)
	requireProblem(t, err, 409, api.CodeConflict)

	r, err := b.Submit(setFlow(KindHuman, ""), Verdict{Decision: Run})
	require.NoError(t, err)
	_, err = b.Cancel(r.ID, demo("owner"))
	requireProblem(t, err, 409, api.CodeConflict)
}

func TestBook_ExpireDue_And_LazyExpiryOnList(t *testing.T) {
	b, c := newTestBook(0)
	a := waitingSetFlow(t, b)
	assert.Empty(t, b.ExpireDue(t0.Add(299*time.Second)))
	got := b.ExpireDue(t0.Add(300 * time.Second))
	require.Len(t, got, 1)
	assert.Equal(t, a.ID, got[0].ID)

	a2 := waitingSetFlow(t, b)
	c.Advance(time.Hour)
	list := b.List(Filter{State: StateWaiting})
	assert.Empty(t, list, "reading expires what is due")
	g, _ := b.Get(a2.ID)
	assert.Equal(t, StateExpired, g.State)
}

func TestBook_OnChange_NotifiesEveryChange(t *testing.T) {
	b, c := newTestBook(0)
	var seen []State
	b.OnChange = func(a Action) {
		seen = append(seen, a.State)
		_, _ = b.Get(a.ID) // calling back into the Book must not deadlock
	}
	a := waitingSetFlow(t, b)
	_, err := b.Approve(a.ID, a.Digest, demo("owner"))
	require.NoError(t, err)
	_, err = b.Start(a.ID)
	require.NoError(t, err)
	_, err = b.Finish(a.ID, nil, errors.New("secret detail"))
	require.NoError(t, err)
	waitingSetFlow(t, b)
	c.Advance(10 * time.Minute)
	b.List(Filter{})
	assert.Equal(t, []State{StateWaiting, StateApproved, StateRunning, StateFailed, StateWaiting, StateExpired}, seen)
	got, _ := b.Get(a.ID)
	assert.Equal(t, api.CodeInternal, got.Error.Code)
	assert.NotContains(t, got.Error.Detail, "secret")
}

func TestBook_Bound_DropsOldestFinished_RefusesWhenAllLive(t *testing.T) {
	b, _ := newTestBook(2)
	first, err := b.Submit(setFlow(KindHuman, ""), Verdict{Decision: Run})
	require.NoError(t, err)
	_, err = b.Finish(first.ID, nil, nil)
	require.NoError(t, err)
	waitingSetFlow(t, b)
	third := waitingSetFlow(t, b) // drops the finished one
	_, err = b.Get(first.ID)
	requireProblem(t, err, 404, api.CodeNotFound)
	assert.Len(t, b.List(Filter{}), 2)
	_, err = b.Submit(setFlow(KindAI, ""), Verdict{Decision: Wait})
	requireProblem(t, err, 503, api.CodeUnavailable)
	_, err = b.Get(third.ID)
	require.NoError(t, err)
}

func TestBook_List_FilterAndLimit(t *testing.T) {
	b, _ := newTestBook(0)
	waitingSetFlow(t, b)
	_, _ = b.Submit(Submission{Target: "postSystemIdentify", Risk: RiskWrite, Initiator: Initiator{Kind: KindHuman, Token: "owner"}}, Verdict{Decision: Run})
	waitingSetFlow(t, b)
	assert.Len(t, b.List(Filter{Target: "com.acme.pump.set_flow"}), 2)
	assert.Len(t, b.List(Filter{State: StateRunning}), 1)
	l := b.List(Filter{Limit: 1})
	require.Len(t, l, 1)
	assert.Equal(t, "a-1", l[0].ID, "oldest first")
}

func TestAction_JSON_MatchesDataShapes(t *testing.T) {
	b, _ := newTestBook(0)
	a := waitingSetFlow(t, b)
	raw, err := json.Marshal(a)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	for _, k := range []string{"id", "target", "arguments", "risk", "initiator", "onBehalfOf", "state", "reason", "digest", "digestInput", "createdAt", "expiresAt", "updatedAt"} {
		assert.Contains(t, m, k)
	}
	for _, k := range []string{"decidedBy", "decidedAt", "approvedBy", "plan", "restore", "result", "error", "Scope", "scope", "Trial"} {
		assert.NotContains(t, m, k)
	}
	assert.Equal(t, map[string]any{"kind": "ai", "token": "core"}, m["initiator"])
	assert.Equal(t, "2026-11-30T21:05:00Z", m["expiresAt"])
}

// No sequence of calls makes an ai physical Action run without a person's
// approval, and a denied, expired or cancelled Action never runs.
func TestBook_NoSequence_RunsAIPhysicalWithoutHuman(t *testing.T) {
	// Besides the demo tokens, an ai and a peer holding every scope: only
	// the kind may stop them.
	tokens := append(DemoTokens(), Token{Name: "rogue-ai", Kind: KindAI, Scopes: AllScopes}, Token{Name: "rogue-peer", Kind: KindPeer, Scopes: AllScopes})
	rapid.Check(t, func(t *rapid.T) {
		b, c := newTestBook(8)
		var ids []string
		everFinal := map[string]State{}
		n := rapid.IntRange(1, 40).Draw(t, "n")
		for i := 0; i < n; i++ {
			switch rapid.IntRange(0, 7).Draw(t, "op") {
			case 0:
				s := setFlow(KindAI, rapid.SampledFrom([]string{"", "operator", "owner"}).Draw(t, "behalf"))
				in := Input{Risk: s.Risk, Initiator: KindAI, Level: rapid.IntRange(0, 5).Draw(t, "level"),
					FromServe: rapid.Bool().Draw(t, "serve"), AllowlistMatch: rapid.Bool().Draw(t, "allow"), AdoptedPhysical: rapid.Bool().Draw(t, "adopted")}
				v := Decide(in)
				if rapid.Bool().Draw(t, "forgedverdict") {
					v = Verdict{Decision: rapid.SampledFrom([]Decision{Run, Wait, Refuse}).Draw(t, "forged")}
				}
				if a, err := b.Submit(s, v); err == nil {
					ids = append(ids, a.ID)
				}
			case 1, 2:
				if len(ids) > 0 {
					id := rapid.SampledFrom(ids).Draw(t, "id")
					a, _ := b.Get(id)
					d := a.Digest
					if rapid.Bool().Draw(t, "baddigest") {
						d = "bad"
					}
					_, _ = b.Approve(id, d, rapid.SampledFrom(tokens).Draw(t, "by"))
				}
			case 3:
				if len(ids) > 0 {
					_, _ = b.Deny(rapid.SampledFrom(ids).Draw(t, "id"), "", rapid.SampledFrom(tokens).Draw(t, "by"), "")
				}
			case 4:
				if len(ids) > 0 {
					_, _ = b.Cancel(rapid.SampledFrom(ids).Draw(t, "id"), rapid.SampledFrom(tokens).Draw(t, "by"))
				}
			case 5:
				if len(ids) > 0 {
					_, _ = b.Start(rapid.SampledFrom(ids).Draw(t, "id"))
				}
			case 6:
				if len(ids) > 0 {
					_, _ = b.Finish(rapid.SampledFrom(ids).Draw(t, "id"), nil, nil)
				}
			case 7:
				c.Advance(time.Duration(rapid.IntRange(0, 400).Draw(t, "sec")) * time.Second)
			}
			for _, a := range b.List(Filter{}) {
				switch a.State {
				case StateRunning, StateSucceeded, StateFailed, StateApproved:
					if a.DecidedBy == nil || a.DecidedBy.Kind != KindHuman {
						t.Fatalf("ai physical Action %s is %s without a person's approval", a.ID, a.State)
					}
				}
				if prev, ok := everFinal[a.ID]; ok && prev != a.State {
					t.Fatalf("Action %s left final state %s for %s", a.ID, prev, a.State)
				}
				if a.State == StateDenied || a.State == StateExpired || a.State == StateCancelled {
					everFinal[a.ID] = a.State
				}
			}
		}
	})
}

// A person's approval is evidence for every Trial step admitted under it, so
// cancelling the Action afterwards must not overwrite who approved it.
func TestBook_CancelAfterApproval_KeepsTheApprover(t *testing.T) {
	b, _ := newTestBook(0)
	a := waitingSetFlow(t, b)
	_, err := b.Approve(a.ID, a.Digest, demo("owner"))
	require.NoError(t, err)
	got, err := b.Cancel(a.ID, demo("brain"))
	require.NoError(t, err)
	assert.Equal(t, StateCancelled, got.State)
	require.NotNil(t, got.DecidedBy)
	assert.Equal(t, KindHuman, got.DecidedBy.Kind)
	assert.Equal(t, "owner", got.DecidedBy.Token)
	assert.Contains(t, got.Reason, "brain")
}
