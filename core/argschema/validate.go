package argschema

import (
	"encoding/json"
	"maps"
	"math"
	"reflect"
	"slices"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// Validate checks args against s. The order is fixed so the same bad input
// always names the same field: unknown members, then required, then each
// argument in name order (type, enum, format, minimum, maximum).
func (s *Schema) Validate(args map[string]any) *api.Problem {
	if s.AdditionalProperties != nil && !*s.AdditionalProperties {
		for _, name := range slices.Sorted(maps.Keys(args)) {
			if _, ok := s.Properties[name]; !ok {
				return api.Problemf(400, api.CodeInvalidRequest, "Argument %q is not one this command takes.", name).WithField(name)
			}
		}
	}
	for _, r := range s.Required {
		if _, ok := args[r]; !ok {
			return api.Problemf(400, api.CodeInvalidRequest, "Argument %q is required.", r).WithField(r)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(args)) {
		p, ok := s.Properties[name]
		if !ok {
			continue
		}
		if prob := p.validate(name, args[name]); prob != nil {
			return prob
		}
	}
	return nil
}

func (p *Prop) validate(name string, v any) *api.Problem {
	n, isNum := number(v)
	switch p.Type {
	case "number":
		if !isNum {
			return typeProblem(name, "a number")
		}
	case "integer":
		if !isNum || n != math.Trunc(n) || math.IsInf(n, 0) {
			return typeProblem(name, "a whole number")
		}
	case "string":
		if _, ok := v.(string); !ok {
			return typeProblem(name, "a string")
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return typeProblem(name, "true or false")
		}
	}
	if len(p.Enum) > 0 && !inEnum(p.Enum, v) {
		return api.Problemf(400, api.CodeInvalidRequest, "Argument %q must be one of %s.", name, enumList(p.Enum)).WithField(name)
	}
	if p.Format == "date" {
		if s, ok := v.(string); ok && !isDate(s) {
			return api.Problemf(400, api.CodeInvalidRequest, "Argument %q must be a date like 2026-01-31.", name).WithField(name)
		}
	}
	if isNum && p.Minimum != nil && n < *p.Minimum {
		return api.Problemf(422, api.CodeOutOfRange, "Argument %q is %v, below the lowest allowed value %v.", name, n, *p.Minimum).WithField(name)
	}
	if isNum && p.Maximum != nil && n > *p.Maximum {
		return api.Problemf(422, api.CodeOutOfRange, "Argument %q is %v, above the highest allowed value %v.", name, n, *p.Maximum).WithField(name)
	}
	return nil
}

// ApplyDefaults returns a copy of args with each missing argument that has a
// default filled in. args itself is not changed.
func (s *Schema) ApplyDefaults(args map[string]any) map[string]any {
	out := make(map[string]any, len(args)+len(s.Properties))
	for k, v := range args {
		out[k] = v
	}
	for name, p := range s.Properties {
		if _, ok := out[name]; !ok && p.Default != nil {
			out[name] = p.Default
		}
	}
	return out
}

func typeProblem(name, want string) *api.Problem {
	return api.Problemf(400, api.CodeInvalidRequest, "Argument %q must be %s.", name, want).WithField(name)
}

// number accepts what encoding/json and Go callers produce.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// inEnum compares as JSON does: numbers by value, everything else exactly.
func inEnum(enum []any, v any) bool {
	vn, vIsNum := number(v)
	for _, e := range enum {
		if en, ok := number(e); ok && vIsNum {
			if en == vn {
				return true
			}
			continue
		}
		if reflect.DeepEqual(e, v) {
			return true
		}
	}
	return false
}

func enumList(enum []any) string {
	b, _ := json.Marshal(enum)
	return string(b)
}

// isDate is RFC 3339 full-date, as JSON Schema's "date" format.
func isDate(s string) bool {
	if len(s) != 10 {
		return false
	}
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}
