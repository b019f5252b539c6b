package brain

import (
	"slices"
	"time"
)

// Why a lease ended (Transition.Why).
const (
	EndExpired = "lease-expired"   // its time ran out (or auto mode's did)
	EndClock   = "clock-backwards" // the Core's clock went back (rule 2)
	EndSignal  = "signal"          // POST /brain/signal
	EndSelfCut = "self-cut"        // rule 6
)

// The alerts of rule 4.
const (
	AlertExpired = "ai.lease-expired"
	AlertRevoked = "ai.brain-revoked"
)

// Transition is one brainless transition (rule 4): what ended the lease,
// and, once the Core has carried it out, what it did on the device.
type Transition struct {
	Why     string    `json:"why"`
	At      time.Time `json:"at"`
	LeaseID string    `json:"leaseId,omitempty"`
	Alert   string    `json:"alert"`
	// Filled in by the Core (Note).
	Cancelled   []string `json:"cancelled,omitempty"`
	LoweredFrom int      `json:"loweredFrom,omitempty"`
	AlertID     string   `json:"alertId,omitempty"`
	Problems    []string `json:"problems,omitempty"`
}

// held is an accepted lease, counted on the Core's clock from acceptance.
type held struct {
	Lease      Lease
	acceptedAt time.Time
	until      time.Time // acceptedAt + the lease's length, capped by maxLeaseSec
	lostAt     time.Time // when auto mode took over
}

// offlineUntil is when auto mode's block ends, counted from the loss.
func (h *held) offlineUntil() time.Time {
	return h.lostAt.Add(time.Duration(h.Lease.Offline.MaxSec) * time.Second)
}

// endAt is when the lease ends: its length counted from acceptance, or
// earlier if the wall clock reaches expiresAt first. A wall clock that
// jumps forward moves that instant earlier; one that jumps back cannot
// move it past until (rule 2: a jump can only shorten the lease).
func (h *held) endAt(now time.Time) time.Time {
	end := h.until
	if wall := now.Add(h.Lease.ExpiresAt.Sub(now.Round(0))); wall.Before(end) {
		end = wall
	}
	return end
}

// uses are the uses allowed at now: the lease's own while it runs; in
// auto mode, after it ended, those its offline block still allows.
func (h *held) uses(now time.Time, auto bool) []Use {
	end := h.endAt(now)
	if now.Before(end) {
		return h.Lease.Uses
	}
	off := h.Lease.Offline
	if !auto || off == nil {
		return nil
	}
	lost := h.lostAt
	if lost.IsZero() {
		lost = end
	}
	since := now.Sub(lost)
	if since >= time.Duration(off.MaxSec)*time.Second {
		return nil
	}
	uses := h.Lease.Uses
	for _, step := range off.StepDown {
		if since >= time.Duration(step.AfterSec)*time.Second {
			uses = narrow(uses, step.Uses)
		}
	}
	return uses
}

// narrow keeps the uses of have that keep also names: a step down can
// only take uses away.
func narrow(have, keep []Use) []Use {
	var out []Use
	for _, u := range have {
		if slices.Contains(keep, u) {
			out = append(out, u)
		}
	}
	return out
}
