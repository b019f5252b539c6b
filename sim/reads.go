package sim

import (
	"math"
	"strconv"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
	"github.com/heart-core/heart-web/core/stats"
	"github.com/heart-core/heart-web/sim/product"
)

func round2(v float64) float64 { return math.Round(v*100) / 100 }

func getRoot(c *call) *api.Response {
	return api.JSON(200, map[string]any{"heartVersion": "1.0", "device": c.s.st.Card.ID, "links": map[string]string{
		"card": "/heart/v1/card", "pulse": "/heart/v1/pulse", "properties": "/heart/v1/properties", "vitals": "/heart/v1/vitals",
		"capabilities": "/heart/v1/capabilities", "definitions": "/heart/v1/definitions", "actions": "/heart/v1/actions",
		"alerts": "/heart/v1/alerts", "rhythm": "/heart/v1/rhythm", "events": "/heart/v1/events", "tending": "/heart/v1/tending"}})
}

func getCard(c *call) *api.Response { return api.JSON(200, c.s.st.Card) }

func getCardModules(c *call) *api.Response {
	var mods []map[string]string
	for _, m := range c.s.st.Card.Modules {
		mods = append(mods, map[string]string{"name": m, "version": "1.0"})
	}
	return api.JSON(200, map[string]any{"modules": mods})
}

func getWhoami(c *call) *api.Response {
	return api.JSON(200, map[string]any{"name": c.tok.Name, "kind": c.tok.Kind, "scopes": c.tok.Scopes, "clearance": c.tok.Clearance})
}

func (s *Sim) deviceTime() time.Time { return s.now().Add(s.st.ClockOffset) }

func getTime(c *call) *api.Response {
	return api.JSON(200, map[string]any{"time": c.s.deviceTime(), "timeZone": c.s.st.Card.TimeZone, "synced": c.s.st.ClockOffset == 0})
}

func getSystemInfo(c *call) *api.Response {
	s := c.s
	fw := "2.4.1"
	for _, u := range s.st.Updates {
		if u.Installed {
			fw = u.Version
		}
	}
	return api.JSON(200, map[string]any{"firmware": fw, "serial": s.st.Card.Serial, "model": s.st.Card.Model,
		"uptimeSec": int(s.now().Sub(s.st.BootAt).Seconds()), "bootAt": s.st.BootAt, "state": map[bool]string{true: "shut-down", false: "running"}[s.st.Shutdown]})
}

// The Pulse (pulse.schema.json): health, autonomy, alerts, a few vitals.
func getPulse(c *call) *api.Response {
	s := c.s
	open, highest := 0, ""
	for _, a := range s.st.Alerts {
		if a.State != "resolved" {
			open++
			if sevRank(a.Severity) > sevRank(highest) {
				highest = a.Severity
			}
		}
	}
	health := "ok"
	switch {
	case sevRank(highest) >= sevRank("major") || s.st.Shutdown:
		health = "fault"
	case open > 0:
		health = "degraded"
	}
	vitals := map[string]float64{}
	for _, n := range []string{"tank.level", "pump.flow", "pump.pressure", "heater.temperature", "power.consumption"} {
		if v, ok := s.value(n); ok {
			vitals[n] = round2(v)
		}
	}
	alerts := map[string]any{"open": open}
	if highest != "" {
		alerts["highest"] = highest
	}
	return api.JSON(200, map[string]any{"at": s.now(), "clockSynced": s.st.ClockOffset == 0, "health": health,
		"autonomy": map[string]any{"current": s.autonomy.Level(), "mode": s.autonomy.Mode()}, "ai": map[string]any{"reasoning": "rules-only"},
		"alerts": alerts, "vitals": vitals})
}

func sevRank(s string) int {
	return map[string]int{"info": 1, "warning": 2, "major": 3, "critical": 4}[s]
}

