package gate

import (
	"fmt"

	"github.com/heart-core/heart-web/core/api"
)

// StepRequest is a later step of a Trial, or its undo, sent with approvedBy
// pointing to the Trial's first Action (decisions.md §1 "Approvals live on
// the device").
type StepRequest struct {
	Target    string
	Arguments map[string]any
}

// UndoStep is the step index AdmitStep returns for the undo.
const UndoStep = -1

// AdmitStep decides whether a later step or the undo of a Trial may run on
// the strength of the first Action's approval (Core §7.5 rule 2: they pass
// the guards, not the gate). It is admitted only when the first Action holds
// a plan, was approved (approved, running or succeeded; the undo also after
// failed), names the same target, and the arguments equal the next plan step
// in order, or the restore values. Each step is admitted once, and nothing
// after the undo. It returns the plan index admitted, or UndoStep, and
// records the use in first.Trial. Refusals are 409 conflict with a detail.
// The caller still checks the guards before running it.
func AdmitStep(first *Action, step StepRequest) (int, error) {
	if len(first.Plan) == 0 {
		return 0, api.Problemf(409, api.CodeConflict, "Action %s has no plan, so it approves no later steps.", first.ID)
	}
	if step.Target != first.Target {
		return 0, api.Problemf(409, api.CodeConflict, "Action %s approved a plan for %s, not %s.", first.ID, first.Target, step.Target)
	}
	if first.Trial.Undone {
		return 0, api.Problemf(409, api.CodeConflict, "The Trial of Action %s was already undone; its approval admits nothing more.", first.ID)
	}
	if first.Trial.Closed {
		return 0, api.Problemf(409, api.CodeConflict, "The Trial of Action %s has ended; its approval admits nothing more.", first.ID)
	}
	live := first.State == StateApproved || first.State == StateRunning || first.State == StateSucceeded
	n := first.Trial.NextStep
	if n < 1 {
		n = 1 // step 0 is the first Action itself
	}
	if live && n < len(first.Plan) && sameJSON(step.Arguments, first.Plan[n].Arguments) {
		first.Trial.NextStep = n + 1
		return n, nil
	}
	if (live || first.State == StateFailed) && first.Restore != nil && sameJSON(step.Arguments, first.Restore) {
		first.Trial.Undone = true
		return UndoStep, nil
	}
	if !live && first.State != StateFailed {
		return 0, api.Problemf(409, api.CodeConflict, "Action %s is %s, so its plan was never approved.", first.ID, first.State)
	}
	if n >= len(first.Plan) {
		return 0, api.Problemf(409, api.CodeConflict, "Every step of the plan approved in Action %s has been admitted; these arguments are not its restore values either.", first.ID)
	}
	return 0, api.Problemf(409, api.CodeConflict, "These arguments are neither step %d of the plan approved in Action %s nor its restore values.", n+1, first.ID)
}

// SubmitStep admits a later step or the undo against the first Action with
// id firstID (AdmitStep) and records it as a running Action whose approvedBy
// is firstID. The caller checks the guards first, runs it, and calls Finish.
func (b *Book) SubmitStep(firstID string, s Submission) (Action, error) {
	in := DigestInput{Target: s.Target, Arguments: s.Arguments, Initiator: string(s.Initiator.Kind), OnBehalfOf: s.Initiator.OnBehalfOf}.normal()
	d, err := Digest(in)
	if err != nil {
		return Action{}, err
	}
	b.mu.Lock()
	now := b.now()
	cs := b.expireLocked(now)
	first, ok := b.byID[firstID]
	if !ok {
		b.mu.Unlock()
		b.notify(cs)
		return Action{}, notFound(firstID).(*api.Problem).WithField("approvedBy")
	}
	before := first.Trial
	idx, err := AdmitStep(first, StepRequest{Target: s.Target, Arguments: s.Arguments})
	if err != nil {
		b.mu.Unlock()
		b.notify(cs)
		return Action{}, err
	}
	reason := fmt.Sprintf("Step %d of the plan approved in Action %s.", idx+1, firstID)
	if idx == UndoStep {
		reason = "The undo approved with the plan in Action " + firstID + "."
	}
	a := &Action{
		Target: s.Target, Arguments: in.Arguments, Risk: s.Risk, Initiator: s.Initiator,
		OnBehalfOf: s.Initiator.OnBehalfOf, State: StateRunning, Reason: reason, Digest: d, DigestInput: in,
		CreatedAt: now, UpdatedAt: now, ApprovedBy: firstID, TrialID: first.TrialID, Scope: s.Scope,
	}
	out, err := b.insertLocked(a)
	if err != nil {
		first.Trial = before // not recorded, so not used
	} else {
		cs = append(cs, out)
	}
	b.mu.Unlock()
	b.notify(cs)
	return out, err
}

// TrialUse returns what the first Action with id has admitted so far.
func (b *Book) TrialUse(id string) (TrialUse, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	a, ok := b.byID[id]
	if !ok {
		return TrialUse{}, notFound(id)
	}
	return a.Trial, nil
}

// CloseTrial ends what the first Action with id admits: the Core reported
// the Trial kept, so neither later steps nor the undo run on its approval
// any more (a later change passes the gate anew). It also stops the
// device's confirmed-commit timer from restoring anything (decisions.md §1).
func (b *Book) CloseTrial(id string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	a, ok := b.byID[id]
	if !ok {
		return notFound(id)
	}
	if len(a.Plan) == 0 {
		return api.Problemf(409, api.CodeConflict, "Action %s has no plan.", id)
	}
	a.Trial.Closed = true
	return nil
}

// OpenTrials returns the first Actions whose plan may still admit a step or
// an undo: the device's confirmed-commit timer watches these and restores
// their restore values itself when the Core goes quiet (decisions.md §1).
func (b *Book) OpenTrials() []Action {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []Action
	for _, id := range b.order {
		if a := b.byID[id]; a.trialOpen() {
			out = append(out, a.clone())
		}
	}
	return out
}
