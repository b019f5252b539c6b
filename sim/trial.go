package sim

import (
	"fmt"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
	"github.com/heart-core/heart-web/sim/product"
)

// trialMarginSec is how long after a Trial's watch window the device waits
// for the Core's word before it restores the values itself (decisions.md §1
// "confirmed-commit timer", after NETCONF RFC 6241 §8.4).
const trialMarginSec = 60

// trialRequest is the "trial" member of an invoke body that starts a Trial.
// watchSec is the watch window after the first step; 0 means the plan's
// waits plus 600 s (HEART Core §7.3: expect checks hold within 600 s).
type trialRequest struct {
	ID       string          `json:"id"`
	Plan     []gate.PlanStep `json:"plan"`
	Restore  map[string]any  `json:"restore"`
	WatchSec int             `json:"watchSec,omitempty"`
}

func (t *trialRequest) validate(d *product.Definition) error {
	if !isUUID(t.ID) {
		return api.NewProblem(400, api.CodeInvalidRequest, "A Trial's id is a UUID.").WithField("trial.id")
	}
	if len(t.Plan) == 0 || len(t.Plan) > 8 {
		return api.NewProblem(400, api.CodeInvalidRequest, "A Trial's plan has 1 to 8 steps.").WithField("trial.plan")
	}
	for i, st := range t.Plan {
		if st.Arguments == nil {
			st.Arguments = map[string]any{}
		}
		if p := d.Arguments.Validate(st.Arguments); p != nil {
			p.Field = fmt.Sprintf("trial.plan[%d].arguments.%s", i, p.Field)
			return p
		}
		if st.WaitSec < 0 || st.WaitSec > 86400 {
			return api.NewProblem(400, api.CodeInvalidRequest, "waitSec is 0 to 86400.").WithField(fmt.Sprintf("trial.plan[%d].waitSec", i))
		}
	}
	if t.Restore == nil {
		return api.NewProblem(400, api.CodeInvalidRequest, "A Trial needs the values its undo restores.").WithField("trial.restore")
	}
	if p := d.Arguments.Validate(t.Restore); p != nil {
		p.Field = "trial.restore." + p.Field
		return p
	}
	if t.WatchSec < 0 || t.WatchSec > 86400 {
		return api.NewProblem(400, api.CodeInvalidRequest, "watchSec is 0 to 86400.").WithField("trial.watchSec")
	}
	return nil
}

func (t *trialRequest) watch() time.Duration {
	if t.WatchSec > 0 {
		return time.Duration(t.WatchSec) * time.Second
	}
	total := 600
	for _, st := range t.Plan {
		total += st.WaitSec
	}
	return time.Duration(total) * time.Second
}

// trialTimer is the device's side of one Trial: it waits for the Core's
// word (kept or undone) until Deadline, then restores by itself.
type trialTimer struct {
	TrialID       string         `json:"trialId"`
	FirstActionID string         `json:"firstActionId"`
	Target        string         `json:"target"`
	Restore       map[string]any `json:"restore"`
	Initiator     gate.Initiator `json:"initiator"`
	Watch         time.Duration  `json:"watch"`
	Deadline      time.Time      `json:"deadline,omitzero"`
	State         string         `json:"state"` // awaiting-approval, watching, kept, undone, restored, restore-failed
	Reason        string         `json:"reason,omitempty"`
}

// admitTrial refuses a new Trial on a target that has a live one (HEART
// Core §7.5 rule 6) or when maxTrials are live: a Trial is never dropped
// while it could still need its restore.
func (s *Sim) admitTrial(target string) error {
	live := 0
	for _, t := range s.st.Trials {
		if !t.live() {
			continue
		}
		live++
		if t.Target == target {
			return api.Problemf(409, api.CodeConflict, "Trial %s on %s is still %s; one Trial per target.", t.TrialID, target, t.State)
		}
	}
	if live >= maxTrials {
		return api.Problemf(409, api.CodeConflict, "%d Trials are live; settle one first.", maxTrials)
	}
	return nil
}

func (t *trialTimer) live() bool { return t.State == "awaiting-approval" || t.State == "watching" }

func (s *Sim) trialTimer(firstID string) *trialTimer {
	for _, t := range s.st.Trials {
		if t.FirstActionID == firstID {
			return t
		}
	}
	return nil
}

