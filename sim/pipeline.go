package sim

import (
	"context"
	"encoding/json"
	"math"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
)

// routes registers every device operation on the router, each wrapped in
// the pipeline: auth, initiator, scope, then direct or gated.
func (s *Sim) routes() {
	s.ops = map[string]*op{}
	for _, o := range parseOpTable() {
		s.ops[o.ID] = o
	}
	s.bindHandlers()
	for _, o := range s.ops {
		o := o
		if o.direct == nil && (o.prep == nil || o.run == nil) {
			panic("sim: operation " + o.ID + " has no handler") // a table row without code is a bug here
		}
		s.router.Handle(o.Method, o.Path, o.ID, func(ctx context.Context, req *api.Request, p api.Params) *api.Response {
			return s.pipeline(ctx, req, p, o)
		})
	}
}

// pipeline is decisions.md §1–§3 for one call on the device.
func (s *Sim) pipeline(ctx context.Context, req *api.Request, p api.Params, o *op) *api.Response {
	bearer := req.Bearer()
	if bearer == "" {
		return api.NewProblem(401, api.CodeUnauthorized, "This call needs a token: send Authorization: Bearer <token>.").Response()
	}
	tok, ok := s.tokens.Lookup(bearer)
	if !ok {
		return api.NewProblem(401, api.CodeUnauthorized, "The token is not known to this device.").Response()
	}
	c := &call{s: s, ctx: ctx, req: req, p: p, op: o, tok: tok}
	c.ini, c.note = gate.ResolveInitiator(tok, req.Header)
	if c.note != "" {
		s.logf("warning", "gate", "%s (%s %s)", c.note, req.Method, req.Path)
		s.rhythm(RhythmEntry{Kind: "initiator-ignored", Summary: c.note, Data: map[string]any{"token": tok.Name, "operation": o.ID}})
	}
	// invoke's scope depends on the capability (a read one needs only
	// heart.read); gatedOnce checks it once the target is known. Any known
	// token may ask /whoami about itself: the Core identifies every caller
	// through it, the brain's token (heart.propose, heart.brain) included.
	if o.ID != "postCapabilityInvoke" && o.ID != "getWhoami" {
		if err := s.tokens.CheckScope(tok, c.ini, o.Scope); err != nil {
			return api.ErrorResponse(err)
		}
	}
	if req.Method == "GET" {
		return o.direct(c)
	}
	return s.idempotent(c, func() *api.Response {
		if o.direct != nil {
			return o.direct(c) // approve, deny, cancel, settle, and the Core's alerts and Rhythm entries
		}
		return s.gatedOnce(c)
	})
}

// idempotent answers a repeated Idempotency-Key with the first answer for
// 24 hours (decisions.md §1), so a Core that restarts never runs an Action,
// raises an alert or records an entry twice.
func (s *Sim) idempotent(c *call, handle func() *api.Response) *api.Response {
	key := c.req.Header.Get("Idempotency-Key")
	fp := gate.Fingerprint(c.req.Method, c.req.Path, c.req.Body)
	if key != "" {
		saved, ok, err := s.idem.Begin(c.tok.Name, key, fp, s.now())
		if err != nil {
			return api.ErrorResponse(err)
		}
		if ok {
			resp := &api.Response{Status: saved.Status, Header: saved.Header.Clone(), Body: append([]byte(nil), saved.Body...)}
			resp.Header.Set("Idempotent-Replay", "true")
			return resp
		}
	}
	resp := handle()
	switch {
	case key != "" && resp.Status < 500:
		s.idem.Save(c.tok.Name, key, gate.Saved{Fingerprint: fp, Status: resp.Status, Header: resp.Header.Clone(), Body: resp.Body, At: s.now()})
	case key != "":
		s.idem.Abandon(c.tok.Name, key) // a failure of the device is not an answer worth repeating
	}
	return resp
}

