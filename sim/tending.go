package sim

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
)

func (s *Sim) tendingJSON() map[string]any {
	return map[string]any{"autonomy": map[string]any{"current": s.autonomy.Level(), "mode": s.autonomy.Mode()},
		"stopped": s.autonomy.Stopped(), "rules": len(s.st.Rules), "trials": len(s.st.Trials)}
}

func getTending(c *call) *api.Response { return api.JSON(200, c.s.tendingJSON()) }

func runStop(s *Sim, a gate.Action) (int, any, error) {
	s.autonomy.Stop()
	s.logf("warning", "tending", "Stop pressed by %s: autonomy level 0, no automatic actions.", a.Initiator.Token)
	return 200, s.tendingJSON(), nil
}

func runResume(s *Sim, a gate.Action) (int, any, error) {
	if err := s.autonomy.Resume(s.actor(a)); err != nil {
		return 0, nil, err
	}
	return 200, s.tendingJSON(), nil
}

func checkAutonomy(_ *call, args map[string]any) error {
	if err := only(args, "level"); err != nil {
		return err
	}
	v, ok := num(args["level"])
	if !ok || v != float64(int(v)) {
		return api.NewProblem(400, api.CodeInvalidRequest, "level is a whole number from 0 to 5.").WithField("level")
	}
	if v < 0 || v > gate.MaxLevel {
		return api.NewProblem(422, api.CodeOutOfRange, "level is 0 to 5.").WithField("level")
	}
	return nil
}

// prepAutonomy is putTendingAutonomy's submission. A lowering that the
// Core makes on its own account (its brainless transition, Core §7.8 rule
// 4; no Heart-Serve) is the safe direction and carries risk read, as
// api-operations.md gives every such change, so it runs at once. Asked for
// through /serve, or raising, it keeps the table's risk write.
func prepAutonomy(c *call) (*submission, error) {
	sub, err := simple(checkAutonomy)(c)
	if err != nil {
		return nil, err
	}
	v, _ := num(sub.args["level"])
	if c.tok.Core && c.req.Header.Get("Heart-Serve") != "1" && int(v) < c.s.autonomy.Level() {
		sub.risk = gate.RiskRead
	}
	return sub, nil
}

func runAutonomy(s *Sim, a gate.Action) (int, any, error) {
	v, _ := num(a.Arguments["level"])
	if err := s.autonomy.SetLevel(int(v), s.actor(a)); err != nil {
		return 0, nil, err
	}
	return 200, s.tendingJSON(), nil
}

func getAllowlist(c *call) *api.Response {
	l := c.s.st.Allowlist
	if l == nil {
		l = gate.Allowlist{}
	}
	return api.JSON(200, map[string]any{"allowlist": l})
}

type allowlistBody struct {
	Allowlist gate.Allowlist `json:"allowlist"`
}

func prepAllowlist(c *call) (*submission, error) {
	var b allowlistBody
	if err := api.DecodeStrict(c.req.Body, &b); err != nil {
		return nil, err
	}
	if len(b.Allowlist) > maxAllowlist {
		return nil, api.Problemf(413, api.CodeTooLarge, "The allowlist holds at most %d entries.", maxAllowlist).WithField("allowlist")
	}
	if err := b.Allowlist.Validate(); err != nil {
		return nil, err
	}
	raw, _ := json.Marshal(b)
	var args map[string]any
	_ = json.Unmarshal(raw, &args)
	return &submission{target: c.op.ID, risk: c.op.Risk, args: args}, nil
}

func runAllowlist(s *Sim, a gate.Action) (int, any, error) {
	raw, _ := json.Marshal(a.Arguments)
	var b allowlistBody
	if err := json.Unmarshal(raw, &b); err != nil {
		return 0, nil, api.NewProblem(400, api.CodeInvalidRequest, "The allowlist could not be read.")
	}
	s.st.Allowlist = b.Allowlist
	return 200, map[string]any{"allowlist": s.st.Allowlist}, nil
}

