package main

import (
	"fmt"
	"sort"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/heart-core/heart-web/index"
)

// parametersOf lists an operation's inputs: path and query parameters in the
// document's order, then the JSON body's top-level members by name.
func parametersOf(item *openapi3.PathItem, op *openapi3.Operation) ([]index.Parameter, error) {
	out := []index.Parameter{}
	for _, pr := range mergedParameters(item, op) {
		p := pr.Value
		if p == nil {
			return nil, fmt.Errorf("unresolved parameter %s", pr.Ref)
		}
		if p.In != "path" && p.In != "query" {
			continue // headers and cookies are transport, not arguments
		}
		t := "string"
		if p.Schema != nil && p.Schema.Value != nil {
			t = typeOf(p.Schema.Value)
		}
		out = append(out, index.Parameter{Name: p.Name, In: p.In, Required: p.Required, Type: t})
	}
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return out, nil
	}
	mt := op.RequestBody.Value.Content.Get("application/json")
	if mt == nil || mt.Schema == nil || mt.Schema.Value == nil {
		return out, nil
	}
	body := mt.Schema.Value
	required := map[string]bool{}
	for _, r := range body.Required {
		required[r] = true
	}
	names := make([]string, 0, len(body.Properties))
	for n := range body.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		prm := index.Parameter{Name: n, In: "body", Required: required[n], Type: "string"}
		if s := body.Properties[n]; s != nil && s.Value != nil {
			prm.Type = typeOf(s.Value)
			prm.Default, prm.Enum = s.Value.Default, stringEnum(s.Value)
		}
		out = append(out, prm)
	}
	return out, nil
}

// stringEnum lists the values a string member may take, or nil.
func stringEnum(s *openapi3.Schema) []string {
	var out []string
	for _, v := range s.Enum {
		str, ok := v.(string)
		if !ok {
			return nil
		}
		out = append(out, str)
	}
	return out
}

// mergedParameters is the path item's parameters followed by the
// operation's, an operation's own parameter replacing the path item's one of
// the same name and place (OpenAPI 3.1 §4.8.9).
func mergedParameters(item *openapi3.PathItem, op *openapi3.Operation) openapi3.Parameters {
	own := map[string]bool{}
	for _, pr := range op.Parameters {
		if pr.Value != nil {
			own[pr.Value.In+" "+pr.Value.Name] = true
		}
	}
	var out openapi3.Parameters
	for _, pr := range item.Parameters {
		if pr.Value == nil || !own[pr.Value.In+" "+pr.Value.Name] {
			out = append(out, pr)
		}
	}
	return append(out, op.Parameters...)
}

// typeOf names a schema's JSON type for the Index: the first non-null type,
// else the first anyOf/oneOf branch's, else what its keywords imply.
func typeOf(s *openapi3.Schema) string {
	if s.Type != nil {
		for _, t := range s.Type.Slice() {
			if t != "null" {
				return t
			}
		}
	}
	for _, branches := range [][]*openapi3.SchemaRef{s.AnyOf, s.OneOf, s.AllOf} {
		for _, b := range branches {
			if b.Value != nil {
				if t := typeOf(b.Value); t != "" {
					return t
				}
			}
		}
	}
	switch {
	case len(s.Properties) > 0 || s.AdditionalProperties.Has != nil || s.AdditionalProperties.Schema != nil:
		return "object"
	case s.Items != nil:
		return "array"
	}
	return "string"
}
