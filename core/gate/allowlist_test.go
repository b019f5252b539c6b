package gate

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

const ramp = "com.acme.pump.set_ramp_rate"

// The example entry of Core §7.4.
func rampEntry() Entry {
	return Entry{Target: ramp, Initiators: []Kind{KindRule, KindAI}, Envelope: &Envelope{
		Arguments: map[string]Range{"ramp_rate": {Min: 1.0, Max: 3.0, MaxStep: 0.2}},
		MaxPerDay: 4, CooldownSec: 600,
	}}
}

func rampCandidate(steps ...float64) Candidate {
	c := Candidate{Target: ramp, Kind: KindRule, Current: map[string]float64{"ramp_rate": 2.0}, Now: t0}
	for _, s := range steps {
		c.Steps = append(c.Steps, map[string]any{"ramp_rate": s})
	}
	return c
}

func TestAllowlist_Matches(t *testing.T) {
	day := func(n int, ended bool) []PastRun {
		var h []PastRun
		for i := 0; i < n; i++ {
			r := PastRun{Target: ramp, StartedAt: t0.Add(-time.Duration(i+1) * time.Hour)}
			if ended {
				r.EndedAt = r.StartedAt.Add(10 * time.Minute)
			}
			h = append(h, r)
		}
		return h
	}
	cases := []struct {
		name string
		e    Entry
		c    func() Candidate
		ok   bool
	}{
		{"InsideEnvelope_Matches", rampEntry(), func() Candidate { return rampCandidate(1.8) }, true},
		{"TwoStepsEachWithinMaxStep_Matches", rampEntry(), func() Candidate { return rampCandidate(1.8, 1.6) }, true},
		{"OtherTarget_NoMatch", rampEntry(), func() Candidate { c := rampCandidate(1.8); c.Target = "com.acme.pump.set_flow"; return c }, false},
		{"ShortName_NoMatch", Entry{Target: "set_ramp_rate", Initiators: []Kind{KindRule}, Envelope: rampEntry().Envelope}, func() Candidate { return rampCandidate(1.8) }, false},
		{"KindNotInInitiators_NoMatch", rampEntry(), func() Candidate { c := rampCandidate(1.8); c.Kind = KindPeer; return c }, false},
		{"BelowMin_NoMatch", rampEntry(), func() Candidate { c := rampCandidate(0.9); c.Current["ramp_rate"] = 1.0; return c }, false},
		{"AboveMax_AtAnyStep_NoMatch", Entry{Target: ramp, Initiators: []Kind{KindRule}, Envelope: &Envelope{Arguments: map[string]Range{"ramp_rate": {Min: 1, Max: 3}}}}, func() Candidate { return rampCandidate(3.5, 2.5) }, false},
		{"StepTooBig_FromCurrent_NoMatch", rampEntry(), func() Candidate { return rampCandidate(1.7) }, false},
		{"StepTooBig_BetweenSteps_NoMatch", rampEntry(), func() Candidate { return rampCandidate(1.8, 1.5) }, false},
		{"CurrentUnknown_WithMaxStep_NoMatch", rampEntry(), func() Candidate { c := rampCandidate(1.8); c.Current = nil; return c }, false},
		{"ArgumentNotInEnvelope_NoMatch", rampEntry(), func() Candidate {
			c := rampCandidate(1.8)
			c.Steps[0]["other"] = 1.0
			return c
		}, false},
		{"NonNumericArgument_NoMatch", Entry{Target: "com.acme.sensors.calibrate", Initiators: []Kind{KindRule}, Envelope: &Envelope{Arguments: map[string]Range{"sensor": {Min: 0, Max: 1}}}}, func() Candidate {
			return Candidate{Target: "com.acme.sensors.calibrate", Kind: KindRule, Steps: []map[string]any{{"sensor": "level"}}, Now: t0}
		}, false},
		{"NoArguments_NoEnvelopeNeeded_Matches", Entry{Target: "com.acme.pump.start", Initiators: []Kind{KindRule}}, func() Candidate {
			return Candidate{Target: "com.acme.pump.start", Kind: KindRule, Steps: []map[string]any{{}}, Now: t0}
		}, true},
		{"Arguments_NoEnvelope_NoMatch", Entry{Target: ramp, Initiators: []Kind{KindRule}}, func() Candidate { return rampCandidate(1.8) }, false},
		{"MaxPerDay_Reached_NoMatch", rampEntry(), func() Candidate { c := rampCandidate(1.8); c.History = day(4, true); return c }, false},
		{"MaxPerDay_Below_Matches", rampEntry(), func() Candidate { c := rampCandidate(1.8); c.History = day(3, true); return c }, true},
		{"MaxPerDay_OlderThan24h_NotCounted", rampEntry(), func() Candidate {
			c := rampCandidate(1.8)
			for i := 0; i < 5; i++ {
				st := t0.Add(-25*time.Hour - time.Duration(i)*time.Minute)
				c.History = append(c.History, PastRun{Target: ramp, StartedAt: st, EndedAt: st.Add(time.Second)})
			}
			return c
		}, true},
		{"Cooldown_TooSoon_NoMatch", rampEntry(), func() Candidate {
			c := rampCandidate(1.8)
			c.History = []PastRun{{Target: ramp, StartedAt: t0.Add(-20 * time.Minute), EndedAt: t0.Add(-599 * time.Second)}}
			return c
		}, false},
		{"Cooldown_Passed_Matches", rampEntry(), func() Candidate {
			c := rampCandidate(1.8)
			c.History = []PastRun{{Target: ramp, StartedAt: t0.Add(-20 * time.Minute), EndedAt: t0.Add(-600 * time.Second)}}
			return c
		}, true},
		{"Cooldown_OneStillGoing_NoMatch", rampEntry(), func() Candidate {
			c := rampCandidate(1.8)
			c.History = []PastRun{{Target: ramp, StartedAt: t0.Add(-time.Minute)}}
			return c
		}, false},
		{"History_OtherTarget_Ignored", rampEntry(), func() Candidate {
			c := rampCandidate(1.8)
			c.History = []PastRun{{Target: "x", StartedAt: t0.Add(-time.Minute)}}
			return c
		}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ok, why := Matches(c.e, c.c())
			assert.Equal(t, c.ok, ok, why)
			if !ok {
				assert.NotEmpty(t, why)
			}
		})
	}
}

