package sim

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
)

// simple builds a prep for an operation whose Action arguments are its path
// parameters and its JSON object body, checked by check (nil: any body).
func simple(check func(c *call, args map[string]any) error) func(c *call) (*submission, error) {
	return func(c *call) (*submission, error) {
		args, err := bodyArgs(c.req.Body)
		if err != nil {
			return nil, err
		}
		for k, v := range c.p {
			args[k] = v
		}
		if check != nil {
			if err := check(c, args); err != nil {
				return nil, err
			}
		}
		return &submission{target: c.op.ID, risk: c.op.Risk, args: args}, nil
	}
}

// only refuses members other than names (400 naming the member).
func only(args map[string]any, names ...string) error {
	for k := range args {
		if !contains(names, k) {
			return api.Problemf(400, api.CodeInvalidRequest, "Field %q is not allowed here.", k).WithField(k)
		}
	}
	return nil
}

func needString(args map[string]any, name string, maxLen int) (string, error) {
	v, ok := args[name].(string)
	if !ok || v == "" || len(v) > maxLen {
		return "", api.Problemf(400, api.CodeInvalidRequest, "%s must be a text of 1 to %d characters.", name, maxLen).WithField(name)
	}
	return v, nil
}

// actor is who stands behind an Action when it runs: the person who
// approved it, else its initiator's token.
func (s *Sim) actor(a gate.Action) gate.Token {
	name := a.Initiator.Token
	if a.DecidedBy != nil {
		name = a.DecidedBy.Token
	}
	t, _ := s.tokens.ByName(name)
	return t
}

func runPutTime(s *Sim, a gate.Action) (int, any, error) {
	t, _ := time.Parse(time.RFC3339, a.Arguments["time"].(string))
	s.st.ClockOffset = t.Sub(s.now())
	s.logf("info", "controller", "Clock set to %s.", t.Format(time.RFC3339))
	return 200, map[string]any{"time": s.deviceTime(), "synced": s.st.ClockOffset == 0}, nil
}

func checkPutTime(_ *call, args map[string]any) error {
	if err := only(args, "time"); err != nil {
		return err
	}
	v, _ := args["time"].(string)
	if _, err := time.Parse(time.RFC3339, v); err != nil {
		return api.NewProblem(400, api.CodeInvalidRequest, "time must be an RFC 3339 time.").WithField("time")
	}
	return nil
}

func noBody(_ *call, args map[string]any) error { return only(args) }

func runIdentify(s *Sim, _ gate.Action) (int, any, error) {
	s.logf("info", "controller", "Identify: the status light blinks for 10 s.")
	return 200, map[string]any{"blinking": true, "durationSec": 10}, nil
}

// runRestart is a simulated restart: running things stop briefly and come
// back at their setpoints; settings and records stay.
func runRestart(s *Sim, _ gate.Action) (int, any, error) {
	p := &s.st.Plant
	p.Flow, p.FlowCmd, p.FlowVel, p.ConvSpeed, p.MixerSpeed = 0, 0, 0, 0, 0
	s.st.Shutdown = false
	s.st.BootAt = s.now()
	s.logf("warning", "controller", "Restarted.")
	return 200, map[string]any{"restartedAt": s.st.BootAt}, nil
}

func runShutdown(s *Sim, _ gate.Action) (int, any, error) {
	p := &s.st.Plant
	p.PumpOn, p.ConvOn, p.MixerSet = false, false, 0
	p.Flow, p.FlowCmd, p.FlowVel, p.ConvSpeed, p.MixerSpeed = 0, 0, 0, 0, 0
	s.st.Shutdown = true
	s.logf("warning", "controller", "Shut down: pump, conveyor and mixer stopped. POST /system/restart starts it again.")
	return 200, map[string]any{"state": "shut-down"}, nil
}

// runFactoryReset erases settings and returns the plant to its factory
// state; the records (logs, Rhythm, Actions, alerts) and tokens stay so the
// reset itself is on the record.
func runFactoryReset(s *Sim, _ gate.Action) (int, any, error) {
	old := s.st
	s.resetStateLocked()
	s.st.Logs, s.st.Rhythm, s.st.Seq, s.st.Alerts, s.st.History = old.Logs, old.Rhythm, old.Seq, old.Alerts, old.History
	s.st.Card.DefinitionsRevision = old.Card.DefinitionsRevision // the revision only moves forward, so the Core sees the change
	s.definitionsChanged("*", "factory-reset")
	s.logf("warning", "controller", "Factory reset: settings erased.")
	return 200, map[string]any{"reset": true}, nil
}

