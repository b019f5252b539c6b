package sim

import (
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
)

// faultConditions says which fault codes the plant shows now (GET /faults
// lists them; each raises a device alert once when it starts).
func (s *Sim) faultConditions() map[string]bool {
	p := s.st.Plant
	out := map[string]bool{}
	lvl, _ := s.value("tank.level")
	pr, _ := s.value("pump.pressure")
	if lvl < 10 {
		out["E101"] = true
	}
	if lvl > 95 {
		out["E102"] = true
	}
	if p.FilterDP > 1.5 {
		out["E204"] = true
	}
	if pr > 6.5 {
		out["E310"] = true
	}
	if p.HeaterFault {
		out["E402"] = true
	}
	return out
}

// checkPlantAlerts raises a device alert when a fault code starts.
func (s *Sim) checkPlantAlerts(time.Time) {
	now := s.faultConditions()
	for _, f := range s.prod.Faults {
		if now[f.Code] && !s.prevFlt[f.Code] {
			s.raiseAlert(f.Code, f.Severity, f.Title+": "+f.Explanation, f.Component, "device")
		}
	}
	s.prevFlt = now
}

// raiseAlert stores an alert (bounded: the oldest resolved goes first),
// records it in the Rhythm and pushes it. Critical alerts are never the
// ones a slow subscriber loses first.
func (s *Sim) raiseAlert(code, severity, summary, component, source string) Alert {
	now := s.now()
	a := Alert{ID: s.newID(), Code: code, Severity: severity, Summary: summary, State: "open", RaisedAt: now, Source: source, Component: component}
	if len(s.st.Alerts) >= maxAlerts {
		for i, x := range s.st.Alerts {
			if x.State == "resolved" {
				s.st.Alerts = append(s.st.Alerts[:i:i], s.st.Alerts[i+1:]...)
				break
			}
		}
	}
	s.st.Alerts = appendBounded(s.st.Alerts, a, maxAlerts)
	s.logf(map[bool]string{true: "error", false: "warning"}[sevRank(severity) >= 3], "alerts", "Alert %s (%s): %s", code, severity, summary)
	s.rhythm(RhythmEntry{Kind: "alert", Summary: code + " " + severity + ": " + summary, AlertID: a.ID, Source: source})
	muted := s.now().Before(s.st.MutedUntil) && severity != "critical"
	if !muted {
		s.bus.publish("alert", a, sevRank(severity) >= 3)
	}
	return a
}

func (s *Sim) alert(id string) *Alert {
	for i := range s.st.Alerts {
		if s.st.Alerts[i].ID == id {
			return &s.st.Alerts[i]
		}
	}
	return nil
}

func getAlerts(c *call) *api.Response {
	all := c.req.Query.Get("state") == "all"
	out := []Alert{}
	for _, a := range c.s.st.Alerts {
		if all || a.State != "resolved" {
			out = append(out, a)
		}
	}
	body := map[string]any{"alerts": out}
	if c.s.now().Before(c.s.st.MutedUntil) {
		body["mutedUntil"] = c.s.st.MutedUntil
	}
	return api.JSON(200, body)
}

func getAlert(c *call) *api.Response {
	a := c.s.alert(c.p["id"])
	if a == nil {
		return api.Problemf(404, api.CodeNotFound, "No alert has id %q.", c.p["id"]).Response()
	}
	return api.JSON(200, a)
}

// postAlert records an alert the Core raises (Playbooks, system.undo-failed,
// ai.*). It is a record, not an act, so it does not wait at the gate.
type alertBody struct {
	Code      string `json:"code"`
	Severity  string `json:"severity"`
	Summary   string `json:"summary"`
	Component string `json:"component,omitempty"`
}