func TestAllowlist_Match_FirstMatchingEntry_OrClosestReason(t *testing.T) {
	l := Allowlist{{Target: "x", Initiators: []Kind{KindRule}}, rampEntry()}
	e, ok, _ := l.Match(rampCandidate(1.8))
	require.True(t, ok)
	assert.Equal(t, ramp, e.Target)
	_, ok, why := l.Match(rampCandidate(9))
	assert.False(t, ok)
	assert.Contains(t, why, "outside")
	_, ok, why = l.Match(Candidate{Target: "nothing", Kind: KindRule, Now: t0})
	assert.False(t, ok)
	assert.Contains(t, why, "No allowlist entry")
}

// A match never lets a value outside [min, max] through, at any step.
func TestAllowlist_Match_ImpliesEveryStepInsideEnvelope(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lo := rapid.Float64Range(-100, 100).Draw(t, "min")
		hi := lo + rapid.Float64Range(0, 100).Draw(t, "width")
		step := rapid.Float64Range(0, 50).Draw(t, "maxStep")
		e := Entry{Target: "t", Initiators: []Kind{KindRule}, Envelope: &Envelope{Arguments: map[string]Range{"x": {Min: lo, Max: hi, MaxStep: step}}}}
		cur := rapid.Float64Range(-200, 200).Draw(t, "current")
		xs := rapid.SliceOfN(rapid.Float64Range(-200, 200), 1, 5).Draw(t, "steps")
		c := Candidate{Target: "t", Kind: KindRule, Current: map[string]float64{"x": cur}, Now: t0}
		for _, x := range xs {
			c.Steps = append(c.Steps, map[string]any{"x": x})
		}
		if ok, _ := Matches(e, c); ok {
			prev := cur
			for _, x := range xs {
				if x < lo || x > hi {
					t.Fatalf("matched with %g outside [%g, %g]", x, lo, hi)
				}
				if step > 0 && x-prev > step+1e-6 || step > 0 && prev-x > step+1e-6 {
					t.Fatalf("matched with a step of %g > %g", x-prev, step)
				}
				prev = x
			}
		}
	})
}

func TestAllowlist_Validate(t *testing.T) {
	good := rampEntry()
	cases := []struct {
		name  string
		l     Allowlist
		field string
	}{
		{"Example_Valid", Allowlist{good}, ""},
		{"NoEnvelope_Valid", Allowlist{{Target: "com.acme.pump.start", Initiators: []Kind{KindRule}}}, ""},
		{"NoTarget_Refused", Allowlist{{Initiators: []Kind{KindRule}}}, "allowlist[0].target"},
		{"NoInitiators_Refused", Allowlist{good, {Target: "x"}}, "allowlist[1].initiators"},
		{"Human_Refused", Allowlist{{Target: "x", Initiators: []Kind{KindHuman}}}, "allowlist[0].initiators"},
		{"RepeatedKind_Refused", Allowlist{{Target: "x", Initiators: []Kind{KindAI, KindAI}}}, "allowlist[0].initiators"},
		{"UnknownKind_Refused", Allowlist{{Target: "x", Initiators: []Kind{"robot"}}}, "allowlist[0].initiators"},
		{"MinAboveMax_Refused", Allowlist{{Target: "x", Initiators: []Kind{KindRule}, Envelope: &Envelope{Arguments: map[string]Range{"a": {Min: 3, Max: 1}}}}}, "allowlist[0].envelope.arguments.a"},
		{"NegativeStep_Refused", Allowlist{{Target: "x", Initiators: []Kind{KindRule}, Envelope: &Envelope{Arguments: map[string]Range{"a": {Min: 1, Max: 3, MaxStep: -1}}}}}, "allowlist[0].envelope.arguments.a.maxStep"},
		{"NegativePerDay_Refused", Allowlist{{Target: "x", Initiators: []Kind{KindRule}, Envelope: &Envelope{MaxPerDay: -1}}}, "allowlist[0].envelope.maxPerDay"},
		{"NegativeCooldown_Refused", Allowlist{{Target: "x", Initiators: []Kind{KindRule}, Envelope: &Envelope{CooldownSec: -1}}}, "allowlist[0].envelope.cooldownSec"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.l.Validate()
			if c.field == "" {
				require.NoError(t, err)
				return
			}
			p := requireProblem(t, err, 400, "invalid-request")
			assert.Equal(t, c.field, p.Field)
		})
	}
	requireProblem(t, make(Allowlist, MaxAllowlistEntries+1).Validate(), 413, "too-large")
}
