package gate

import "github.com/heart-core/heart-web/core/api"

// SavedAction is an Action with the device's own bookkeeping, which the
// Action's public JSON leaves out, so a snapshot restores exactly.
type SavedAction struct {
	Action
	Scope              string   `json:"scope,omitempty"`
	ApproverNeedsAdmin bool     `json:"approverNeedsAdmin,omitempty"`
	Trial              TrialUse `json:"trial"`
}

// BookSnapshot is everything a Book holds, oldest first (the simulator's
// /_sim/snapshot and /_sim/restore, and storage).
type BookSnapshot struct {
	Actions []SavedAction `json:"actions"`
}

// Snapshot returns the Book's contents.
func (b *Book) Snapshot() BookSnapshot {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := BookSnapshot{Actions: make([]SavedAction, 0, len(b.order))}
	for _, id := range b.order {
		a := b.byID[id]
		s.Actions = append(s.Actions, SavedAction{Action: a.clone(), Scope: a.Scope, ApproverNeedsAdmin: a.ApproverNeedsAdmin, Trial: a.Trial})
	}
	return s
}

// Restore replaces the Book's contents with s. It refuses (400) a snapshot
// larger than the bound or with a missing or repeated id, and then changes
// nothing. Restored Actions are not notified.
func (b *Book) Restore(s BookSnapshot) error {
	if len(s.Actions) > b.max {
		return api.Problemf(400, api.CodeInvalidRequest, "The snapshot holds %d Actions; the limit is %d.", len(s.Actions), b.max)
	}
	byID := make(map[string]*Action, len(s.Actions))
	order := make([]string, 0, len(s.Actions))
	for _, sa := range s.Actions {
		if sa.ID == "" || byID[sa.ID] != nil {
			return api.Problemf(400, api.CodeInvalidRequest, "The snapshot has a missing or repeated Action id %q.", sa.ID)
		}
		a := sa.Action.clone()
		a.Scope, a.ApproverNeedsAdmin, a.Trial = sa.Scope, sa.ApproverNeedsAdmin, sa.Trial
		byID[a.ID] = &a
		order = append(order, a.ID)
	}
	b.mu.Lock()
	b.byID, b.order = byID, order
	b.mu.Unlock()
	return nil
}

// Reset forgets every Action (the simulator's /_sim/reset).
func (b *Book) Reset() {
	b.mu.Lock()
	b.byID, b.order = map[string]*Action{}, nil
	b.mu.Unlock()
}
