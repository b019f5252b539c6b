package brain

import (
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

var allUses = []Use{"explain", "serve", "propose", "plan", "chat"}

func usesGen() *rapid.Generator[[]Use] {
	return rapid.SliceOfNDistinct(rapid.SampledFrom(allUses), 1, len(allUses), func(u Use) Use { return u })
}

// Whatever the lease says, the cap, auto mode, and however the checks are
// spaced, the Core is brainless by the lease's end (or auto mode's, counted
// from that end) and not a moment before it.
func TestProperty_BrainlessInTime(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		length := time.Duration(rapid.IntRange(1, 7200).Draw(t, "lengthSec")) * time.Second
		maxLease := time.Duration(rapid.IntRange(0, 7200).Draw(t, "maxLeaseSec")) * time.Second
		auto := rapid.Bool().Draw(t, "auto")
		l := lease("l", length, usesGen().Draw(t, "uses")...)
		offline := time.Duration(0)
		if rapid.Bool().Draw(t, "offline") {
			l.Offline = &Offline{MaxSec: rapid.IntRange(1, 3600).Draw(t, "offlineSec")}
			if auto {
				offline = time.Duration(l.Offline.MaxSec) * time.Second
			}
		}
		b := New(Limits{MaxLease: maxLease})
		b.SetAuto(auto, t0)
		_, err := b.Grant(l, t0)
		if err != nil {
			t.Fatalf("grant: %v", err)
		}
		run := length
		if maxLease > 0 && maxLease < run {
			run = maxLease
		}
		deadline := t0.Add(run + offline)

		now := t0
		for _, step := range rapid.SliceOfN(rapid.IntRange(1, 900), 1, 40).Draw(t, "stepsSec") {
			now = now.Add(time.Duration(step) * time.Second)
			tr := b.Check(now)
			switch {
			case now.Before(deadline) && (tr != nil || b.Brainless()):
				t.Fatalf("brainless at %v, before the end %v", now.Sub(t0), deadline.Sub(t0))
			case !now.Before(deadline) && !b.Brainless():
				t.Fatalf("still holding a lease at %v, after the end %v", now.Sub(t0), deadline.Sub(t0))
			}
			if !now.Before(deadline) {
				for _, u := range allUses {
					if b.Allows(string(u), "", now) {
						t.Fatalf("use %s allowed after the end", u)
					}
				}
			}
		}
	})
}

// Auto mode's step-down only takes uses away: at no instant are the uses
// allowed more than the lease's own, and they never grow back as time
// passes.
func TestProperty_StepDownLowersOnly(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := lease("l", time.Duration(rapid.IntRange(1, 600).Draw(t, "lengthSec"))*time.Second, usesGen().Draw(t, "uses")...)
		l.Offline = &Offline{MaxSec: rapid.IntRange(1, 3600).Draw(t, "offlineSec")}
		for i, n := 0, rapid.IntRange(0, 4).Draw(t, "steps"); i < n; i++ {
			l.Offline.StepDown = append(l.Offline.StepDown, StepDown{AfterSec: rapid.IntRange(0, 3600).Draw(t, "afterSec"),
				Uses: rapid.SliceOfNDistinct(rapid.SampledFrom(allUses), 0, len(allUses), func(u Use) Use { return u }).Draw(t, "stepUses")})
		}
		b := New(Limits{})
		b.SetAuto(true, t0)
		if _, err := b.Grant(l, t0); err != nil {
			t.Fatalf("grant: %v", err)
		}
		prev := allowed(b, t0)
		now := t0
		for _, step := range rapid.SliceOfN(rapid.IntRange(1, 600), 1, 30).Draw(t, "stepsSec") {
			now = now.Add(time.Duration(step) * time.Second)
			b.Check(now)
			got := allowed(b, now)
			for _, u := range got {
				if !slices.Contains(l.Uses, u) {
					t.Fatalf("use %s allowed, the lease does not name it", u)
				}
				if !slices.Contains(prev, u) {
					t.Fatalf("use %s came back at %v", u, now.Sub(t0))
				}
			}
			prev = got
		}
	})
}

func allowed(b *Brain, now time.Time) []Use {
	var out []Use
	for _, u := range allUses {
		if b.Allows(string(u), "", now) {
			out = append(out, u)
		}
	}
	return out
}
