package gate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/gowebpki/jcs"
	"github.com/heart-core/heart-web/core/api"
)

// PlanStep is one step of a Trial's plan (Core §7.3 steps, §7.5 rule 2).
type PlanStep struct {
	Arguments map[string]any `json:"arguments"`
	WaitSec   int            `json:"waitSec"`
}

// DigestInput is what an approval covers (common $defs/digestInput;
// decisions.md §3): the target and its arguments, or for a Trial's first
// Action the whole plan and the values the undo restores; plus the
// initiator kind and the caller acted for. Empty members are omitted, except
// that without a plan "arguments" is always there ({} for none), as the
// schema requires; Digest fills it in, so nil and {} digest alike.
type DigestInput struct {
	Target     string         `json:"target"`
	Arguments  map[string]any `json:"arguments,omitzero"`
	Plan       []PlanStep     `json:"plan,omitempty"`
	Restore    map[string]any `json:"restore,omitzero"`
	Initiator  string         `json:"initiator,omitempty"`
	OnBehalfOf string         `json:"onBehalfOf,omitempty"`
}

// Digest is the hex SHA-256 of the RFC 8785 (JCS) canonical JSON of in, so
// the same request digests the same wherever it is computed, whatever the
// key order or number spelling (40 and 40.0 are one number).
func Digest(in DigestInput) (string, error) {
	c, err := canonical(in.normal())
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(c)
	return hex.EncodeToString(sum[:]), nil
}

// normal is in as it is shown and hashed: arguments {} rather than absent
// when there is no plan, and no arguments beside a plan.
func (in DigestInput) normal() DigestInput {
	if len(in.Plan) == 0 && in.Arguments == nil {
		in.Arguments = map[string]any{}
	}
	if len(in.Plan) > 0 {
		in.Arguments = nil
		if in.Restore == nil {
			in.Restore = map[string]any{}
		}
	}
	return in
}

// canonical is the JCS form of v. A value JSON cannot carry (NaN, a channel)
// is a 400: it cannot be approved because it cannot be shown.
func canonical(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, api.Problemf(400, api.CodeInvalidRequest, "The request cannot be written as JSON: %v", err)
	}
	c, err := jcs.Transform(raw)
	if err != nil {
		return nil, api.Problemf(400, api.CodeInvalidRequest, "The request cannot be made canonical: %v", err)
	}
	return c, nil
}

// sameJSON says whether a and b are the same JSON value (canonically).
func sameJSON(a, b any) bool {
	ca, err1 := canonical(a)
	cb, err2 := canonical(b)
	return err1 == nil && err2 == nil && string(ca) == string(cb)
}