// startTrialTimer records a Trial's first Action. The timer runs from when
// the first step runs; a waiting first Action starts it on approval.
func (s *Sim) startTrialTimer(a gate.Action, tr *trialRequest) {
	t := s.trialTimer(a.ID)
	if t == nil && tr != nil {
		t = &trialTimer{TrialID: tr.ID, FirstActionID: a.ID, Target: a.Target, Restore: tr.Restore, Initiator: a.Initiator, Watch: tr.watch(), State: "awaiting-approval"}
		if len(s.st.Trials) >= maxTrials { // forget the oldest finished Trial first
			for i, x := range s.st.Trials {
				if !x.live() {
					s.st.Trials = append(s.st.Trials[:i:i], s.st.Trials[i+1:]...)
					break
				}
			}
		}
		s.st.Trials = appendBounded(s.st.Trials, t, maxTrials)
	}
	if t != nil && a.State == gate.StateRunning {
		t.State = "watching"
		t.Deadline = s.now().Add(t.Watch + trialMarginSec*time.Second)
	}
}

// trialStep admits a later step or the undo of an approved Trial through
// gate.AdmitStep (via Book.SubmitStep), then runs it under the guards.
func (s *Sim) trialStep(c *call, sub *submission, gs gate.Submission) *api.Response {
	a, err := s.book.SubmitStep(sub.approvedBy, gs)
	if err != nil {
		return api.ErrorResponse(err)
	}
	resp := s.runAndAnswer(a, true)
	if t := s.trialTimer(sub.approvedBy); t != nil && t.live() && resp.Status < 300 {
		if use, _ := s.book.TrialUse(sub.approvedBy); use.Undone {
			t.State, t.Reason = "undone", "The Core sent the undo."
		}
	}
	return resp
}

// runTrialTimers restores every Trial whose deadline passed without word
// from the Core, and records why. The undo passes the guards like any other.
func (s *Sim) runTrialTimers(now time.Time) {
	for _, t := range s.st.Trials {
		if t.State != "watching" || now.Before(t.Deadline) {
			continue
		}
		d := s.definition(t.Target)
		why := fmt.Sprintf("The Core did not report Trial %s kept or undone by %s (watch window plus %d s), so the device restored %v itself.", t.TrialID, t.Deadline.Format(time.RFC3339), trialMarginSec, t.Restore)
		gs := gate.Submission{Target: t.Target, Arguments: t.Restore, Risk: gate.RiskPhysical, Scope: gate.ScopeOperate, Initiator: gate.Initiator{Kind: t.Initiator.Kind, Token: "device", OnBehalfOf: t.Initiator.OnBehalfOf}}
		if d != nil {
			gs.Risk = gate.Risk(d.Risk)
		}
		var err error
		a, serr := s.book.SubmitStep(t.FirstActionID, gs)
		if serr != nil {
			err = serr
		} else {
			_, _, _, err = s.execute(a)
		}
		if err != nil {
			t.State, t.Reason = "restore-failed", why+" The restore failed: "+err.Error()
			s.raiseAlert("system.undo-failed", "critical", "The device could not undo Trial "+t.TrialID+": "+err.Error(), "controller", "device")
			s.logf("error", "controller", "%s", t.Reason)
		} else {
			t.State, t.Reason = "restored", why
			s.logf("warning", "controller", "%s", why)
		}
		s.rhythm(RhythmEntry{Kind: "trial-timer", Summary: t.Reason, ActionID: t.FirstActionID, Data: map[string]any{"trialId": t.TrialID, "state": t.State}})
	}
}

// settleBody is POST /actions/{id}/settle: the Core reports a Trial's end.
type settleBody struct {
	Outcome string `json:"outcome"`
	Reason  string `json:"reason,omitempty"`
}

func settleTrial(c *call) *api.Response {
	s := c.s
	var b settleBody
	if err := api.DecodeStrict(c.req.Body, &b); err != nil {
		return api.ErrorResponse(err)
	}
	if b.Outcome != "kept" && b.Outcome != "undone" {
		return api.NewProblem(400, api.CodeInvalidRequest, `outcome is "kept" or "undone".`).WithField("outcome").Response()
	}
	t := s.trialTimer(c.p["id"])
	if t == nil {
		return api.Problemf(404, api.CodeNotFound, "Action %q did not start a Trial on this device.", c.p["id"]).Response()
	}
	if !t.live() {
		return api.Problemf(409, api.CodeConflict, "Trial %s is already %s.", t.TrialID, t.State).Response()
	}
	if b.Outcome == "kept" {
		if err := s.book.CloseTrial(t.FirstActionID); err != nil {
			return api.ErrorResponse(err)
		}
	}
	t.State, t.Reason = b.Outcome, "Reported by "+c.tok.Name+": "+b.Reason
	s.rhythm(RhythmEntry{Kind: "trial-settled", Summary: "Trial " + t.TrialID + " " + b.Outcome, ActionID: t.FirstActionID, Data: map[string]any{"trialId": t.TrialID}})
	return api.JSON(200, map[string]any{"trial": t})
}

// isUUID accepts the 8-4-4-4-12 hex form (trial.schema.json ids are UUIDs).
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch i {
		case 8, 13, 18, 23:
			if r != '-' {
				return false
			}
		default:
			if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F') {
				return false
			}
		}
	}
	return true
}