func checkPutProperty(c *call, args map[string]any) error {
	p, ok := c.s.property(c.p["name"])
	if !ok {
		return api.Problemf(404, api.CodeNotFound, "There is no property %q.", c.p["name"])
	}
	if err := only(args, "value", "name"); err != nil {
		return err
	}
	if !p.Writable {
		return api.Problemf(409, api.CodeConflict, "%s cannot be written; use its capability instead.", p.Name)
	}
	v, ok := num(args["value"])
	if !ok {
		return api.NewProblem(400, api.CodeInvalidRequest, "value must be a number.").WithField("value")
	}
	if (p.Minimum != nil && v < *p.Minimum) || (p.Maximum != nil && v > *p.Maximum) {
		return api.Problemf(422, api.CodeOutOfRange, "%s takes %v to %v.", p.Name, *p.Minimum, *p.Maximum).WithField("value")
	}
	return nil
}

func runPutProperty(s *Sim, a gate.Action) (int, any, error) {
	v, _ := num(a.Arguments["value"])
	if a.Arguments["name"] == "valve.position" {
		s.st.Plant.Valve = v
	}
	p, _ := s.property(a.Arguments["name"].(string))
	return 200, s.propertyJSON(p), nil
}

func checkComponent(c *call, args map[string]any) error {
	if _, ok := c.s.component(c.p["id"]); !ok {
		return api.Problemf(404, api.CodeNotFound, "There is no component %q.", c.p["id"])
	}
	return only(args, "id")
}

func runComponentReset(s *Sim, a gate.Action) (int, any, error) {
	id := a.Arguments["id"].(string)
	p := &s.st.Plant
	switch id {
	case "heater-1":
		p.HeaterFault = false
	case "pump-1":
		p.Flow, p.FlowCmd, p.FlowVel = 0, 0, 0
	case "filter-1":
		p.Backflush = 0
	}
	s.logf("info", id, "Component reset.")
	cp, _ := s.component(id)
	return 200, s.componentJSON(cp), nil
}

func runDeleteLogs(s *Sim, _ gate.Action) (int, any, error) {
	n := len(s.st.Logs)
	s.st.Logs = nil
	s.logf("warning", "controller", "Logs cleared (%d entries).", n)
	return 200, map[string]any{"cleared": n}, nil
}

func runDiagnostics(s *Sim, _ gate.Action) (int, any, error) {
	now := s.now()
	checks := map[string]string{"pump": "pass", "heater-sensor": "pass", "filter": "pass", "network": "pass"}
	result := "pass"
	if s.st.Plant.HeaterFault {
		checks["heater-sensor"], result = "fail: no plausible reading (E402)", "fail"
	}
	if s.st.Plant.FilterDP > 1.5 {
		checks["filter"], result = "warn: clogged (E204)", "warn"
	}
	if s.linkDown() {
		checks["network"] = "fail: link down"
	}
	s.st.Diagnostics = Diagnostics{LastRun: &now, Result: result, Checks: checks}
	return 200, s.st.Diagnostics, nil
}

func checkConfig(_ *call, args map[string]any) error {
	raw, _ := json.Marshal(args)
	if len(args) > 32 || len(raw) > 8192 {
		return api.NewProblem(413, api.CodeTooLarge, "The configuration holds at most 32 members and 8 KiB.")
	}
	return nil
}

func runPutConfig(s *Sim, a gate.Action) (int, any, error) {
	s.st.Config = a.Arguments
	return 200, s.st.Config, nil
}

func runBackup(s *Sim, _ gate.Action) (int, any, error) {
	b := Backup{ID: s.newID(), At: s.now(), Config: s.st.Config}
	s.st.Backups = appendBounded(s.st.Backups, b, maxBackups)
	return 201, b, nil
}

func checkRestore(c *call, args map[string]any) error {
	for _, b := range c.s.st.Backups {
		if b.ID == c.p["id"] {
			return only(args, "id")
		}
	}
	return api.Problemf(404, api.CodeNotFound, "No backup has id %q.", c.p["id"])
}

func runRestoreConfig(s *Sim, a gate.Action) (int, any, error) {
	for _, b := range s.st.Backups {
		if b.ID == a.Arguments["id"] {
			s.st.Config = b.Config
			return 200, s.st.Config, nil
		}
	}
	return 0, nil, api.NewProblem(404, api.CodeNotFound, "The backup is gone.")
}

