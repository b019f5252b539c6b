package brain

import (
	"slices"
	"sync"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// Limits come from the Card: card.brain, card.limits.brainRefusalsPerHour
// and approvalTimeoutSec.
type Limits struct {
	MaxLease          time.Duration // 0: only the lease's own length
	RestoreNeedsOwner bool
	RefusalsPerHour   int
	ApprovalTimeout   time.Duration
}

func (l Limits) withDefaults() Limits {
	if l.RefusalsPerHour <= 0 {
		l.RefusalsPerHour = 10
	}
	if l.ApprovalTimeout <= 0 {
		l.ApprovalTimeout = 300 * time.Second
	}
	return l
}

// rejectionsForCut is rule 6's count of rejected answers within an hour.
const rejectionsForCut = 3

// Brain is the module's state. The zero value is not ready: use New.
type Brain struct {
	mu           sync.Mutex
	limits       Limits
	lease        *held
	cut          *Cut
	restoreUntil time.Time
	auto         bool
	lastSeen     time.Time
	refusals     []time.Time
	rejections   []time.Time
	requests     []Request
	last         *Transition
	nextID       int
}

// Cut is why the brain was taken away by a signal or the self-cut. While it
// stands and the Card says restoreNeedsOwner, no lease is accepted until
// the owner approves a restore.
type Cut struct {
	Why    string    `json:"why"`
	At     time.Time `json:"at"`
	Reason string    `json:"reason,omitempty"`
}

// New is a brainless module: no lease, no cut, auto mode off.
func New(l Limits) *Brain { return &Brain{limits: l.withDefaults()} }

// SetLimits takes new limits from a changed Card. A held lease keeps its
// length until renewed.
func (b *Brain) SetLimits(l Limits) {
	b.mu.Lock()
	b.limits = l.withDefaults()
	b.mu.Unlock()
}

// observe notes now and reports whether the clock went backwards since
// the last call (rule 2: that ends the lease).
func (b *Brain) observe(now time.Time) bool {
	back := !b.lastSeen.IsZero() && now.Before(b.lastSeen)
	if !back {
		b.lastSeen = now
	}
	return back
}

// Check ends the lease when its time is up (rule 2) and returns the
// transition the Core must carry out, or nil. The Core calls it before it
// serves anything, so the brainless transition comes before anything else.
func (b *Brain) Check(now time.Time) *Transition {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.checkLocked(now)
}

func (b *Brain) checkLocked(now time.Time) *Transition {
	back := b.observe(now)
	h := b.lease
	if h == nil {
		return nil
	}
	if back {
		return b.endLocked(EndClock, "", now)
	}
	end := h.endAt(now)
	if now.Before(end) {
		return nil
	}
	if b.auto && h.Lease.Offline != nil {
		// auto mode takes over from the moment the lease ended (rule 8)
		if h.lostAt.IsZero() {
			h.lostAt = end
		}
		if now.Before(h.offlineUntil()) {
			return nil
		}
	}
	return b.endLocked(EndExpired, "", now)
}

// Grant accepts a lease from the Command Center (PUT /brain/lease). A
// renewal replaces the lease and ends auto mode. After a cut, with
// restoreNeedsOwner, a lease comes in only inside the owner's restore
// approval, and the approval lets exactly one in.
// The transition returned is that of a lease whose time was up before the
// grant, for the Core to carry out like any other.
func (b *Brain) Grant(l Lease, now time.Time) (*Transition, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	tr := b.checkLocked(now)
	switch {
	case !l.ExpiresAt.After(l.IssuedAt):
		return tr, api.NewProblem(400, api.CodeInvalidRequest, "The lease's expiresAt must be later than its issuedAt.").WithField("lease.expiresAt")
	case !now.Before(l.ExpiresAt):
		return tr, api.NewProblem(409, api.CodeConflict, "The lease has already expired by the Core's clock.").WithField("lease.expiresAt")
	case b.cut != nil && b.limits.RestoreNeedsOwner && !now.Before(b.restoreUntil):
		return tr, api.Problemf(409, api.CodeConflict, "The brain was cut (%s) and stays out until the owner approves POST /heart/v1/brain/restore; then one lease may come in.", b.cut.Why)
	}
	period := l.ExpiresAt.Sub(l.IssuedAt)
	if b.limits.MaxLease > 0 && period > b.limits.MaxLease {
		period = b.limits.MaxLease
	}
	b.lease = &held{Lease: l, acceptedAt: now, until: now.Add(period)}
	b.cut, b.restoreUntil = nil, time.Time{}
	b.dropRequestLocked(OpRestore)
	return tr, nil
}

// Signal cuts the brain now (POST /brain/signal). It returns the
// transition, or nil when there was no lease and the brain already stood
// cut, so that repeated signals raise one alert.
func (b *Brain) Signal(reason string, now time.Time) *Transition {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.observe(now)
	if b.lease == nil && b.cut != nil {
		return nil
	}
	return b.endLocked(EndSignal, reason, now)
}

// Refused counts a Proposal of the brain that the gate refused; Rejected
// an answer the Core rejected (rule 3). Either may self-cut (rule 6).
func (b *Brain) Refused(now time.Time) *Transition {
	return b.countTowardsCut(&b.refusals, func(l Limits) int { return l.RefusalsPerHour }, now)
}

// Rejected counts an answer the Core rejected (rule 3).
func (b *Brain) Rejected(now time.Time) *Transition {
	return b.countTowardsCut(&b.rejections, func(Limits) int { return rejectionsForCut }, now)
}

func (b *Brain) countTowardsCut(list *[]time.Time, max func(Limits) int, now time.Time) *Transition {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.observe(now)
	kept := (*list)[:0]
	for _, t := range *list {
		if now.Sub(t) < time.Hour {
			kept = append(kept, t)
		}
	}
	*list = append(kept, now)
	if len(*list) < max(b.limits) || b.lease == nil {
		return nil
	}
	return b.endLocked(EndSelfCut, "", now)
}

// endLocked ends the lease for why: the brainless transition's own part.
func (b *Brain) endLocked(why, reason string, now time.Time) *Transition {
	tr := &Transition{Why: why, At: now, Alert: AlertExpired}
	if b.lease != nil {
		tr.LeaseID = b.lease.Lease.ID
	}
	if why == EndSignal || why == EndSelfCut {
		tr.Alert = AlertRevoked
		b.cut = &Cut{Why: why, At: now, Reason: reason}
		b.restoreUntil = time.Time{}
	}
	b.lease = nil
	b.refusals, b.rejections = nil, nil
	b.last = tr
	return tr
}

// ApproveRestore is the owner's approval of a restore (rule 7): for the
// approval's lifetime, one lease may come in after a cut.
func (b *Brain) ApproveRestore(now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.observe(now)
	b.restoreUntil = now.Add(b.limits.ApprovalTimeout)
	b.dropRequestLocked(OpRestore)
}

// SetAuto turns auto mode for lost links on or off (rule 8). Turning it
// off while the offline block runs ends the lease at the next Check.
func (b *Brain) SetAuto(on bool, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.observe(now)
	b.auto = on
	b.dropRequestLocked(OpAuto)
}

// Allows is rule 1: a consultation for use with model may go out only
// under an unexpired lease naming both (in auto mode, the uses left after
// stepDown). An empty model accepts the lease's own.
func (b *Brain) Allows(use, model string, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	h := b.lease
	if h == nil || (model != "" && model != h.Lease.Model) || now.Before(b.lastSeen) {
		return false
	}
	return slices.Contains(h.uses(now, b.auto), Use(use))
}

// Brainless reports whether no lease is held (after Check).
func (b *Brain) Brainless() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.lease == nil
}

// Note records what the Core did for the latest transition.
func (b *Brain) Note(tr Transition) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.last != nil && b.last.At.Equal(tr.At) && b.last.Why == tr.Why {
		b.last = &tr
	}
}

// LimitsAutonomy reports whether the Pulse says autonomy.limitedBy
// brain-cut: the Core is brainless and its transition lowered the level.
func (b *Brain) LimitsAutonomy() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.lease == nil && b.last != nil && b.last.LoweredFrom > 0
}
