package serve

import (
	"encoding/json"
	"net/url"
	"strings"

	"github.com/heart-core/heart-web/core/argschema"
	"github.com/heart-core/heart-web/core/sysmap"
	"github.com/heart-core/heart-web/index"
)

// Operations that are never /serve targets whatever the Index says (§6.2:
// a Proposal never comes from interpreted language; /serve cannot call
// itself; approving goes through the normal path only).
var neverServed = map[string]bool{
	"postTendingProposals": true,
	"postServe":            true,
	"postActionApprove":    true,
	"postCapabilityInvoke": true,
}

// StopTarget is the operation that stops all automatic action (§6.2).
const StopTarget = "postTendingStop"

// ScheduleTarget wraps an operation asked for at a later time.
const ScheduleTarget = "postSchedule"

// Target is one /serve target of the Map: an Index operation this system
// has and serves, or a product command.
type Target struct {
	Name    string
	Title   string
	Risk    string
	Scope   string
	Op      *index.Entry
	Command *sysmap.Command
	schema  *argschema.Schema
}

// Read reports whether the target changes nothing (§6.2 rule 2).
func (t Target) Read() bool { return t.Risk == "read" }

// Servable lists every /serve target of m, Index operations first.
func Servable(m *sysmap.Map) []Target {
	var out []Target
	for i := range m.Operations {
		if t, ok := opTarget(&m.Operations[i]); ok {
			out = append(out, t)
		}
	}
	for i := range m.Commands {
		out = append(out, cmdTarget(&m.Commands[i]))
	}
	return out
}

// Catalog is every /serve target of one Map by name, built once per Map.
type Catalog struct {
	list   []Target
	byName map[string]Target
}

// NewCatalog builds the catalog of m.
func NewCatalog(m *sysmap.Map) *Catalog {
	c := &Catalog{list: Servable(m), byName: map[string]Target{}}
	for _, t := range c.list {
		c.byName[t.Name] = t
	}
	return c
}

// Lookup finds the /serve target named name (grounding rule 1).
func (c *Catalog) Lookup(name string) (Target, bool) {
	t, ok := c.byName[name]
	return t, ok
}

// Targets lists every target, Index operations first.
func (c *Catalog) Targets() []Target { return c.list }

func opTarget(e *index.Entry) (Target, bool) {
	if !e.Serve || neverServed[e.ID] {
		return Target{}, false
	}
	return Target{Name: e.ID, Title: e.Summary, Risk: e.Risk, Scope: e.Scope, Op: e}, true
}

func cmdTarget(c *sysmap.Command) Target {
	scope := "heart.operate" // postCapabilityInvoke's scope
	if c.Risk == "read" {
		scope = "heart.read"
	}
	t := Target{Name: c.Name, Title: c.Title, Risk: c.Risk, Scope: scope, Command: c}
	if raw, err := json.Marshal(c.Schema); err == nil {
		if s, err := argschema.Parse(raw); err == nil {
			t.schema = s
		}
	}
	if t.Title == "" {
		t.Title = c.Name
	}
	if t.Risk == "" {
		t.Risk = "destructive" // fail closed: an undeclared risk waits for an admin
	}
	return t
}

// Param is one argument a target takes, whatever its origin.
type Param struct {
	Name     string
	Required bool
	Type     string
	In       string // path, query, body; "" for a command's argument
	Format   string // "date" for a command's date argument
	Default  any    // the declared default (a command's, or the contract's for an operation)
	Unit     string
	Min, Max *float64
	// Description is a command argument's words ("Flow setpoint"): a
	// question asks for the value by them
	Description string
}

// Params lists the arguments of t in a fixed order.
func (t Target) Params() []Param {
	var out []Param
	if t.Op != nil {
		for _, p := range t.Op.Parameters {
			out = append(out, Param{Name: p.Name, Required: p.Required, Type: p.Type, In: p.In, Default: p.Default})
		}
		return out
	}
	for _, a := range t.Command.Arguments {
		out = append(out, Param{Name: a.Name, Required: a.Required, Type: a.Type, Format: a.Format, Default: a.Default, Unit: a.Unit, Min: a.Minimum, Max: a.Maximum, Description: a.Description})
	}
	return out
}

// Param returns the parameter named name.
func (t Target) Param(name string) (Param, bool) {
	for _, p := range t.Params() {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// Call is one HEART API call that carries out a target.
type Call struct {
	Method string
	Path   string // with the query string, if any
	Body   map[string]any
}

// Call builds the device call for t with args: path parameters escaped into
// the path, query parameters into the query, the rest into the body. A
// product command is invoked through its capability with {"arguments": ...}.
func (t Target) Call(args map[string]any) Call {
	if t.Command != nil {
		inner := map[string]any{}
		for k, v := range args {
			inner[k] = v
		}
		return Call{Method: "POST", Path: "/heart/v1/capabilities/" + url.PathEscape(t.Name) + "/invoke", Body: map[string]any{"arguments": inner}}
	}
	path := t.Op.Path
	q := url.Values{}
	var body map[string]any
	for _, p := range t.Op.Parameters {
		v, ok := args[p.Name]
		if !ok {
			continue
		}
		switch p.In {
		case "path":
			path = strings.Replace(path, "{"+p.Name+"}", url.PathEscape(scalarString(v)), 1)
		case "query":
			q.Set(p.Name, scalarString(v))
		default:
			if body == nil {
				body = map[string]any{}
			}
			body[p.Name] = v
		}
	}
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	if body == nil && t.Op.Method != "GET" && t.Op.Method != "DELETE" {
		body = map[string]any{}
	}
	return Call{Method: t.Op.Method, Path: path, Body: body}
}

func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return formatNumber(x)
	case int:
		return formatNumber(float64(x))
	case json.Number:
		return x.String()
	}
	raw, _ := json.Marshal(v)
	return string(raw)
}
