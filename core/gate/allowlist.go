package gate

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"
)

// Range bounds one argument in an envelope (Core §7.4). Min and Max are both
// required. MaxStep is the largest change in one step; 0 means the envelope
// sets no step limit.
type Range struct {
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	MaxStep float64 `json:"maxStep,omitempty"`
}

// Envelope narrows an allowlist entry to safe values (Core §7.4,
// common changeEnvelope). MaxPerDay 0 and CooldownSec 0 set no limit.
type Envelope struct {
	Arguments   map[string]Range `json:"arguments,omitempty"`
	MaxPerDay   int              `json:"maxPerDay,omitempty"`
	CooldownSec int              `json:"cooldownSec,omitempty"`
}

// Entry is one allowlist entry: what may run without a person, for whom, and
// how far. Target is matched exactly (an operationId or a definition's full
// name): a short name could widen an entry to targets the person never meant.
type Entry struct {
	Target     string    `json:"target"`
	Initiators []Kind    `json:"initiators"`
	Envelope   *Envelope `json:"envelope,omitempty"`
}

// PastRun is one earlier automatic run (a Trial, or an Action the allowlist let
// run) on a target, for maxPerDay and cooldownSec. EndedAt is zero while it
// is still going.
type PastRun struct {
	Target    string
	StartedAt time.Time
	EndedAt   time.Time
}

// Candidate is an Action asking to run through the allowlist. Steps are the
// arguments of each step in order (one for a plain Action); Current the
// current value of each argument it changes, read by the device or the Core,
// never taken from the sender (Core §7.5 rule 1).
type Candidate struct {
	Target  string
	Kind    Kind
	Steps   []map[string]any
	Current map[string]float64
	History []PastRun
	Now     time.Time
}

// Matches applies Core §7.4 rule 2: the entry names the target, the kind is
// among its initiators, every argument any step changes is named in the
// envelope and stays inside min/max at every step, each step is within
// maxStep of the value before it (the current value for the first), and
// maxPerDay (rolling 24 h) and cooldownSec hold over the history. Anything
// it cannot establish fails closed. why says, in plain language, what failed.
// Matches does not apply rule 3 (ai needs level 5) or rule 4 (physical needs
// a person): Decide does.
func Matches(e Entry, c Candidate) (ok bool, why string) {
	if e.Target != c.Target {
		return false, "The allowlist entry is for " + e.Target + "."
	}
	if !hasKind(e.Initiators, c.Kind) {
		return false, "The allowlist entry for " + e.Target + " is not for " + string(c.Kind) + "."
	}
	var env Envelope
	if e.Envelope != nil {
		env = *e.Envelope
	}
	prev := map[string]float64{}
	for name, v := range c.Current {
		prev[name] = v
	}
	for i, step := range c.Steps {
		for _, name := range slices.Sorted(maps.Keys(step)) {
			r, named := env.Arguments[name]
			if !named {
				return false, fmt.Sprintf("The envelope does not name %s, so it may not change automatically.", name)
			}
			x, isNum := number(step[name])
			if !isNum {
				return false, fmt.Sprintf("%s is not a number the envelope can bound.", name)
			}
			if x < r.Min || x > r.Max {
				return false, fmt.Sprintf("Step %d sets %s to %g, outside the envelope's %g to %g.", i+1, name, x, r.Min, r.Max)
			}
			if r.MaxStep > 0 {
				p, known := prev[name]
				if !known {
					return false, fmt.Sprintf("The current value of %s is not known, so the step size cannot be checked.", name)
				}
				if math.Abs(x-p) > r.MaxStep+1e-9 {
					return false, fmt.Sprintf("Step %d changes %s by %g, more than the envelope's step of %g.", i+1, name, math.Abs(x-p), r.MaxStep)
				}
			}
			prev[name] = x
		}
	}
	dayAgo := c.Now.Add(-24 * time.Hour)
	runs := 0
	for _, h := range c.History {
		if h.Target != c.Target {
			continue
		}
		if h.StartedAt.After(dayAgo) {
			runs++
		}
		if env.CooldownSec > 0 {
			if h.EndedAt.IsZero() {
				return false, "An automatic change on " + c.Target + " is still going."
			}
			if c.Now.Sub(h.EndedAt) < time.Duration(env.CooldownSec)*time.Second {
				return false, fmt.Sprintf("The last automatic change on %s ended less than %d s ago.", c.Target, env.CooldownSec)
			}
		}
	}
	if env.MaxPerDay > 0 && runs >= env.MaxPerDay {
		return false, fmt.Sprintf("%s already changed automatically %d times in the last 24 hours.", c.Target, runs)
	}
	return true, ""
}

// Allowlist is the device's list of entries (Tending control, allowlist).
type Allowlist []Entry

// Match returns the first entry matching c. why is the reason of the entry
// for c's target that came closest, or that there is none.
func (l Allowlist) Match(c Candidate) (Entry, bool, string) {
	why := "No allowlist entry names " + c.Target + "."
	for _, e := range l {
		ok, w := Matches(e, c)
		if ok {
			return e, true, ""
		}
		if e.Target == c.Target {
			why = w
		}
	}
	return Entry{}, false, why
}

func hasKind(ks []Kind, k Kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// number reads a JSON number however it was decoded.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}
