package sim

import (
	"strings"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
	"github.com/heart-core/heart-web/core/stats"
	"github.com/heart-core/heart-web/sim/product"
)

// invokeBody is POST /capabilities/{name}/invoke. trial starts a Trial (its
// first Action carries the plan and the restore values, decisions.md §1);
// approvedBy sends a later step or the undo of an approved Trial.
type invokeBody struct {
	Arguments  map[string]any `json:"arguments"`
	Trial      *trialRequest  `json:"trial,omitempty"`
	ApprovedBy string         `json:"approvedBy,omitempty"`
}

func (s *Sim) definition(name string) *product.Definition {
	for i := range s.st.Definitions {
		if s.st.Definitions[i].Name == name {
			return &s.st.Definitions[i]
		}
	}
	return nil
}

func prepInvoke(c *call) (*submission, error) {
	s := c.s
	d := s.definition(c.p["name"])
	if d == nil {
		if err := s.tokens.CheckScope(c.tok, c.ini, c.op.Scope); err != nil {
			return nil, err
		}
		return nil, api.Problemf(404, api.CodeNotFound, "There is no capability %q.", c.p["name"])
	}
	var b invokeBody
	if err := decode(c.req.Body, &b, true); err != nil {
		return nil, err
	}
	if b.Arguments == nil {
		b.Arguments = map[string]any{}
	}
	if b.Trial != nil && b.ApprovedBy != "" {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "A call either starts a Trial (trial) or continues one (approvedBy), not both.").WithField("approvedBy")
	}
	scope := c.op.Scope
	if d.Risk == string(gate.RiskRead) {
		scope = gate.ScopeRead
	}
	sub := &submission{target: d.Name, risk: gate.Risk(d.Risk), scope: scope, callers: d.Callers, guards: d.Guards, approvedBy: b.ApprovedBy}
	if b.Trial != nil {
		if err := b.Trial.validate(d); err != nil {
			return nil, err
		}
		if err := s.admitTrial(d.Name); err != nil {
			return nil, err
		}
		sub.trial = b.Trial
		sub.args = b.Trial.Plan[0].Arguments
		return sub, nil
	}
	if p := d.Arguments.Validate(b.Arguments); p != nil {
		p.Field = "arguments." + p.Field
		return nil, p
	}
	sub.args = d.Arguments.ApplyDefaults(b.Arguments)
	return sub, nil
}

// invokeEffect changes the plant as the definition says. Arguments were
// validated when the Action was made.
func (s *Sim) invokeEffect(d *product.Definition, a gate.Action) (int, any, error) {
	p := &s.st.Plant
	now := s.now()
	arg := func(name string) float64 { v, _ := num(a.Arguments[name]); return v }
	result := map[string]any{}
	switch strings.TrimPrefix(d.Name, "com.acme.") {
	case "pump.start":
		p.PumpOn = true
	case "pump.halt":
		p.PumpOn = false
	case "pump.set_flow":
		v := arg("litresPerMin")
		p.FlowStep = &stats.Step{At: now, From: p.FlowSet, To: v}
		p.FlowSet = v
	case "pump.set_ramp_rate":
		p.RampRate = arg("ramp_rate")
	case "tank.fill":
		p.FillTo, p.DrainTo, p.LevelSet = arg("targetPercent"), -1, arg("targetPercent")
	case "tank.drain":
		p.DrainTo, p.FillTo, p.LevelSet = arg("targetPercent"), 0, arg("targetPercent")
	case "valve.set_position":
		p.Valve = arg("percent")
	case "conveyor.start":
		p.ConvOn = true
	case "conveyor.halt":
		p.ConvOn = false
	case "conveyor.set_speed":
		p.ConvSet = arg("metresPerMin")
	case "heater.set_setpoint":
		v := arg("celsius")
		p.TempStep = &stats.Step{At: now, From: p.HeaterSet, To: v}
		p.HeaterSet = v
	case "mixer.set_speed":
		p.MixerSet = arg("rpm")
	case "filter.backflush":
		p.Backflush = arg("durationSec")
		result["until"] = now.Add(time.Duration(p.Backflush) * time.Second)
	case "sensors.calibrate":
		i := map[string]int{"level": 0, "flow": 1, "pressure": 2, "temperature": 3}[a.Arguments["sensor"].(string)]
		result["correctedBy"] = p.Offsets[i]
		p.Offsets[i] = 0
	case "report.daily":
		return 200, s.dailyReport(a.Arguments["date"]), nil
	default:
		// A definition added with PUT /definitions has no physics: it is
		// recorded and succeeds, so the Core's Map can use it.
		result["note"] = "recorded; this simulator has no physics for " + d.Name
	}
	s.logf("info", d.Component, "%s ran with %v (Action %s).", d.Name, a.Arguments, a.ID)
	if d.Sets != "" {
		if v, ok := s.setValue(d.Sets); ok {
			result[d.Sets] = v
		}
		s.sample(now) // the new value shows at once in reads and in the event
		if pr, ok := s.property(d.Sets); ok {
			s.bus.publish("property", s.propertyJSON(pr), false)
		}
	}
	return 200, result, nil
}

// setValue is the value a set_* definition sets: the property's setpoint,
// or its value when it has none (what the Core restores after a Trial).
func (s *Sim) setValue(prop string) (float64, bool) {
	p := s.st.Plant
	switch prop {
	case "pump.flow":
		return p.FlowSet, true
	case "tank.level":
		return p.LevelSet, true
	case "heater.temperature", "heater.setpoint":
		return p.HeaterSet, true
	case "conveyor.speed":
		return p.ConvSet, true
	case "mixer.speed":
		return p.MixerSet, true
	case "pump.ramp_rate":
		return p.RampRate, true
	case "valve.position":
		return p.Valve, true
	}
	return 0, false
}

func (s *Sim) dailyReport(date any) map[string]any {
	day, _ := date.(string)
	if day == "" || day == "today" {
		day = s.now().Format("2006-01-02") // "today" resolves when it runs (decisions.md §4), in UTC
	}
	open := 0
	for _, al := range s.st.Alerts {
		if al.State != "resolved" {
			open++
		}
	}
	return map[string]any{"date": day, "pumpedLitres": round2(s.st.Plant.PumpedL), "energyKWh": round2(s.st.Plant.EnergyKWh), "alertsOpen": open, "alertsRaised": len(s.st.Alerts)}
}

// Definition and capability reads (getDefinitions, getCapabilities, ...).
func readDefinitions(key string) func(c *call) *api.Response {
	return func(c *call) *api.Response {
		if key == "definitions" {
			return api.JSON(200, map[string]any{"definitions": c.s.st.Definitions, "revision": c.s.st.Card.DefinitionsRevision})
		}
		return api.JSON(200, map[string]any{"capabilities": c.s.st.Definitions})
	}
}

func readDefinition(c *call) *api.Response {
	d := c.s.definition(c.p["name"])
	if d == nil {
		return api.Problemf(404, api.CodeNotFound, "There is no definition %q.", c.p["name"]).Response()
	}
	return api.JSON(200, d)
}