// propertyJSON renders a property with its live value.
func (s *Sim) propertyJSON(p product.Property) map[string]any {
	out := map[string]any{"name": p.Name, "title": p.Title, "writable": p.Writable, "component": p.Component}
	v, _ := s.value(p.Name)
	if len(p.Enum) > 0 {
		out["value"] = map[bool]string{true: "running", false: "stopped"}[v > 0.5]
		out["enum"] = p.Enum
	} else {
		out["value"] = round2(v)
	}
	if p.Unit != "" {
		out["unit"] = p.Unit
	}
	if p.Setpoint != nil {
		if sp, ok := s.setValue(p.Name); ok {
			out["setpoint"] = sp
		}
	}
	if p.Minimum != nil {
		out["minimum"] = *p.Minimum
	}
	if p.Maximum != nil {
		out["maximum"] = *p.Maximum
	}
	if len(p.Aliases) > 0 {
		out["aliases"] = p.Aliases
	}
	if h, ok := s.st.History[p.Name]; ok {
		if last, ok := h.last(); ok {
			out["updatedAt"] = last.At
		}
	}
	return out
}

func (s *Sim) property(name string) (product.Property, bool) {
	for _, p := range s.prod.Properties {
		if p.Name == name {
			return p, true
		}
	}
	return product.Property{}, false
}

func getProperties(c *call) *api.Response {
	var out []map[string]any
	for _, p := range c.s.prod.Properties {
		out = append(out, c.s.propertyJSON(p))
	}
	return api.JSON(200, map[string]any{"properties": out})
}

func getProperty(c *call) *api.Response {
	p, ok := c.s.property(c.p["name"])
	if !ok {
		return api.Problemf(404, api.CodeNotFound, "There is no property %q.", c.p["name"]).Response()
	}
	return api.JSON(200, c.s.propertyJSON(p))
}

// windowSec reads the windowSec query (default def, 1 s to a week).
func windowSec(c *call, def int) (int, *api.Problem) {
	w := c.req.Query.Get("windowSec")
	if w == "" {
		return def, nil
	}
	n, err := strconv.Atoi(w)
	if err != nil || n < 1 || n > maxWindow {
		return 0, api.Problemf(400, api.CodeInvalidRequest, "windowSec must be a whole number from 1 to %d (a week).", maxWindow).WithField("windowSec")
	}
	return n, nil
}

func getPropertyHistory(c *call) *api.Response {
	p, ok := c.s.property(c.p["name"])
	if !ok {
		return api.Problemf(404, api.CodeNotFound, "There is no property %q.", c.p["name"]).Response()
	}
	w, prob := windowSec(c, 300)
	if prob != nil {
		return prob.Response()
	}
	to := c.s.now()
	from := to.Add(-time.Duration(w) * time.Second)
	samples := stats.Window(c.s.st.hist(p.Name).since(from), from, to)
	out := make([]map[string]any, 0, len(samples))
	for _, x := range samples {
		var v any = round2(x.Value)
		if len(p.Enum) > 0 {
			v = map[bool]string{true: "running", false: "stopped"}[x.Value > 0.5]
		}
		out = append(out, map[string]any{"at": x.At, "value": v})
	}
	return api.JSON(200, map[string]any{"name": p.Name, "unit": p.Unit, "windowSec": w, "samples": out})
}

func (s *Sim) vital(name string) (map[string]any, bool) {
	p, ok := s.property(name)
	if !ok || len(p.Enum) > 0 {
		return nil, false
	}
	last, ok := s.st.hist(name).last()
	if !ok {
		return nil, false
	}
	return map[string]any{"signal": name, "value": round2(last.Value), "unit": p.Unit, "at": last.At}, true
}

func getVitals(c *call) *api.Response {
	var out []map[string]any
	for _, n := range signalNames {
		if v, ok := c.s.vital(n); ok {
			out = append(out, v)
		}
	}
	return api.JSON(200, map[string]any{"vitals": out})
}

func getVital(c *call) *api.Response {
	v, ok := c.s.vital(c.p["signal"])
	if !ok {
		return api.Problemf(404, api.CodeNotFound, "There is no signal %q.", c.p["signal"]).Response()
	}
	return api.JSON(200, v)
}

func getVitalFeatures(c *call) *api.Response {
	s := c.s
	name := c.p["signal"]
	p, ok := s.property(name)
	if !ok || len(p.Enum) > 0 {
		return api.Problemf(404, api.CodeNotFound, "There is no signal %q.", name).Response()
	}
	w, prob := windowSec(c, 300)
	if prob != nil {
		return prob.Response()
	}
	f, from, to, ok := s.features(name, w)
	if !ok {
		return api.Problemf(409, api.CodeConflict, "No samples of %s in the last %d s.", name, w).Response()
	}
	return api.JSON(200, map[string]any{"signal": name, "unit": p.Unit, "windowSec": w, "from": from, "to": to, "features": f})
}

