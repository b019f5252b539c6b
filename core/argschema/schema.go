package argschema

import (
	"github.com/heart-core/heart-web/core/api"
)

// Schema is the `arguments` of a custom definition: an object schema.
type Schema struct {
	Type                 string           `json:"type"`
	Required             []string         `json:"required,omitempty"`
	AdditionalProperties *bool            `json:"additionalProperties,omitempty"`
	Properties           map[string]*Prop `json:"properties,omitempty"`
}

// Prop is one argument's schema.
type Prop struct {
	Type        string   `json:"type"`
	Enum        []any    `json:"enum,omitempty"`
	Minimum     *float64 `json:"minimum,omitempty"`
	Maximum     *float64 `json:"maximum,omitempty"`
	Default     any      `json:"default,omitempty"`
	Format      string   `json:"format,omitempty"`
	Unit        string   `json:"unit,omitempty"`
	Description string   `json:"description,omitempty"`
}

var propTypes = map[string]bool{"string": true, "number": true, "integer": true, "boolean": true}

// Parse reads an `arguments` schema, refusing keywords outside the subset
// (a definition that used them would be validated wrongly) with a 400 that
// names the member.
func Parse(raw []byte) (*Schema, error) {
	var s Schema
	if err := api.DecodeStrict(raw, &s); err != nil {
		return nil, err
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return &s, nil
}

// Check reports a schema that is not an object of known argument types.
func (s *Schema) Check() error {
	if s.Type != "object" {
		return api.NewProblem(400, api.CodeInvalidRequest, `The arguments schema must have "type": "object".`).WithField("arguments.type")
	}
	for name, p := range s.Properties {
		if p == nil || !propTypes[p.Type] {
			return api.Problemf(400, api.CodeInvalidRequest, "Argument %q needs a type: string, number, integer or boolean.", name).WithField("arguments.properties." + name + ".type")
		}
		if p.Format != "" && p.Format != "date" {
			return api.Problemf(400, api.CodeInvalidRequest, "Argument %q uses format %q; only \"date\" is supported.", name, p.Format).WithField("arguments.properties." + name + ".format")
		}
	}
	for _, r := range s.Required {
		if _, ok := s.Properties[r]; !ok {
			return api.Problemf(400, api.CodeInvalidRequest, "Required argument %q is not described in properties.", r).WithField("arguments.required")
		}
	}
	return nil
}