func checkUpdate(c *call, args map[string]any) error {
	for _, u := range c.s.st.Updates {
		if u.ID == c.p["id"] {
			if !u.Signed {
				return api.NewProblem(422, api.CodeInvalidRequest, "The update is not signed; it will not be installed.")
			}
			if u.Installed {
				return api.Problemf(409, api.CodeConflict, "%s is already installed.", u.Version)
			}
			return only(args, "id")
		}
	}
	return api.Problemf(404, api.CodeNotFound, "No update has id %q.", c.p["id"])
}

func runApplyUpdate(s *Sim, a gate.Action) (int, any, error) {
	for i := range s.st.Updates {
		u := &s.st.Updates[i]
		switch {
		case u.ID == a.Arguments["id"]:
			u.Installed, u.State = true, "installed"
		case u.Installed:
			u.Installed, u.State = false, "previous"
		}
	}
	s.logf("info", "controller", "Update %v installed (atomically; the previous firmware is kept for rollback).", a.Arguments["id"])
	return 200, map[string]any{"updates": s.st.Updates}, nil
}

func runRollback(s *Sim, _ gate.Action) (int, any, error) {
	prev := -1
	for i, u := range s.st.Updates {
		if u.State == "previous" {
			prev = i
		}
	}
	if prev < 0 {
		return 0, nil, api.NewProblem(409, api.CodeConflict, "There is no previous firmware to roll back to.")
	}
	for i := range s.st.Updates {
		u := &s.st.Updates[i]
		if u.Installed {
			u.Installed, u.State = false, "rolled-back"
		}
	}
	s.st.Updates[prev].Installed, s.st.Updates[prev].State = true, "installed"
	return 200, map[string]any{"updates": s.st.Updates}, nil
}

func getUpdates(c *call) *api.Response {
	return api.JSON(200, map[string]any{"updates": c.s.st.Updates})
}

func checkToken(c *call, args map[string]any) error {
	if err := only(args, "name", "kind", "scopes", "clearance"); err != nil {
		return err
	}
	name, err := needString(args, "name", 64)
	if err != nil {
		return err
	}
	if _, dup := c.s.tokens.ByName(name); dup {
		return api.Problemf(409, api.CodeConflict, "A token named %q exists.", name).WithField("name")
	}
	if k, ok := args["kind"].(string); (ok || args["kind"] != nil) && !gate.Kind(k).Valid() {
		return api.NewProblem(400, api.CodeInvalidRequest, "kind is human, ai, rule or peer.").WithField("kind")
	}
	if cl, ok := args["clearance"].(string); (ok || args["clearance"] != nil) && !gate.Clearance(cl).Valid() {
		return api.NewProblem(400, api.CodeInvalidRequest, "clearance is public, internal, operator or owner.").WithField("clearance")
	}
	list, ok := args["scopes"].([]any)
	if args["scopes"] == nil {
		list, ok = []any{}, true
	}
	if !ok || (args["scopes"] != nil && len(list) == 0) {
		return api.NewProblem(400, api.CodeInvalidRequest, "scopes is a list of scopes.").WithField("scopes")
	}
	for _, sc := range list {
		if str, _ := sc.(string); !contains(gate.AllScopes, str) {
			return api.Problemf(400, api.CodeInvalidRequest, "%v is not a scope.", sc).WithField("scopes")
		}
	}
	return nil
}

// secret is an effect's answer whose full form goes to the caller once and
// whose public form is what the Action records (a token value is shown once).
type secret struct {
	full, public any
}

func runPostToken(s *Sim, a gate.Action) (int, any, error) {
	// the contract's defaults (TokenInput): a person's token that may only read
	scopes := []string{gate.ScopeRead}
	if list, ok := a.Arguments["scopes"].([]any); ok {
		scopes = scopes[:0]
		for _, sc := range list {
			scopes = append(scopes, sc.(string))
		}
	}
	kind, clearance := gate.KindHuman, gate.ClearanceInternal
	if k, ok := a.Arguments["kind"].(string); ok {
		kind = gate.Kind(k)
	}
	if cl, ok := a.Arguments["clearance"].(string); ok {
		clearance = gate.Clearance(cl)
	}
	t := gate.Token{ID: s.newID(), Name: a.Arguments["name"].(string), Value: fmt.Sprintf("hk-%016x%016x", s.ids.Uint64(), s.ids.Uint64()),
		Kind: kind, Scopes: scopes, Clearance: clearance}
	if err := s.tokens.Add(t); err != nil {
		return 0, nil, err
	}
	pub := map[string]any{"id": t.ID, "name": t.Name, "kind": t.Kind, "scopes": t.Scopes, "clearance": t.Clearance, "hint": gate.Hint(t.Value)}
	full := map[string]any{"value": t.Value}
	for k, v := range pub {
		full[k] = v
	}
	return 201, secret{full: full, public: pub}, nil
}