func (s *Sim) componentJSON(cp product.Component) map[string]any {
	state := "ok"
	pl := s.st.Plant
	switch cp.Kind {
	case "pump":
		state = map[bool]string{true: "running", false: "stopped"}[pl.PumpOn]
	case "conveyor":
		state = map[bool]string{true: "running", false: "stopped"}[pl.ConvOn]
	case "filter":
		if pl.Backflush > 0 {
			state = "backflushing"
		}
	case "tank":
		if pl.FillTo > 0 {
			state = "filling"
		} else if pl.DrainTo >= 0 {
			state = "draining"
		}
	case "heater":
		if pl.HeaterFault {
			state = "fault"
		}
	case "controller":
		if s.st.Shutdown {
			state = "shut-down"
		}
	}
	return map[string]any{"id": cp.ID, "kind": cp.Kind, "title": cp.Title, "state": state, "properties": cp.Properties}
}

func (s *Sim) component(id string) (product.Component, bool) {
	for _, cp := range s.prod.Components {
		if cp.ID == id {
			return cp, true
		}
	}
	return product.Component{}, false
}

func getComponents(c *call) *api.Response {
	var out []map[string]any
	for _, cp := range c.s.prod.Components {
		out = append(out, c.s.componentJSON(cp))
	}
	return api.JSON(200, map[string]any{"components": out})
}

func getComponent(c *call) *api.Response {
	cp, ok := c.s.component(c.p["id"])
	if !ok {
		return api.Problemf(404, api.CodeNotFound, "There is no component %q.", c.p["id"]).Response()
	}
	return api.JSON(200, c.s.componentJSON(cp))
}

func getRhythm(c *call) *api.Response {
	s := c.s
	limit, bad := c.req.Limit(100, maxRhythm)
	if bad != nil {
		return bad.Response()
	}
	entries := s.st.Rhythm
	if entries == nil {
		entries = []RhythmEntry{}
	}
	if len(entries) > limit {
		entries = entries[len(entries)-limit:]
	}
	return api.JSON(200, map[string]any{"entries": entries})
}

func getRhythmEntry(c *call) *api.Response {
	seq, err := strconv.ParseInt(c.p["seq"], 10, 64)
	if err != nil {
		return api.NewProblem(400, api.CodeInvalidRequest, "seq is a whole number.").WithField("seq").Response()
	}
	for _, e := range c.s.st.Rhythm {
		if e.Seq == seq {
			return api.JSON(200, e)
		}
	}
	return api.Problemf(404, api.CodeNotFound, "No Rhythm entry %d (the device keeps the last %d).", seq, maxRhythm).Response()
}

func getLogs(c *call) *api.Response {
	s := c.s
	limit, bad := c.req.Limit(100, maxLogs)
	if bad != nil {
		return bad.Response()
	}
	logs := s.st.Logs
	if lv := c.req.Query.Get("level"); lv != "" {
		var f []LogEntry
		for _, e := range logs {
			if e.Level == lv {
				f = append(f, e)
			}
		}
		logs = f
	}
	if len(logs) > limit {
		logs = logs[len(logs)-limit:]
	}
	if logs == nil {
		logs = []LogEntry{}
	}
	return api.JSON(200, map[string]any{"logs": logs})
}

// getEvents answers an in-process caller; the HTTP wrapper sees the
// Heart-Stream header (set only after auth passed) and streams SSE from
// Subscribe instead.
func getEvents(c *call) *api.Response {
	resp := api.JSON(200, map[string]any{"stream": "text/event-stream", "types": []string{"alert", "rhythm", "property", "action", "definition", "schedule"}, "dropped": c.s.Dropped()})
	resp.Header.Set("Heart-Stream", "events")
	return resp
}

func getTokens(c *call) *api.Response {
	var out []map[string]any
	for _, t := range c.s.tokens.List() {
		out = append(out, map[string]any{"id": t.ID, "name": t.Name, "kind": t.Kind, "scopes": t.Scopes, "clearance": t.Clearance, "hint": gate.Hint(t.Value)})
	}
	return api.JSON(200, map[string]any{"tokens": out})
}
