package gate

import (
	"sync"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
)

// DefaultApprovalTimeoutSec is the Card's approvalTimeoutSec when it names none.
const DefaultApprovalTimeoutSec = 300

// DefaultMaxActions bounds a Book.
const DefaultMaxActions = 1000

// Submission is a request the gate has judged, as the Book records it.
// Risk is the declared risk; Scope the target's scope (an approver must hold
// it). For a Trial's first Action give Plan and Restore: the digest covers
// them instead of Arguments (Core §7.5 rule 2), and Arguments default to the
// first step's. TimeoutSec is the Card's approvalTimeoutSec (0: 300).
// ApprovedBy records an earlier approval this Action runs under (a fired
// schedule carries the postSchedule Action's id); Trial steps use SubmitStep.
type Submission struct {
	Target     string
	Arguments  map[string]any
	Risk       Risk
	Scope      string
	Initiator  Initiator
	TrialID    string
	Plan       []PlanStep
	Restore    map[string]any
	TimeoutSec int
	ApprovedBy string
}

// Filter narrows List; zero members match everything. Limit 0 is no limit.
type Filter struct {
	State  State
	Target string
	Limit  int
}

// Book is the device's store of Actions, bounded, with an injected clock and
// id function. It is safe for concurrent use. Waiting Actions expire lazily
// on every call, so nobody needs a timer. OnChange, when set (before use),
// is called after each change, outside the lock, so the simulator can push
// "action" events; it may call back into the Book.
type Book struct {
	OnChange func(Action)

	mu    sync.Mutex
	clock clock.Clock
	newID func() string
	max   int
	byID  map[string]*Action
	order []string // insertion order, oldest first
}

// NewBook makes an empty Book holding at most max Actions (DefaultMaxActions when max <= 0).
func NewBook(c clock.Clock, newID func() string, max int) *Book {
	if max <= 0 {
		max = DefaultMaxActions
	}
	return &Book{clock: c, newID: newID, max: max, byID: map[string]*Action{}}
}

// changes collects Actions to notify about once the lock is released.
type changes []Action

func (b *Book) notify(cs changes) {
	if b.OnChange == nil {
		return
	}
	for _, a := range cs {
		b.OnChange(a)
	}
}

func (b *Book) now() time.Time { return b.clock.Now().UTC() }

// Submit records a request the gate judged as v. Refuse records nothing and
// returns v.Problem. Run creates the Action in state running (the caller
// runs it and calls Finish); Wait creates it waiting, expiring after the
// approval timeout.
func (b *Book) Submit(s Submission, v Verdict) (Action, error) {
	if v.Decision == Refuse {
		if v.Problem == nil {
			return Action{}, api.NewProblem(403, api.CodeCallerNotAllowed, v.Reason)
		}
		return Action{}, v.Problem
	}
	if v.Decision != Run && v.Decision != Wait {
		return Action{}, api.NewProblem(500, api.CodeInternal, "The gate gave no decision.")
	}
	// A safety net under Decide: nothing that counts as destructive ever runs
	// at once unless a Playbook adopted for it asks (decisions.md §3), so a
	// wrong verdict cannot make an ai physical change run without a person.
	if v.Decision == Run && s.ApprovedBy == "" && s.Initiator.Kind != KindRule && EffectiveRisk(s.Risk, s.Initiator.Kind) == RiskDestructive {
		return Action{}, api.NewProblem(500, api.CodeInternal, "The gate let a change run that must wait for a person; it was not run.")
	}
	in := DigestInput{Target: s.Target, Initiator: string(s.Initiator.Kind), OnBehalfOf: s.Initiator.OnBehalfOf}
	args := s.Arguments
	if len(s.Plan) > 0 {
		in.Plan, in.Restore = s.Plan, s.Restore
		if args == nil {
			args = s.Plan[0].Arguments
		}
	} else {
		in.Arguments = s.Arguments
	}
	if args == nil {
		args = map[string]any{} // the schema requires arguments, {} for none
	}
	in = in.normal()
	d, err := Digest(in)
	if err != nil {
		return Action{}, err
	}
	b.mu.Lock()
	now := b.now()
	cs := b.expireLocked(now)
	a := &Action{
		Target: s.Target, Arguments: args, Risk: s.Risk, Initiator: s.Initiator,
		OnBehalfOf: s.Initiator.OnBehalfOf, Reason: v.Reason, Digest: d, DigestInput: in,
		CreatedAt: now, UpdatedAt: now, TrialID: s.TrialID, Plan: s.Plan, Restore: s.Restore,
		Scope: s.Scope, ApproverNeedsAdmin: v.ApproverNeedsAdmin, Trial: TrialUse{NextStep: 1},
		ApprovedBy: s.ApprovedBy,
	}
	if v.Decision == Run {
		a.State = StateRunning
	} else {
		a.State = StateWaiting
		t := s.TimeoutSec
		if t <= 0 {
			t = DefaultApprovalTimeoutSec
		}
		a.ExpiresAt = now.Add(time.Duration(t) * time.Second)
	}
	out, err := b.insertLocked(a)
	if err == nil {
		cs = append(cs, out)
	}
	b.mu.Unlock()
	b.notify(cs)
	return out, err
}