func (s *Sim) rule(id string) *Rule {
	for i := range s.st.Rules {
		if s.st.Rules[i].ID == id {
			return &s.st.Rules[i]
		}
	}
	return nil
}

func getRules(c *call) *api.Response {
	r := c.s.st.Rules
	if r == nil {
		r = []Rule{}
	}
	return api.JSON(200, map[string]any{"rules": r})
}

func getRule(c *call) *api.Response {
	r := c.s.rule(c.p["id"])
	if r == nil {
		return api.Problemf(404, api.CodeNotFound, "No Playbook has id %q.", c.p["id"]).Response()
	}
	return api.JSON(200, r)
}

// presence is the proof of presence a request carries (decisions.md §2).
type presence struct {
	Method string `json:"method"`
	Code   string `json:"code"`
}

// prepPutRule stores a Playbook: PUT /tending/rules/{id} with
// {"rule": {...}, "presence"?: {...}} (rule.schema.json rulePutRequest). Adopting it (status adopted), or adopting
// it for physical changes (adoptedPhysical), needs a person with heart.admin
// and the one-time code from the device's display, accepted once within two
// minutes (HEART Core §4.3; decisions.md §2).
func prepPutRule(c *call) (*submission, error) {
	s := c.s
	var in struct {
		Rule     map[string]any `json:"rule"`
		Presence *presence      `json:"presence,omitempty"`
	}
	if err := api.DecodeStrict(c.req.Body, &in); err != nil {
		return nil, err
	}
	if in.Rule == nil {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, `The body is {"rule": {...}, "presence"?: {...}}.`).WithField("rule")
	}
	body, pr := in.Rule, in.Presence
	if pr != nil && pr.Method != "device-code" {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, `presence is {"method": "device-code", "code": "..."}.`).WithField("presence.method")
	}
	if id, ok := body["id"]; ok && id != c.p["id"] {
		return nil, api.Problemf(400, api.CodeInvalidRequest, "The body's id differs from the path's %q.", c.p["id"]).WithField("id")
	}
	body["id"] = c.p["id"]
	if _, ok := body["when"]; !ok {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "A Playbook needs when.").WithField("when")
	}
	if _, ok := body["then"]; !ok {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "A Playbook needs then.").WithField("then")
	}
	status, _ := body["status"].(string)
	if status == "" {
		status = "proposed"
	}
	if !contains([]string{"proposed", "adopted", "suspended"}, status) {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "status is proposed, adopted or suspended.").WithField("status")
	}
	if o, ok := body["origin"]; !ok {
		body["origin"] = "owner"
	} else if !contains([]string{"vendor", "owner", "learned"}, fmt.Sprint(o)) {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "origin is vendor, owner or learned.").WithField("origin")
	}
	if e, ok := body["enabled"]; !ok {
		body["enabled"] = true
	} else if _, isBool := e.(bool); !isBool {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "enabled is true or false.").WithField("enabled")
	}
	physical, _ := body["adoptedPhysical"].(bool)
	old := s.rule(c.p["id"])
	adopting := (status == "adopted" && (old == nil || old.Status != "adopted")) || (physical && (old == nil || !old.AdoptedPhysical))
	if adopting {
		if c.ini.Kind != gate.KindHuman || !c.tok.Has(gate.ScopeAdmin) {
			return nil, api.NewProblem(403, api.CodeCallerNotAllowed, "Only a person with heart.admin adopts a Playbook, directly at the device.")
		}
		if pr == nil || pr.Code == "" {
			s.showCode()
			return nil, api.NewProblem(403, api.CodePresenceRequired, "Adopting needs the code on the device's display (a new one is shown now).").WithField("presence.code")
		}
		if err := s.presence.Redeem(pr.Code); err != nil {
			return nil, err
		}
		s.display = displayCode{}
	}
	if old == nil && len(s.st.Rules) >= maxRules {
		return nil, api.Problemf(409, api.CodeConflict, "The device holds at most %d Playbooks.", maxRules)
	}
	body["status"] = status
	return &submission{target: c.op.ID, risk: c.op.Risk, args: body}, nil
}