func postAlert(c *call) *api.Response {
	var b alertBody
	if err := api.DecodeStrict(c.req.Body, &b); err != nil {
		return api.ErrorResponse(err)
	}
	switch {
	case b.Code == "" || len(b.Code) > 64:
		return api.NewProblem(400, api.CodeInvalidRequest, "An alert needs a code (at most 64 characters).").WithField("code").Response()
	case sevRank(b.Severity) == 0:
		return api.NewProblem(400, api.CodeInvalidRequest, "severity is info, warning, major or critical.").WithField("severity").Response()
	case b.Summary == "" || len(b.Summary) > 500:
		return api.NewProblem(400, api.CodeInvalidRequest, "An alert needs a summary (at most 500 characters).").WithField("summary").Response()
	}
	if b.Component != "" {
		if _, ok := c.s.component(b.Component); !ok {
			return api.Problemf(400, api.CodeInvalidRequest, "There is no component %q.", b.Component).WithField("component").Response()
		}
	}
	return api.JSON(201, c.s.raiseAlert(b.Code, b.Severity, b.Summary, b.Component, "core"))
}

func prepAlertChange(c *call) (*submission, error) {
	if c.s.alert(c.p["id"]) == nil {
		return nil, api.Problemf(404, api.CodeNotFound, "No alert has id %q.", c.p["id"])
	}
	return &submission{target: c.op.ID, risk: c.op.Risk, args: map[string]any{"id": c.p["id"]}}, nil
}

func runAlertState(state string) func(s *Sim, a gate.Action) (int, any, error) {
	return func(s *Sim, a gate.Action) (int, any, error) {
		al := s.alert(a.Arguments["id"].(string))
		if al == nil {
			return 0, nil, api.NewProblem(404, api.CodeNotFound, "The alert is gone.")
		}
		if al.State == "resolved" && state == "acknowledged" {
			return 0, nil, api.NewProblem(409, api.CodeConflict, "The alert is already resolved.")
		}
		al.State = state
		if state == "acknowledged" {
			al.AcknowledgedAt = s.now()
		} else {
			al.ResolvedAt = s.now()
		}
		s.rhythm(RhythmEntry{Kind: "alert-" + state, Summary: al.Code + " " + state + " by " + a.Initiator.Token, AlertID: al.ID})
		s.bus.publish("alert", *al, false)
		return 200, al, nil
	}
}

type muteBody struct {
	DurationSec *int `json:"durationSec"`
}

// defaultMuteSec is how long a silence lasts when none is given
// (resources.schema.json MuteRequest).
const defaultMuteSec = 3600

func prepMute(c *call) (*submission, error) {
	var b muteBody
	if err := api.DecodeStrict(c.req.Body, &b); err != nil {
		return nil, err
	}
	d := defaultMuteSec
	if b.DurationSec != nil {
		d = *b.DurationSec
	}
	if d < 1 || d > 86400 {
		return nil, api.NewProblem(422, api.CodeOutOfRange, "durationSec is 1 to 86400.").WithField("durationSec")
	}
	return &submission{target: c.op.ID, risk: c.op.Risk, args: map[string]any{"durationSec": d}}, nil
}

func runMute(s *Sim, a gate.Action) (int, any, error) {
	d, _ := num(a.Arguments["durationSec"])
	s.st.MutedUntil = s.now().Add(time.Duration(d) * time.Second)
	return 200, map[string]any{"mutedUntil": s.st.MutedUntil}, nil
}

func runUnmute(s *Sim, _ gate.Action) (int, any, error) {
	s.st.MutedUntil = time.Time{}
	return 200, map[string]any{"mutedUntil": nil}, nil
}

func getFaults(c *call) *api.Response {
	active := c.s.faultConditions()
	out := []any{}
	for _, f := range c.s.prod.Faults {
		if active[f.Code] {
			out = append(out, f)
		}
	}
	return api.JSON(200, map[string]any{"faults": out})
}

func getFault(c *call) *api.Response {
	for _, f := range c.s.prod.Faults {
		if f.Code == c.p["code"] {
			return api.JSON(200, map[string]any{"code": f.Code, "severity": f.Severity, "component": f.Component, "title": f.Title, "explanation": f.Explanation, "active": c.s.faultConditions()[f.Code]})
		}
	}
	return api.Problemf(404, api.CodeNotFound, "Fault code %q is not one this device knows.", c.p["code"]).Response()
}