func checkDeleteToken(c *call, args map[string]any) error {
	for _, t := range c.s.tokens.List() {
		if t.ID == c.p["id"] {
			return only(args, "id")
		}
	}
	return api.Problemf(404, api.CodeNotFound, "No token has id %q.", c.p["id"])
}

func runDeleteToken(s *Sim, a gate.Action) (int, any, error) {
	if err := s.tokens.Revoke(a.Arguments["id"].(string)); err != nil {
		return 0, nil, err
	}
	return 200, map[string]any{"revoked": a.Arguments["id"]}, nil
}

func getNetwork(c *call) *api.Response {
	n := c.s.st.Network
	if c.s.linkDown() {
		n.Link = "down"
	}
	return api.JSON(200, n)
}

func checkNetwork(_ *call, args map[string]any) error {
	if err := only(args, "hostname", "address", "dhcp"); err != nil {
		return err
	}
	if v, ok := args["hostname"]; ok {
		if _, err := needString(args, "hostname", 63); err != nil || v == nil {
			return api.NewProblem(400, api.CodeInvalidRequest, "hostname is a text of 1 to 63 characters.").WithField("hostname")
		}
	}
	if _, ok := args["address"]; ok {
		if _, err := needString(args, "address", 64); err != nil {
			return err
		}
	}
	if v, ok := args["dhcp"]; ok {
		if _, isBool := v.(bool); !isBool {
			return api.NewProblem(400, api.CodeInvalidRequest, "dhcp is true or false.").WithField("dhcp")
		}
	}
	return nil
}

func runPutNetwork(s *Sim, a gate.Action) (int, any, error) {
	n := &s.st.Network
	if v, ok := a.Arguments["hostname"].(string); ok {
		n.Hostname = v
	}
	if v, ok := a.Arguments["address"].(string); ok {
		n.Address = v
	}
	if v, ok := a.Arguments["dhcp"].(bool); ok {
		n.DHCP = v
	}
	return 200, *n, nil
}

var peers = []map[string]any{
	{"id": "acme-ps-0002", "name": "Pump station 2", "address": "192.168.10.21", "link": "up"},
	{"id": "acme-gw-01", "name": "Site gateway", "address": "192.168.10.1", "link": "up"},
}

func getPeers(*call) *api.Response { return api.JSON(200, map[string]any{"peers": peers}) }

func getMessages(c *call) *api.Response {
	m := c.s.st.Messages
	if m == nil {
		m = []Message{}
	}
	return api.JSON(200, map[string]any{"messages": m})
}

func checkMessage(_ *call, args map[string]any) error {
	if err := only(args, "to", "text"); err != nil {
		return err
	}
	to, err := needString(args, "to", 64)
	if err != nil {
		return err
	}
	known := false
	for _, p := range peers {
		known = known || p["id"] == to
	}
	if !known {
		return api.Problemf(400, api.CodeInvalidRequest, "%q is not a known peer.", to).WithField("to")
	}
	_, err = needString(args, "text", 1000)
	return err
}

func runMessage(s *Sim, a gate.Action) (int, any, error) {
	m := Message{ID: s.newID(), At: s.now(), From: s.st.Card.ID, To: a.Arguments["to"].(string), Text: a.Arguments["text"].(string)}
	s.st.Messages = appendBounded(s.st.Messages, m, maxMessages)
	return 201, m, nil
}

func getDiagnostics(c *call) *api.Response { return api.JSON(200, c.s.st.Diagnostics) }

func getConfig(c *call) *api.Response { return api.JSON(200, c.s.st.Config) }

func getBackups(c *call) *api.Response {
	b := c.s.st.Backups
	if b == nil {
		b = []Backup{}
	}
	return api.JSON(200, map[string]any{"backups": b})
}
