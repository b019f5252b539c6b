package gate

import (
	"strings"

	"github.com/heart-core/heart-web/core/api"
)

// Headers the Core sends on calls it makes for someone (decisions.md §1).
const (
	HeaderInitiator  = "Heart-Initiator"
	HeaderOnBehalfOf = "Heart-On-Behalf-Of"
	HeaderRuleID     = "Heart-Rule-Id"
)

// Initiator is who an Action is from: its kind, the token that sent it and,
// for Playbooks, the rule. OnBehalfOf (the caller the Core acts for) is kept
// here for convenience but marshalled at the Action's top level, as
// docs/data-shapes.md has it.
type Initiator struct {
	Kind       Kind   `json:"kind"`
	Token      string `json:"token"`
	RuleID     string `json:"ruleId,omitempty"`
	OnBehalfOf string `json:"-"`
}

// ResolveInitiator works out who a call is from. By default it is the
// caller's own kind and name. Heart-Initiator, Heart-On-Behalf-Of and
// Heart-Rule-Id are trusted only from a Core token; from any other token
// they are ignored and note says so, for the device to record (a brain or a
// person must not pass itself off as something else). From a Core token,
// Heart-Initiator may only be ai or rule: the Core never speaks as a human
// or a peer, so any other value is ignored (and noted) and the call stays ai.
func ResolveInitiator(caller Token, headers api.Header) (Initiator, string) {
	ini := Initiator{Kind: caller.Kind, Token: caller.Name}
	hi := strings.TrimSpace(headers.Get(HeaderInitiator))
	hb := strings.TrimSpace(headers.Get(HeaderOnBehalfOf))
	hr := strings.TrimSpace(headers.Get(HeaderRuleID))
	if !caller.Core {
		var sent []string
		for _, h := range []struct{ name, v string }{{HeaderInitiator, hi}, {HeaderOnBehalfOf, hb}, {HeaderRuleID, hr}} {
			if h.v != "" {
				sent = append(sent, h.name)
			}
		}
		if len(sent) == 0 {
			return ini, ""
		}
		return ini, "Ignored " + strings.Join(sent, ", ") + " from token " + caller.Name + ": only the Core's token may set them."
	}
	var notes []string
	switch Kind(hi) {
	case "":
	case KindAI, KindRule:
		ini.Kind = Kind(hi)
	default:
		notes = append(notes, "Ignored "+HeaderInitiator+" "+quote(hi)+": the Core speaks only as ai or rule.")
	}
	ini.OnBehalfOf = hb
	if hr != "" {
		if ini.Kind == KindRule {
			ini.RuleID = hr
		} else {
			notes = append(notes, "Ignored "+HeaderRuleID+": it goes with "+HeaderInitiator+": rule.")
		}
	}
	if ini.Kind == KindRule && ini.RuleID == "" {
		notes = append(notes, "A rule call came without "+HeaderRuleID+".")
	}
	return ini, strings.Join(notes, " ")
}

func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return "\"" + s + "\""
}

// CheckScope says whether a call may use a target needing scope: the caller
// must hold it and, when the call is made on behalf of someone, so must that
// someone (decisions.md §2). An unknown on-behalf-of name is refused: the
// Core may not lend its scopes to a caller the device does not know.
func (ts *Tokens) CheckScope(caller Token, ini Initiator, scope string) error {
	if !caller.Has(scope) {
		return api.Problemf(403, api.CodeCallerNotAllowed, "Token %s does not hold %s.", caller.Name, scope)
	}
	if ini.OnBehalfOf == "" {
		return nil
	}
	who, ok := ts.ByName(ini.OnBehalfOf)
	if !ok {
		return api.Problemf(403, api.CodeCallerNotAllowed, "The caller %q this call is made for is not known to the device.", ini.OnBehalfOf)
	}
	if !who.Has(scope) {
		return api.Problemf(403, api.CodeCallerNotAllowed, "%s does not hold %s, so it cannot be done on their behalf.", who.Name, scope)
	}
	return nil
}