func (s *Sim) gatedOnce(c *call) *api.Response {
	sub, err := c.op.prep(c)
	if err != nil {
		return api.ErrorResponse(err)
	}
	if sub.scope != "" {
		if err := s.tokens.CheckScope(c.tok, c.ini, sub.scope); err != nil {
			return api.ErrorResponse(err)
		}
	}
	if sub.callers != nil && !contains(sub.callers, string(c.ini.Kind)) {
		return api.Problemf(403, api.CodeCallerNotAllowed, "%s may be run only by %v, not by %s: a person must do it directly.", sub.target, sub.callers, c.ini.Kind).Response()
	}
	gs := gate.Submission{Target: sub.target, Arguments: sub.args, Risk: sub.risk, Scope: sub.scope, Initiator: c.ini, TimeoutSec: s.st.Card.ApprovalTimeoutSec}
	if gs.Scope == "" {
		gs.Scope = c.op.Scope
	}
	if sub.approvedBy != "" {
		return s.trialStep(c, sub, gs)
	}
	// Heart-Serve marks an Action asked for through /serve, which never uses
	// the allowlist (Core §6.2); only a Core token may say so.
	fromServe := c.tok.Core && c.req.Header.Get("Heart-Serve") == "1"
	in := gate.Input{Risk: sub.risk, Initiator: c.ini.Kind, Level: s.autonomy.Level(), FromServe: fromServe}
	if c.ini.Kind == gate.KindRule {
		rule := s.rule(c.ini.RuleID)
		if rule == nil || rule.Status != "adopted" {
			return api.Problemf(403, api.CodeCallerNotAllowed, "Playbook %q is not adopted on this device, so it may not act.", c.ini.RuleID).Response()
		}
		in.AdoptedPhysical = rule.AdoptedPhysical
	}
	var steps []map[string]any
	if sub.trial != nil {
		gs.TrialID, gs.Plan, gs.Restore = sub.trial.ID, sub.trial.Plan, sub.trial.Restore
		for _, st := range sub.trial.Plan {
			steps = append(steps, st.Arguments)
		}
	} else {
		steps = []map[string]any{sub.args}
	}
	_, in.AllowlistMatch, _ = s.st.Allowlist.Match(gate.Candidate{Target: sub.target, Kind: c.ini.Kind, Steps: steps, Current: s.currentArgs(sub.target), Now: s.now()})
	v := gate.Decide(in)
	a, err := s.book.Submit(gs, v)
	if err != nil {
		s.rhythm(RhythmEntry{Kind: "action-refused", Summary: "Refused " + sub.target + ": " + err.Error(), Data: map[string]any{"target": sub.target, "initiator": c.ini.Kind}})
		return api.ErrorResponse(err)
	}
	if sub.trial != nil {
		s.startTrialTimer(a, sub.trial) // a waiting first Action starts its timer on approval
	}
	if a.State == gate.StateWaiting {
		s.logf("info", "gate", "Action %s (%s) waits for a person: %s", a.ID, a.Target, a.Reason)
		resp := api.JSON(202, map[string]any{"action": a})
		resp.Header.Set("Heart-Action-Id", a.ID)
		return resp
	}
	return s.runAndAnswer(a, c.op.ID == "postCapabilityInvoke")
}

// runAndAnswer runs a running Action and answers as data-shapes.md says:
// invoke with {"action"}, other operations with their own body.
func (s *Sim) runAndAnswer(a gate.Action, invoke bool) *api.Response {
	final, status, body, err := s.execute(a)
	var resp *api.Response
	switch {
	case err != nil:
		resp = api.ErrorResponse(err)
	case invoke:
		resp = api.JSON(200, map[string]any{"action": final})
	default:
		resp = api.JSON(status, body)
	}
	resp.Header.Set("Heart-Action-Id", a.ID)
	return resp
}

// execute runs a running Action: the target's guards at this moment, then
// its effect, then Finish. It returns the finished Action and the effect's
// answer.
func (s *Sim) execute(a gate.Action) (gate.Action, int, any, error) {
	if d := s.definition(a.Target); d != nil {
		if err := gate.CheckGuards(d.Guards, s.readFeature); err != nil {
			final, _ := s.book.Finish(a.ID, nil, err)
			return final, 0, nil, err
		}
	}
	status, body, err := s.runTarget(a)
	recorded := body
	if sec, ok := body.(secret); ok { // shown once to the caller, never kept in the Action
		body, recorded = sec.full, sec.public
	}
	if err == nil {
		s.sample(s.now()) // the sensors show the change at once: the next read and guard see it
	}
	final, ferr := s.book.Finish(a.ID, recorded, err)
	if ferr != nil && err == nil {
		err = ferr
	}
	return final, status, body, err
}

// runTarget is the effect of an Action's target: a definition or an operation.
func (s *Sim) runTarget(a gate.Action) (int, any, error) {
	if d := s.definition(a.Target); d != nil {
		return s.invokeEffect(d, a)
	}
	if o, ok := s.ops[a.Target]; ok && o.run != nil {
		return o.run(s, a)
	}
	if o, ok := s.scheduledRead(a.Target); ok {
		return s.runRead(o, a)
	}
	return 0, nil, api.Problemf(404, api.CodeNotFound, "Nothing on this device is called %q.", a.Target)
}

// onAction records every Action change in the Rhythm and pushes it.
func (s *Sim) onAction(a gate.Action) {
	s.rhythm(RhythmEntry{Kind: "action", Summary: string(a.State) + ": " + a.Target, ActionID: a.ID, Data: map[string]any{"state": a.State, "target": a.Target, "initiator": a.Initiator.Kind}})
	s.bus.publish("action", a, a.State == gate.StateWaiting)
}

// currentArgs reads what an allowlist envelope's maxStep compares with: the
// value of the property each numeric argument of a set_* definition sets.
func (s *Sim) currentArgs(target string) map[string]float64 {
	d := s.definition(target)
	if d == nil || d.Sets == "" {
		return nil
	}
	cur, ok := s.setValue(d.Sets)
	if !ok {
		return nil
	}
	out := map[string]float64{}
	for name, p := range d.Arguments.Properties {
		if p.Type == "number" || p.Type == "integer" {
			out[name] = cur
		}
	}
	return out
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func num(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	case int:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}