// insertLocked stores a, making room by dropping the oldest finished Action
// when full, keeping a Trial's first Action whose plan may still admit steps
// or its undo as long as any other can go. A Book full of live Actions
// refuses (503): it never forgets an Action that can still run or be approved.
func (b *Book) insertLocked(a *Action) (Action, error) {
	if len(b.byID) >= b.max {
		if !b.dropOneLocked(func(x *Action) bool { return x.State.Final() && !x.trialOpen() }) &&
			!b.dropOneLocked(func(x *Action) bool { return x.State.Final() }) {
			return Action{}, api.Problemf(503, api.CodeUnavailable, "%d Actions are waiting or running; decide some first.", b.max)
		}
	}
	a.ID = b.newID()
	if _, dup := b.byID[a.ID]; dup || a.ID == "" {
		return Action{}, api.NewProblem(500, api.CodeInternal, "The id generator gave an id already in use.")
	}
	b.byID[a.ID] = a
	b.order = append(b.order, a.ID)
	return a.clone(), nil
}

func (b *Book) dropOneLocked(ok func(*Action) bool) bool {
	for i, id := range b.order {
		if ok(b.byID[id]) {
			delete(b.byID, id)
			b.order = append(b.order[:i:i], b.order[i+1:]...)
			return true
		}
	}
	return false
}

// expireLocked moves every waiting Action past its expiry to expired.
func (b *Book) expireLocked(now time.Time) changes {
	var cs changes
	for _, id := range b.order {
		a := b.byID[id]
		if a.State == StateWaiting && !now.Before(a.ExpiresAt) {
			a.State = StateExpired
			a.UpdatedAt = now
			cs = append(cs, a.clone())
		}
	}
	return cs
}

// ExpireDue expires every waiting Action whose time is up at now and returns them.
func (b *Book) ExpireDue(now time.Time) []Action {
	b.mu.Lock()
	cs := b.expireLocked(now.UTC())
	b.mu.Unlock()
	b.notify(cs)
	return cs
}

// Get returns the Action with id (404 not-found when there is none).
func (b *Book) Get(id string) (Action, error) {
	b.mu.Lock()
	cs := b.expireLocked(b.now())
	a, ok := b.byID[id]
	var out Action
	if ok {
		out = a.clone()
	}
	b.mu.Unlock()
	b.notify(cs)
	if !ok {
		return Action{}, notFound(id)
	}
	return out, nil
}

// List returns the Actions matching f, oldest first.
func (b *Book) List(f Filter) []Action {
	b.mu.Lock()
	cs := b.expireLocked(b.now())
	out := []Action{}
	for _, id := range b.order {
		a := b.byID[id]
		if (f.State == "" || a.State == f.State) && (f.Target == "" || a.Target == f.Target) {
			out = append(out, a.clone())
			if f.Limit > 0 && len(out) == f.Limit {
				break
			}
		}
	}
	b.mu.Unlock()
	b.notify(cs)
	return out
}

func notFound(id string) error {
	return api.Problemf(404, api.CodeNotFound, "No Action has id %q.", id)
}

// mutate runs fn on the Action with id under the lock, after lazy expiry,
// and notifies about every change. fn returns whether it changed the Action.
func (b *Book) mutate(id string, fn func(a *Action, now time.Time) (bool, error)) (Action, error) {
	b.mu.Lock()
	now := b.now()
	cs := b.expireLocked(now)
	a, ok := b.byID[id]
	if !ok {
		b.mu.Unlock()
		b.notify(cs)
		return Action{}, notFound(id)
	}
	changed, err := fn(a, now)
	if changed {
		a.UpdatedAt = now
		cs = append(cs, a.clone())
	}
	out := a.clone()
	b.mu.Unlock()
	b.notify(cs)
	return out, err
}

