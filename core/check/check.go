// Package check is the check of HEART Core §7.3 (common.schema.json "check")
// and decisions.md §3: a signal, a statistic of it (§7.2), an operator and a
// number. Proposals use checks for expect and undoIf, custom definitions for
// guards, and learned Playbooks (§7.6 rule 2) for their trigger.
package check

import (
	"math"

	"github.com/heart-core/heart-web/core/api"
)

// Operators a check may use (§7.3).
const (
	OpLT = "<"
	OpLE = "<="
	OpGT = ">"
	OpGE = ">="
	OpEQ = "=="
	OpNE = "!="
)

// FeatureValue is the statistic a check reads when it names none.
const FeatureValue = "value"

// Features are the statistics of §7.2; one list is used everywhere.
var Features = []string{"value", "min", "max", "mean", "stddev", "trend", "overshoot", "count"}

// Check is one condition on a statistic of a signal.
// WindowSec says how far back the statistic looks; WithinSec says by when an
// expect check must hold, or how long an undoIf check is watched (§7.3).
type Check struct {
	Signal    string  `json:"signal"`
	Feature   string  `json:"feature,omitempty"`
	Op        string  `json:"op"`
	Value     float64 `json:"value"`
	WindowSec int     `json:"windowSec,omitempty"`
	WithinSec int     `json:"withinSec,omitempty"`
}

// FeatureOrDefault is the statistic the check reads: Feature, or "value".
func (c Check) FeatureOrDefault() string {
	if c.Feature == "" {
		return FeatureValue
	}
	return c.Feature
}

// Validate says whether the check is well formed. A check that cannot be
// read for certain must never be trusted, so anything unknown is refused
// with 400 invalid-request naming the member.
func (c Check) Validate() error {
	if c.Signal == "" {
		return api.NewProblem(400, api.CodeInvalidRequest, "A check needs a signal.").WithField("signal")
	}
	if !knownFeature(c.FeatureOrDefault()) {
		return api.Problemf(400, api.CodeInvalidRequest, "A check's feature must be one of value, min, max, mean, stddev, trend, overshoot, count; %q is not.", c.Feature).WithField("feature")
	}
	switch c.Op {
	case OpLT, OpLE, OpGT, OpGE, OpEQ, OpNE:
	default:
		return api.Problemf(400, api.CodeInvalidRequest, "A check's op must be one of <, <=, >, >=, ==, !=; %q is not.", c.Op).WithField("op")
	}
	if math.IsNaN(c.Value) || math.IsInf(c.Value, 0) {
		return api.NewProblem(400, api.CodeInvalidRequest, "A check's value must be a finite number.").WithField("value")
	}
	if c.WindowSec < 0 {
		return api.NewProblem(400, api.CodeInvalidRequest, "A check's windowSec cannot be negative.").WithField("windowSec")
	}
	if c.WithinSec < 0 {
		return api.NewProblem(400, api.CodeInvalidRequest, "A check's withinSec cannot be negative.").WithField("withinSec")
	}
	return nil
}

func knownFeature(f string) bool {
	for _, k := range Features {
		if k == f {
			return true
		}
	}
	return false
}

// Holds says whether x satisfies the check. NaN never holds, and an unknown
// operator never holds: callers that act on a check fail closed.
func (c Check) Holds(x float64) bool {
	if math.IsNaN(x) {
		return false
	}
	switch c.Op {
	case OpLT:
		return x < c.Value
	case OpLE:
		return x <= c.Value
	case OpGT:
		return x > c.Value
	case OpGE:
		return x >= c.Value
	case OpEQ:
		return x == c.Value
	case OpNE:
		return x != c.Value
	}
	return false
}

// Opposite is the trigger of a learned Playbook (§7.6 rule 2): a fix expected
// to bring a statistic below v runs again when it reaches v. ok is false for
// == and != (and unknown operators): such a check cannot be learned.
func (c Check) Opposite() (Check, bool) {
	o := c
	switch c.Op {
	case OpLT:
		o.Op = OpGE
	case OpLE:
		o.Op = OpGT
	case OpGT:
		o.Op = OpLE
	case OpGE:
		o.Op = OpLT
	default:
		return Check{}, false
	}
	return o, true
}
