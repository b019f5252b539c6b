package brain

import (
	"time"
)

// Status is the body of GET /heart/v1/brain.
type Status struct {
	Brainless bool       `json:"brainless"`
	Lease     *LeaseView `json:"lease"`
	// Cut stands after a signal or the self-cut until a lease comes back.
	Cut                  *Cut        `json:"cut,omitempty"`
	RestoreNeedsOwner    bool        `json:"restoreNeedsOwner"`
	RestoreApprovedUntil *time.Time  `json:"restoreApprovedUntil,omitempty"`
	Auto                 bool        `json:"auto"`
	MaxLeaseSec          int         `json:"maxLeaseSec,omitempty"`
	Requests             []Request   `json:"requests"`
	LastTransition       *Transition `json:"lastTransition,omitempty"`
}

// LeaseView is the held lease as the Core counts it.
type LeaseView struct {
	ID           string    `json:"id"`
	Model        string    `json:"model"`
	Uses         []Use     `json:"uses"`
	AcceptedAt   time.Time `json:"acceptedAt"`
	EndsAt       time.Time `json:"endsAt"`
	RemainingSec int64     `json:"remainingSec"`
	// Offline is true while auto mode carries the lease after the link
	// was lost; Uses are then those its step-down leaves.
	Offline bool `json:"offline"`
}

// Status reports the module at now. Call Check first: Status does not end
// a lease.
func (b *Brain) Status(now time.Time) Status {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := Status{Brainless: b.lease == nil, RestoreNeedsOwner: b.limits.RestoreNeedsOwner, Auto: b.auto,
		MaxLeaseSec: int(b.limits.MaxLease / time.Second), Requests: b.liveRequestsLocked(now)}
	if b.cut != nil {
		c := *b.cut
		s.Cut = &c
	}
	if b.cut != nil && now.Before(b.restoreUntil) {
		t := b.restoreUntil
		s.RestoreApprovedUntil = &t
	}
	if b.last != nil {
		t := *b.last
		s.LastTransition = &t
	}
	if h := b.lease; h != nil {
		end, offline := h.endAt(now), false
		if !h.lostAt.IsZero() {
			end, offline = h.offlineUntil(), true
		}
		left := end.Sub(now)
		if left < 0 {
			left = 0
		}
		s.Lease = &LeaseView{ID: h.Lease.ID, Model: h.Lease.Model, Uses: h.uses(now, b.auto), AcceptedAt: h.acceptedAt,
			EndsAt: end, RemainingSec: int64(left / time.Second), Offline: offline}
	}
	return s
}