// Approve approves a waiting Action for the person holding by. It is refused
// (and the Action stays waiting) when the digest differs (409
// digest-mismatch: no bait and switch), when by is not a person, or lacks the
// target's scope, or heart.admin where the verdict asked for it (403
// caller-not-allowed). An Action whose time is up becomes expired and the
// approval is refused (409 expired). The caller then runs it: Start, Finish.
func (b *Book) Approve(id, digest string, by Token) (Action, error) {
	return b.mutate(id, func(a *Action, now time.Time) (bool, error) {
		if err := waitingOrProblem(a); err != nil {
			return false, err
		}
		if digest != a.Digest {
			return false, api.NewProblem(409, api.CodeDigestMismatch, "The digest does not match this Action: what you approve must be exactly what waits. Read the Action again.").WithField("digest")
		}
		if by.Kind != KindHuman || by.Core {
			return false, api.NewProblem(403, api.CodeCallerNotAllowed, "Only a person approves an Action; "+string(by.Kind)+" token "+by.Name+" cannot.")
		}
		if by.Name == a.Initiator.Token && a.Initiator.Kind != KindHuman {
			return false, api.NewProblem(403, api.CodeCallerNotAllowed, "An Action cannot be approved by the one that asked for it.")
		}
		if a.Scope != "" && !by.Has(a.Scope) {
			return false, api.Problemf(403, api.CodeCallerNotAllowed, "Approving this needs %s, which %s does not hold.", a.Scope, by.Name)
		}
		if a.ApproverNeedsAdmin && !by.Has(ScopeAdmin) {
			return false, api.Problemf(403, api.CodeCallerNotAllowed, "This cannot be undone, so approving it needs heart.admin, which %s does not hold.", by.Name)
		}
		a.State = StateApproved
		a.DecidedBy = &Decider{Token: by.Name, Kind: by.Kind}
		a.DecidedAt = now
		return true, nil
	})
}

// waitingOrProblem says why an Action that is not waiting cannot be decided.
func waitingOrProblem(a *Action) error {
	switch a.State {
	case StateWaiting:
		return nil
	case StateExpired:
		return api.NewProblem(409, api.CodeExpired, "This Action waited too long and expired; ask again.")
	}
	return api.Problemf(409, api.CodeConflict, "This Action is %s, not waiting.", a.State)
}

// Deny denies a waiting Action. Denying is the safe direction, so any
// caller the route lets in may deny; a digest, when given, must match (the
// person denies what they saw). reason, when given, is recorded.
func (b *Book) Deny(id, digest string, by Token, reason string) (Action, error) {
	return b.mutate(id, func(a *Action, now time.Time) (bool, error) {
		if err := waitingOrProblem(a); err != nil {
			return false, err
		}
		if digest != "" && digest != a.Digest {
			return false, api.NewProblem(409, api.CodeDigestMismatch, "The digest does not match this Action. Read the Action again.").WithField("digest")
		}
		a.State = StateDenied
		a.DecidedBy = &Decider{Token: by.Name, Kind: by.Kind}
		a.DecidedAt = now
		if reason != "" {
			a.Reason = "Denied by " + by.Name + ": " + reason
		} else {
			a.Reason = "Denied by " + by.Name + "."
		}
		return true, nil
	})
}

// Cancel cancels an Action that has not run yet (waiting or approved).
func (b *Book) Cancel(id string, by Token) (Action, error) {
	return b.mutate(id, func(a *Action, now time.Time) (bool, error) {
		if a.State == StateExpired {
			return false, waitingOrProblem(a)
		}
		if a.State != StateWaiting && a.State != StateApproved {
			return false, api.Problemf(409, api.CodeConflict, "This Action is %s; only one that has not run can be cancelled.", a.State)
		}
		// An approval is evidence that a person confirmed the plan (and the
		// Trial steps admitted under it): cancelling afterwards must not erase
		// it, so the canceller is recorded in the reason instead.
		if a.State == StateApproved {
			a.Reason = "Cancelled by " + by.Name + " (" + string(by.Kind) + ") after it was approved."
		} else {
			a.DecidedBy = &Decider{Token: by.Name, Kind: by.Kind}
			a.DecidedAt = now
		}
		a.State = StateCancelled
		return true, nil
	})
}

// Start marks an approved Action running.
func (b *Book) Start(id string) (Action, error) {
	return b.mutate(id, func(a *Action, _ time.Time) (bool, error) {
		if a.State != StateApproved {
			return false, api.Problemf(409, api.CodeConflict, "This Action is %s; only an approved one can start.", a.State)
		}
		a.State = StateRunning
		return true, nil
	})
}

// Finish ends a running Action: succeeded with result, or failed with err
// (a *api.Problem is kept as it is; any other error becomes 500 internal
// without its text).
func (b *Book) Finish(id string, result any, err error) (Action, error) {
	return b.mutate(id, func(a *Action, _ time.Time) (bool, error) {
		if a.State != StateRunning {
			return false, api.Problemf(409, api.CodeConflict, "This Action is %s; only a running one can finish.", a.State)
		}
		if err != nil {
			a.State = StateFailed
			if p, ok := err.(*api.Problem); ok {
				a.Error = p
			} else {
				a.Error = api.NewProblem(500, api.CodeInternal, "The action failed on the device.")
			}
			return true, nil
		}
		a.State = StateSucceeded
		a.Result = result
		return true, nil
	})
}
