package gate

import (
	"sync"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/brain"
)

// MaxLevel is the highest autonomy level; BrainlessMaxLevel the highest a
// system reaches without a brain (decisions.md §3; Core §7.8 rule 4), the
// brain module's rule.
const (
	MaxLevel          = 5
	BrainlessMaxLevel = brain.MaxLevelBrainless
)

// Autonomy is the device's autonomy level (Pulse autonomy.current) with
// Stop and Resume (decisions.md §3). Lowering is always allowed; raising
// needs a person with heart.admin. Cap is the highest level allowed now
// (5, or 4 while brainless). It is safe for concurrent use.
type Autonomy struct {
	mu      sync.Mutex
	level   int
	before  int
	stopped bool
	cap     int
}

// NewAutonomy starts at level (the demo device starts at 3), capped at MaxLevel.
func NewAutonomy(level int) *Autonomy {
	return &Autonomy{level: clampLevel(level), cap: MaxLevel}
}

func clampLevel(l int) int { return min(max(l, 0), MaxLevel) }

// Level is the current level.
func (a *Autonomy) Level() int { a.mu.Lock(); defer a.mu.Unlock(); return a.level }

// Mode is the mode of the current level.
func (a *Autonomy) Mode() Mode { return ModeForLevel(a.Level()) }

// Stopped says whether Stop is in force.
func (a *Autonomy) Stopped() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.stopped }

// Cap is the highest level allowed now.
func (a *Autonomy) Cap() int { a.mu.Lock(); defer a.mu.Unlock(); return a.cap }

// Stop sets the level to 0 at once and remembers the level before it (a
// second Stop keeps the first remembered level). Anyone may stop.
func (a *Autonomy) Stop() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.stopped {
		a.before = a.level
		a.stopped = true
	}
	a.level = 0
}

// Resume returns to the level before Stop, no higher than the cap. It
// raises, so it needs a person with heart.admin. Without a Stop it does
// nothing.
func (a *Autonomy) Resume(by Token) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.stopped {
		return nil
	}
	to := min(a.before, a.cap)
	if to > a.level {
		if err := mayRaise(by); err != nil {
			return err
		}
	}
	a.level, a.stopped = to, false
	return nil
}

// SetLevel sets the level. Raising needs a person with heart.admin and may
// not pass the cap (409 conflict); lowering is always allowed. Setting a
// level above 0 ends a Stop (there is nothing left to resume).
func (a *Autonomy) SetLevel(level int, by Token) error {
	if level < 0 || level > MaxLevel {
		return api.Problemf(400, api.CodeInvalidRequest, "The level must be 0 to 5; %d is not.", level).WithField("level")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if level > a.level {
		if err := mayRaise(by); err != nil {
			return err
		}
		if level > a.cap {
			return api.Problemf(409, api.CodeConflict, "Without a brain the level is at most %d.", a.cap).WithField("level")
		}
	}
	a.level = level
	if level > 0 {
		a.stopped = false
	}
	return nil
}

// SetCap sets the highest level allowed (BrainlessMaxLevel when the brain
// lease ends, MaxLevel when one is held again) and lowers the current level
// to it at once; it never raises the level.
func (a *Autonomy) SetCap(c int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.cap = clampLevel(c)
	a.level = min(a.level, a.cap)
}

func mayRaise(by Token) error {
	if by.Kind != KindHuman || by.Core || !by.Has(ScopeAdmin) {
		return api.Problemf(403, api.CodeCallerNotAllowed, "Raising autonomy needs a person with heart.admin; %s is not one.", by.Name)
	}
	return nil
}
