package valve

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/heart-core/heart-web/core/api"
)

// Parse reads the body of PUT /heart/v1/valve: strictly (api.DecodeStrict
// refuses unknown members, trailing data and an empty body), with rules
// and each rule's allow required, then Validate. Every failure is an
// *api.Problem naming the field.
func Parse(body []byte) (Document, error) {
	var in struct {
		Rules *[]struct {
			Data        string  `json:"data"`
			Privacy     *string `json:"privacy"`
			Destination string  `json:"destination"`
			Allow       *bool   `json:"allow"`
		} `json:"rules"`
	}
	if err := api.DecodeStrict(body, &in); err != nil {
		return Document{}, err
	}
	if in.Rules == nil {
		return Document{}, noRules()
	}
	if err := checkCount(len(*in.Rules)); err != nil {
		return Document{}, err
	}
	d := Document{Rules: make([]Rule, 0, len(*in.Rules))}
	for i, r := range *in.Rules {
		rule := Rule{Data: r.Data, Destination: r.Destination}
		if r.Privacy != nil {
			if *r.Privacy == "" {
				return Document{}, badPrivacy(i, "")
			}
			rule.Privacy = *r.Privacy
		}
		if err := checkRule(i, rule); err != nil {
			return Document{}, err
		}
		if r.Allow == nil {
			return Document{}, api.Problemf(400, api.CodeInvalidRequest, "rules[%d] needs allow: true or false.", i).WithField(field(i, "allow"))
		}
		rule.Allow = *r.Allow
		d.Rules = append(d.Rules, rule)
	}
	return d, Validate(d)
}

// Validate checks a Valve document: at most MaxRules rules; each with data
// and destination of 1 to MaxRuleRunes characters, privacy absent or one
// of Levels; no two rules with the same data, privacy and destination (so
// the most specific rule is always one); and no rule that allows
// never-share data (422: such data may not leave the system at all).
func Validate(d Document) error {
	if d.Rules == nil {
		return noRules()
	}
	if err := checkCount(len(d.Rules)); err != nil {
		return err
	}
	for i, r := range d.Rules {
		if err := checkRule(i, r); err != nil {
			return err
		}
		for j, earlier := range d.Rules[:i] {
			if earlier.Data == r.Data && earlier.Privacy == r.Privacy && earlier.Destination == r.Destination {
				return api.Problemf(400, api.CodeInvalidRequest, "rules[%d] has the same data, privacy and destination as rules[%d]; each may appear once, so that which rule applies is never in doubt.", i, j).WithField(fmt.Sprintf("rules[%d]", i))
			}
		}
		if r.Privacy == NeverShare && r.Allow {
			return api.Problemf(422, api.CodeInvalidRequest, "rules[%d] allows never-share data to leave; never-share data may not leave the system, whatever the rules say.", i).WithField(field(i, "allow"))
		}
	}
	return nil
}

func noRules() *api.Problem {
	return api.NewProblem(400, api.CodeInvalidRequest, "The Valve needs rules: a list of rules, empty for none (then nothing leaves).").WithField("rules")
}

func checkCount(n int) error {
	if n > MaxRules {
		return api.Problemf(400, api.CodeInvalidRequest, "The Valve holds at most %d rules; this one has %d.", MaxRules, n).WithField("rules")
	}
	return nil
}

// checkRule checks one rule's members, allow aside.
func checkRule(i int, r Rule) error {
	for _, m := range []struct{ name, value string }{{"data", r.Data}, {"destination", r.Destination}} {
		if strings.TrimSpace(m.value) == "" {
			return api.Problemf(400, api.CodeInvalidRequest, "rules[%d] needs %s: a name, or * for any.", i, m.name).WithField(field(i, m.name))
		}
		if n := utf8.RuneCountInString(m.value); n > MaxRuleRunes {
			return api.Problemf(400, api.CodeInvalidRequest, "rules[%d].%s has %d characters; at most %d are accepted.", i, m.name, n, MaxRuleRunes).WithField(field(i, m.name))
		}
	}
	if r.Privacy != "" && !slices.Contains(Levels, r.Privacy) {
		return badPrivacy(i, r.Privacy)
	}
	return nil
}

func badPrivacy(i int, got string) *api.Problem {
	return api.Problemf(400, api.CodeInvalidRequest, "rules[%d].privacy is %q; it is one of %s, or left out for data at any level.", i, got, strings.Join(Levels, ", ")).WithField(field(i, "privacy"))
}

func field(i int, member string) string { return fmt.Sprintf("rules[%d].%s", i, member) }
