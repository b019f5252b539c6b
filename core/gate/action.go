package gate

import (
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// State of an Action (docs/data-shapes.md): waiting → approved | denied |
// expired | cancelled; approved → running → succeeded | failed. An Action the
// gate lets run goes straight to running.
type State string

// States.
const (
	StateWaiting   State = "waiting"
	StateApproved  State = "approved"
	StateDenied    State = "denied"
	StateExpired   State = "expired"
	StateCancelled State = "cancelled"
	StateRunning   State = "running"
	StateSucceeded State = "succeeded"
	StateFailed    State = "failed"
)

// Final says whether nothing more can happen to an Action in state s.
func (s State) Final() bool {
	switch s {
	case StateDenied, StateExpired, StateCancelled, StateSucceeded, StateFailed:
		return true
	}
	return false
}

// Decider is who approved, denied or cancelled an Action.
type Decider struct {
	Token string `json:"token"`
	Kind  Kind   `json:"kind"`
}

// Action is every non-read call on the device, as it passes the gate
// (docs/data-shapes.md "Action"). The unexported-in-JSON members (Scope,
// ApproverNeedsAdmin, Trial) are the device's own bookkeeping.
type Action struct {
	ID          string         `json:"id"`
	Target      string         `json:"target"`
	Arguments   map[string]any `json:"arguments"`
	Risk        Risk           `json:"risk"`
	Initiator   Initiator      `json:"initiator"`
	OnBehalfOf  string         `json:"onBehalfOf,omitempty"`
	State       State          `json:"state"`
	Reason      string         `json:"reason,omitempty"`
	Digest      string         `json:"digest"`
	DigestInput DigestInput    `json:"digestInput"`
	CreatedAt   time.Time      `json:"createdAt"`
	ExpiresAt   time.Time      `json:"expiresAt,omitzero"`
	UpdatedAt   time.Time      `json:"updatedAt"`
	DecidedBy   *Decider       `json:"decidedBy,omitempty"`
	DecidedAt   time.Time      `json:"decidedAt,omitzero"`
	ApprovedBy  string         `json:"approvedBy,omitempty"`
	TrialID     string         `json:"trialId,omitempty"`
	Plan        []PlanStep     `json:"plan,omitempty"`
	Restore     map[string]any `json:"restore,omitempty"`
	Result      any            `json:"result,omitempty"`
	Error       *api.Problem   `json:"error,omitempty"`

	// Scope is the target's scope; an approver must hold it.
	Scope string `json:"-"`
	// ApproverNeedsAdmin: the approver must also hold heart.admin.
	ApproverNeedsAdmin bool `json:"-"`
	// Trial tracks which later steps of the plan, and whether the undo,
	// were admitted (Core §7.5 rule 2); see AdmitStep.
	Trial TrialUse `json:"-"`
}

// TrialUse records what a Trial's first Action has admitted: NextStep is the
// index in Plan of the next step it will admit (step 0 is the first Action
// itself), Undone that the undo was admitted, Closed that the Trial ended
// kept (CloseTrial). After either, nothing more is admitted.
type TrialUse struct {
	NextStep int  `json:"nextStep"`
	Undone   bool `json:"undone,omitempty"`
	Closed   bool `json:"closed,omitempty"`
}

// trialOpen says a may still admit a later step or an undo.
func (a *Action) trialOpen() bool {
	return len(a.Plan) > 0 && !a.Trial.Undone && !a.Trial.Closed &&
		(a.State == StateApproved || a.State == StateRunning || a.State == StateSucceeded || a.State == StateFailed)
}

// clone copies a so a caller can read it while the Book changes the original.
// Maps and slices of arguments are shared: nobody mutates them after Submit.
func (a *Action) clone() Action {
	c := *a
	if a.DecidedBy != nil {
		d := *a.DecidedBy
		c.DecidedBy = &d
	}
	return c
}
