package gate

import (
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/check"
)

// Reader reads a statistic of a signal now (Core §7.2); ok is false when it
// cannot be read.
type Reader func(signal, feature string) (float64, bool)

// CheckGuards evaluates a definition's guards before a step or an undo
// (decisions.md §3; Core §7.5 rule 3). Every guard must hold. A guard that
// is malformed or cannot be read fails closed: 422 guard-failed naming it.
func CheckGuards(guards []check.Check, read Reader) error {
	for _, g := range guards {
		if err := g.Validate(); err != nil {
			return api.Problemf(422, api.CodeGuardFailed, "Guard on %s is not a valid check, so it cannot be passed.", g.Signal)
		}
		x, ok := read(g.Signal, g.FeatureOrDefault())
		if !ok {
			return api.Problemf(422, api.CodeGuardFailed, "Guard %s %s %s %g cannot be read now, so the step does not run.", g.Signal, g.FeatureOrDefault(), g.Op, g.Value)
		}
		if !g.Holds(x) {
			return api.Problemf(422, api.CodeGuardFailed, "Guard %s %s %g does not hold: %s is %g.", g.Signal, g.Op, g.Value, g.Signal, x)
		}
	}
	return nil
}
