package brain

import (
	"slices"
	"time"
	"unicode/utf8"

	"github.com/heart-core/heart-web/core/api"
)

// The lease's wire shape (schemas/1.0/lease.schema.json). It is written
// here rather than taken from core/schema so that core.wasm does not link
// the generated types (about 0.7 MB, the Valve's choice too); a test checks
// that Parse accepts exactly what the schema does.

// MaxLevelBrainless is the highest autonomy level a system reaches
// without a brain (decisions.md §3; rule 4): the brainless transition
// lowers autonomy to it.
const MaxLevelBrainless = 4

// Use is one thing a brain may be consulted for.
type Use string

// Uses is the schema's enum of leaseUse.
var Uses = []Use{"explain", "serve", "propose", "plan", "chat"}

// Lease is the switch for a brain (§7.8).
type Lease struct {
	ID        string    `json:"id"`
	Model     string    `json:"model"`
	Uses      []Use     `json:"uses"`
	IssuedAt  time.Time `json:"issuedAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	Offline   *Offline  `json:"offline,omitempty"`
}

// Offline is auto mode's block (rule 8): at most MaxSec after the link is
// lost, with uses that narrow by StepDown.
type Offline struct {
	MaxSec   int        `json:"maxSec"`
	StepDown []StepDown `json:"stepDown,omitempty"`
}

// StepDown: from AfterSec after the loss, only Uses remain.
type StepDown struct {
	AfterSec int   `json:"afterSec"`
	Uses     []Use `json:"uses"`
}

// maxIDRunes is the schema's maxLength of a lease id.
const maxIDRunes = 200

// ParseLeasePut reads the body of PUT /heart/v1/brain/lease,
// {"lease": {...}}: a 400 invalid-request problem naming the field, or
// the lease.
func ParseLeasePut(body []byte) (Lease, error) {
	var in struct {
		Lease *struct {
			ID        *string    `json:"id"`
			Model     *string    `json:"model"`
			Uses      []Use      `json:"uses"`
			IssuedAt  *time.Time `json:"issuedAt"`
			ExpiresAt *time.Time `json:"expiresAt"`
			Offline   *struct {
				MaxSec   *int `json:"maxSec"`
				StepDown []struct {
					AfterSec *int  `json:"afterSec"`
					Uses     []Use `json:"uses"`
				} `json:"stepDown"`
			} `json:"offline"`
		} `json:"lease"`
	}
	if err := api.DecodeStrict(body, &in); err != nil {
		return Lease{}, err
	}
	bad := func(field, msg string) (Lease, error) {
		return Lease{}, api.NewProblem(400, api.CodeInvalidRequest, msg).WithField(field)
	}
	l := in.Lease
	switch {
	case l == nil:
		return bad("lease", "The body needs a lease: {\"lease\": {...}}.")
	case l.ID == nil || *l.ID == "" || utf8.RuneCountInString(*l.ID) > maxIDRunes:
		return bad("lease.id", "A lease needs an id of 1 to 200 characters.")
	case l.Model == nil || *l.Model == "":
		return bad("lease.model", "A lease names its model.")
	case l.IssuedAt == nil:
		return bad("lease.issuedAt", "A lease needs issuedAt, a date-time.")
	case l.ExpiresAt == nil:
		return bad("lease.expiresAt", "A lease needs expiresAt, a date-time.")
	case len(l.Uses) == 0:
		return bad("lease.uses", "A lease names at least one use.")
	}
	if err := checkUses("lease.uses", l.Uses); err != nil {
		return Lease{}, err
	}
	out := Lease{ID: *l.ID, Model: *l.Model, Uses: l.Uses, IssuedAt: *l.IssuedAt, ExpiresAt: *l.ExpiresAt}
	if o := l.Offline; o != nil {
		if o.MaxSec == nil || *o.MaxSec < 1 {
			return bad("lease.offline.maxSec", "Auto mode's maxSec is a whole number of seconds, at least 1.")
		}
		out.Offline = &Offline{MaxSec: *o.MaxSec}
		for _, s := range o.StepDown {
			if s.AfterSec == nil || *s.AfterSec < 0 {
				return bad("lease.offline.stepDown.afterSec", "A step down's afterSec is a whole number of seconds, 0 or more.")
			}
			if s.Uses == nil {
				return bad("lease.offline.stepDown.uses", "A step down names the uses that remain (a list, perhaps empty).")
			}
			if err := checkUses("lease.offline.stepDown.uses", s.Uses); err != nil {
				return Lease{}, err
			}
			out.Offline.StepDown = append(out.Offline.StepDown, StepDown{AfterSec: *s.AfterSec, Uses: s.Uses})
		}
	}
	return out, nil
}

// checkUses: every use is one of Uses, each at most once.
func checkUses(field string, uses []Use) error {
	seen := map[Use]bool{}
	for _, u := range uses {
		if !slices.Contains(Uses, u) {
			return api.Problemf(400, api.CodeInvalidRequest, "%q is no use of a lease (explain, serve, propose, plan, chat).", u).WithField(field)
		}
		if seen[u] {
			return api.Problemf(400, api.CodeInvalidRequest, "%q is named twice.", u).WithField(field)
		}
		seen[u] = true
	}
	return nil
}
