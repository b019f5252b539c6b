package sim

import (
	"encoding/json"
	"strings"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/argschema"
	"github.com/heart-core/heart-web/core/gate"
	"github.com/heart-core/heart-web/sim/product"
)

// prepPutDefinition validates a custom definition (definition.schema.json):
// its name matches the path, its arguments use the argschema subset, its
// risk, callers and guards are valid. A change bumps definitionsRevision and
// pushes a "definition" event, so the Core rebuilds its Map.
func prepPutDefinition(c *call) (*submission, error) {
	var d product.Definition
	if err := api.DecodeStrict(c.req.Body, &d); err != nil {
		return nil, err
	}
	name := c.p["name"]
	switch {
	case d.Name == "":
		d.Name = name
	case d.Name != name:
		return nil, api.Problemf(400, api.CodeInvalidRequest, "The body names %q but the path %q.", d.Name, name).WithField("name")
	}
	if !strings.Contains(name, ".") || len(name) > 128 {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "A definition's name is a dotted name like com.acme.pump.set_flow (at most 128 characters).").WithField("name")
	}
	if d.Title == "" {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "A definition needs a title.").WithField("title")
	}
	if !gate.Risk(d.Risk).Valid() {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "risk is read, write, physical or destructive.").WithField("risk")
	}
	if len(d.Callers) == 0 {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "callers lists who may run it: human, ai, rule, peer.").WithField("callers")
	}
	for _, k := range d.Callers {
		if !gate.Kind(k).Valid() {
			return nil, api.Problemf(400, api.CodeInvalidRequest, "%q is not a caller kind.", k).WithField("callers")
		}
	}
	if d.Arguments == nil {
		d.Arguments = &argschema.Schema{Type: "object", Properties: map[string]*argschema.Prop{}}
	}
	if err := d.Arguments.Check(); err != nil {
		return nil, err
	}
	for _, g := range d.Guards {
		if err := g.Validate(); err != nil {
			return nil, api.NewProblem(400, api.CodeInvalidRequest, "A guard is not a valid check: "+err.Error()).WithField("guards")
		}
	}
	if c.s.definition(name) == nil && len(c.s.st.Definitions) >= maxDefs {
		return nil, api.Problemf(409, api.CodeConflict, "The device holds at most %d definitions.", maxDefs)
	}
	raw, _ := json.Marshal(d)
	var args map[string]any
	_ = json.Unmarshal(raw, &args)
	return &submission{target: c.op.ID, risk: c.op.Risk, args: args}, nil
}

func runPutDefinition(s *Sim, a gate.Action) (int, any, error) {
	raw, _ := json.Marshal(a.Arguments)
	var d product.Definition
	if err := json.Unmarshal(raw, &d); err != nil {
		return 0, nil, api.NewProblem(400, api.CodeInvalidRequest, "The definition could not be read.")
	}
	status := 201
	if old := s.definition(d.Name); old != nil {
		d.Revision = old.Revision + 1
		*old = d
		status = 200
	} else {
		d.Revision = 1
		s.st.Definitions = append(s.st.Definitions, d)
	}
	s.definitionsChanged(d.Name, "put")
	return status, d, nil
}

func prepDeleteDefinition(c *call) (*submission, error) {
	if c.s.definition(c.p["name"]) == nil {
		return nil, api.Problemf(404, api.CodeNotFound, "There is no definition %q.", c.p["name"])
	}
	if len(c.req.Body) > 0 {
		if err := only(mustArgs(c.req.Body)); err != nil {
			return nil, err
		}
	}
	return &submission{target: c.op.ID, risk: c.op.Risk, args: map[string]any{"name": c.p["name"]}}, nil
}

func mustArgs(body []byte) map[string]any {
	m, err := bodyArgs(body)
	if err != nil {
		return map[string]any{"body": nil}
	}
	return m
}

func runDeleteDefinition(s *Sim, a gate.Action) (int, any, error) {
	name := a.Arguments["name"].(string)
	for i, d := range s.st.Definitions {
		if d.Name == name {
			s.st.Definitions = append(s.st.Definitions[:i:i], s.st.Definitions[i+1:]...)
			s.definitionsChanged(name, "delete")
			return 200, map[string]any{"deleted": name, "revision": s.st.Card.DefinitionsRevision}, nil
		}
	}
	return 0, nil, api.Problemf(404, api.CodeNotFound, "There is no definition %q.", name)
}

func (s *Sim) definitionsChanged(name, change string) {
	s.st.Card.DefinitionsRevision++
	ev := map[string]any{"name": name, "change": change, "revision": s.st.Card.DefinitionsRevision}
	s.bus.publish("definition", ev, true)
	s.rhythm(RhythmEntry{Kind: "definition", Summary: "Definition " + name + " " + change + "; revision " + itoa(s.st.Card.DefinitionsRevision), Data: ev})
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
