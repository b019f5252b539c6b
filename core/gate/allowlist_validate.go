package gate

import (
	"fmt"
	"math"

	"github.com/heart-core/heart-web/core/api"
)

// MaxAllowlistEntries bounds the allowlist a person may set.
const MaxAllowlistEntries = 256

// Validate checks an entry before it is stored (PUT /tending/allowlist):
// a target, initiators among ai, rule and peer (at least one, no repeats), and for each argument a
// finite min <= max, maxStep >= 0; maxPerDay and cooldownSec >= 0. That
// Min and Max are present is the schema's job: here 0 is a value.
func (e Entry) Validate() error {
	if e.Target == "" {
		return api.NewProblem(400, api.CodeInvalidRequest, "An allowlist entry needs a target.").WithField("target")
	}
	if len(e.Initiators) == 0 {
		return api.NewProblem(400, api.CodeInvalidRequest, "An allowlist entry needs at least one initiator.").WithField("initiators")
	}
	seen := map[Kind]bool{}
	for _, k := range e.Initiators {
		// A person needs no allowlist; the schema lists ai, rule and peer.
		if !k.Valid() || k == KindHuman || seen[k] {
			return api.Problemf(400, api.CodeInvalidRequest, "initiators lists ai, rule or peer, each once; %q cannot be listed here.", k).WithField("initiators")
		}
		seen[k] = true
	}
	if e.Envelope == nil {
		return nil
	}
	for name, r := range e.Envelope.Arguments {
		f := "envelope.arguments." + name
		if !finite(r.Min) || !finite(r.Max) || !finite(r.MaxStep) {
			return api.NewProblem(400, api.CodeInvalidRequest, "Envelope bounds must be finite numbers.").WithField(f)
		}
		if r.Min > r.Max {
			return api.Problemf(400, api.CodeInvalidRequest, "For %s, min %g is above max %g.", name, r.Min, r.Max).WithField(f)
		}
		if r.MaxStep < 0 {
			return api.Problemf(400, api.CodeInvalidRequest, "For %s, maxStep cannot be negative.", name).WithField(f + ".maxStep")
		}
	}
	if e.Envelope.MaxPerDay < 0 {
		return api.NewProblem(400, api.CodeInvalidRequest, "maxPerDay cannot be negative.").WithField("envelope.maxPerDay")
	}
	if e.Envelope.CooldownSec < 0 {
		return api.NewProblem(400, api.CodeInvalidRequest, "cooldownSec cannot be negative.").WithField("envelope.cooldownSec")
	}
	return nil
}

// Validate checks every entry and the bound; the field names the entry.
func (l Allowlist) Validate() error {
	if len(l) > MaxAllowlistEntries {
		return api.Problemf(413, api.CodeTooLarge, "The allowlist may hold at most %d entries.", MaxAllowlistEntries)
	}
	for i, e := range l {
		if err := e.Validate(); err != nil {
			if p, ok := err.(*api.Problem); ok {
				p.Field = fmt.Sprintf("allowlist[%d].%s", i, p.Field)
			}
			return err
		}
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
