package schema

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
)

// extraChecker is implemented (in extra.go) by generated types whose schema
// says more than go-jsonschema checks: anyOf, uniqueItems, a member that may
// take one of two shapes.
type extraChecker interface {
	checkExtra() error
}

// fieldError is a failure of an extra check: Field is relative to the object
// checked ("" for the object itself).
type fieldError struct {
	Field, Msg string
}

func (e *fieldError) Error() string { return e.Msg }

// strict walks the raw document beside the decoded value v. Every generated
// struct is a closed object (the schemas give additionalProperties: false to
// every object with properties), so a member without a field is refused. A
// null is refused wherever the Go type is not interface{} (no schema here
// allows null). Extra checks run on each object after its members.
func strict(raw any, v reflect.Value, path string) error {
	switch v.Kind() {
	case reflect.Interface:
		return nil
	case reflect.Pointer:
		if raw == nil {
			return invalid(path, "null is not allowed")
		}
		return strict(raw, v.Elem(), path)
	case reflect.Struct:
		if v.Type() == timeType {
			return nil
		}
		obj, ok := raw.(map[string]any)
		if !ok {
			return invalid(path, "must be an object")
		}
		// in a fixed order, so the member named in an error does not change from run to run
		for _, key := range slices.Sorted(maps.Keys(obj)) {
			f, ok := fieldByJSONName(v.Type(), key)
			if !ok {
				return invalid(join(path, key), "this member is not allowed here")
			}
			if err := strict(obj[key], v.FieldByIndex(f.Index), join(path, key)); err != nil {
				return err
			}
		}
	case reflect.Slice:
		arr, ok := raw.([]any)
		if !ok {
			return invalid(path, "must be an array")
		}
		for i := range arr {
			if err := strict(arr[i], v.Index(i), join(path, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		obj, ok := raw.(map[string]any)
		if !ok {
			return invalid(path, "must be an object")
		}
		for _, key := range slices.Sorted(maps.Keys(obj)) {
			el := reflect.New(v.Type().Elem()).Elem()
			el.Set(v.MapIndex(reflect.ValueOf(key).Convert(v.Type().Key())))
			if err := strict(obj[key], el, join(path, key)); err != nil {
				return err
			}
		}
	default:
		if raw == nil {
			return invalid(path, "null is not allowed")
		}
	}
	if v.CanAddr() {
		if c, ok := v.Addr().Interface().(extraChecker); ok {
			if err := c.checkExtra(); err != nil {
				if fe, ok := err.(*fieldError); ok {
					return invalid(join(path, fe.Field), fe.Msg)
				}
				return invalid(path, err.Error())
			}
		}
	}
	return nil
}

// decodeStrict decodes raw (a member typed interface{} by the generator,
// because its schema is an anyOf) into v with every check Decode makes.
func decodeStrict(raw any, v any) error {
	data, err := json.Marshal(raw)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	rv := reflect.ValueOf(v).Elem()
	return strict(raw, rv, "")
}