func runPutRule(s *Sim, a gate.Action) (int, any, error) {
	id := a.Arguments["id"].(string)
	status := a.Arguments["status"].(string)
	physical, _ := a.Arguments["adoptedPhysical"].(bool)
	r := s.rule(id)
	created := r == nil
	if created {
		s.st.Rules = appendBounded(s.st.Rules, Rule{ID: id}, maxRules)
		r = &s.st.Rules[len(s.st.Rules)-1]
	}
	if status == "adopted" && r.Status != "adopted" {
		r.AdoptedBy, r.AdoptedAt = s.actor(a).Name, s.now()
	}
	r.Status, r.AdoptedPhysical, r.Body = status, physical, a.Arguments
	r.Revision++
	s.rhythm(RhythmEntry{Kind: "playbook", Summary: "Playbook " + id + " " + status, Data: map[string]any{"id": id, "adoptedPhysical": physical}})
	if created {
		return 201, r, nil
	}
	return 200, r, nil
}

func checkRuleExists(c *call, args map[string]any) error {
	if c.s.rule(c.p["id"]) == nil {
		return api.Problemf(404, api.CodeNotFound, "No Playbook has id %q.", c.p["id"])
	}
	return only(args, "id", "reason")
}

func runDeleteRule(s *Sim, a gate.Action) (int, any, error) {
	for i, r := range s.st.Rules {
		if r.ID == a.Arguments["id"] {
			s.st.Rules = append(s.st.Rules[:i:i], s.st.Rules[i+1:]...)
			return 200, map[string]any{"deleted": r.ID}, nil
		}
	}
	return 0, nil, api.NewProblem(404, api.CodeNotFound, "The Playbook is gone.")
}

func runSuspendRule(s *Sim, a gate.Action) (int, any, error) {
	r := s.rule(a.Arguments["id"].(string))
	if r == nil {
		return 0, nil, api.NewProblem(404, api.CodeNotFound, "The Playbook is gone.")
	}
	r.Status = "suspended"
	r.Revision++
	if why, ok := a.Arguments["reason"].(string); ok {
		r.Body["suspendedReason"] = why
	}
	return 200, r, nil
}

// displayCode is the one-time code on the device's display.
type displayCode struct {
	Code     string    `json:"code"`
	IssuedAt time.Time `json:"issuedAt"`
}

// showCode shows a fresh code unless the one on the display is under a
// minute old, logs it (the simulator's display is also its log) and returns it.
func (s *Sim) showCode() displayCode {
	if s.display.Code == "" || s.now().Sub(s.display.IssuedAt) >= time.Minute {
		s.display = displayCode{Code: s.presence.Issue(), IssuedAt: s.now()}
		s.logf("info", "display", "Presence code %s (valid 2 minutes, once).", s.display.Code)
	}
	return s.display
}

// postRhythmEntry records an entry the Core posts (its decisions). It is a
// record, not an act, so it does not wait at the gate.
type rhythmBody struct {
	Kind     string         `json:"kind"`
	Summary  string         `json:"summary"`
	ActionID string         `json:"actionId,omitempty"`
	AlertID  string         `json:"alertId,omitempty"`
	Data     map[string]any `json:"data,omitempty"`
}

func postRhythm(c *call) *api.Response {
	var b rhythmBody
	if err := api.DecodeStrict(c.req.Body, &b); err != nil {
		return api.ErrorResponse(err)
	}
	if b.Kind == "" || len(b.Kind) > 64 {
		return api.NewProblem(400, api.CodeInvalidRequest, "kind is a text of 1 to 64 characters.").WithField("kind").Response()
	}
	if b.Summary == "" || len(b.Summary) > 1000 {
		return api.NewProblem(400, api.CodeInvalidRequest, "summary is a text of 1 to 1000 characters.").WithField("summary").Response()
	}
	e := c.s.rhythm(RhythmEntry{Kind: b.Kind, Summary: b.Summary, Source: "core", ActionID: b.ActionID, AlertID: b.AlertID, Data: b.Data})
	return api.JSON(201, e)
}
