package schema

import (
	"encoding/json"
	"fmt"
)

// Checks the schemas make that go-jsonschema v0.24.1 does not generate code
// for: anyOf (generated as no check, or as interface{}) and uniqueItems. Each
// mirrors one keyword of one schema; the differential test in tests/schemas
// holds them to santhosh-tekuri on every example document.

// undoIf: "anyOf": [{"required": ["any"]}, {"required": ["newAlert"]}].
func (u *UndoIf) checkExtra() error {
	if u.Any == nil && u.NewAlert == nil {
		return &fieldError{Msg: "undoIf needs any, newAlert or both"}
	}
	return nil
}

// digestInput: arguments, or plan with restore.
func (d *DigestInput) checkExtra() error {
	if d.Arguments == nil && (d.Plan == nil || d.Restore == nil) {
		return &fieldError{Msg: "a digest input needs arguments, or plan and restore"}
	}
	return nil
}

// api-index operation: phrases absent or empty when serve is false.
func (o *Operation) checkExtra() error {
	if !o.Serve && len(o.Phrases) > 0 {
		return &fieldError{Field: "phrases", Msg: "an operation that is not a serve target has no phrases"}
	}
	return nil
}

// trial: it came from a Proposal or a Playbook.
func (t *Trial) checkExtra() error {
	if t.ProposalID == nil && t.RuleID == nil {
		return &fieldError{Msg: "a Trial needs proposalId or ruleId"}
	}
	return nil
}

// rule then: run a capability, raise an alert, or both.
func (t *Then) checkExtra() error {
	if t.Capability == nil && t.Raise == nil {
		return &fieldError{Msg: "then needs capability, raise or both"}
	}
	return nil
}

// rule when: a check, or an event trigger (never a mix: both are closed).
func (r *Rule) checkExtra() error {
	var c Check
	if decodeStrict(r.When, &c) == nil {
		r.When = c
		return nil
	}
	var e EventTrigger
	if decodeStrict(r.When, &e) == nil {
		r.When = e
		return nil
	}
	return &fieldError{Field: "when", Msg: "when must be a check {signal, op, value} or an event trigger {event}"}
}

// WhenCheck returns the rule's trigger when it is a check on a signal.
func (r *Rule) WhenCheck() (Check, bool) { c, ok := r.When.(Check); return c, ok }

// WhenEvent returns the rule's trigger when it is an event trigger.
func (r *Rule) WhenEvent() (EventTrigger, bool) { e, ok := r.When.(EventTrigger); return e, ok }

// understanding case expect.outcome: one outcome or a non-empty list of
// distinct ones. Normalised to []Outcome after Decode.
func (e *CaseExpect) checkExtra() error {
	list, err := outcomeList(e.Outcome)
	if err != nil {
		return &fieldError{Field: "outcome", Msg: err.Error()}
	}
	e.Outcome = list
	return nil
}

// AcceptedOutcomes lists the outcomes the case accepts.
func (e *CaseExpect) AcceptedOutcomes() []Outcome {
	list, _ := outcomeList(e.Outcome)
	return list
}

func outcomeList(v any) ([]Outcome, error) {
	switch x := v.(type) {
	case []Outcome:
		return x, nil
	case string:
		var o Outcome
		if err := o.UnmarshalJSON(mustJSON(x)); err != nil {
			return nil, err
		}
		return []Outcome{o}, nil
	case []any:
		if len(x) == 0 {
			return nil, fmt.Errorf("the list of outcomes is empty")
		}
		out := make([]Outcome, 0, len(x))
		for _, el := range x {
			s, ok := el.(string)
			if !ok {
				return nil, fmt.Errorf("an outcome must be a string")
			}
			var o Outcome
			if err := o.UnmarshalJSON(mustJSON(s)); err != nil {
				return nil, err
			}
			out = append(out, o)
		}
		if err := unique(out); err != nil {
			return nil, err
		}
		return out, nil
	}
	return nil, fmt.Errorf("outcome must be a string or a list of strings")
}

func mustJSON(s string) []byte { b, _ := json.Marshal(s); return b }

// uniqueItems.
func (a *AllowlistEntry) checkExtra() error  { return uniqueAt("initiators", a.Initiators) }
func (c *Card) checkExtra() error            { return uniqueAt("modules", c.Modules) }
func (d *Definition) checkExtra() error      { return uniqueAt("callers", d.Callers) }
func (l *Lease) checkExtra() error           { return uniqueAt("uses", l.Uses) }
func (s *StepDown) checkExtra() error        { return uniqueAt("uses", s.Uses) }
func (a *ArgumentsSchema) checkExtra() error { return uniqueAt("required", a.Required) }

func uniqueAt[T comparable](field string, list []T) error {
	if err := unique(list); err != nil {
		return &fieldError{Field: field, Msg: err.Error()}
	}
	return nil
}

func unique[T comparable](list []T) error {
	seen := make(map[T]bool, len(list))
	for _, v := range list {
		if seen[v] {
			return fmt.Errorf("%v appears twice", v)
		}
		seen[v] = true
	}
	return nil
}

// serve response: needs-clarification says what is needed (question),
// refused says why (reason), §6.
func (s *ServeResponse) checkExtra() error {
	switch {
	case s.Outcome == OutcomeNeedsClarification && s.Question == nil:
		return &fieldError{Field: "question", Msg: "a needs-clarification answer says what is needed in question"}
	case s.Outcome == OutcomeRefused && s.Reason == nil:
		return &fieldError{Field: "reason", Msg: "a refused answer says why in reason"}
	}
	return nil
}
