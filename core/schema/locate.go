package schema

import (
	"encoding/json"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
)

// The generated code reports a failure without its place in the document
// ("field op in Check: required"). locate finds the place: it decodes each
// member on its own into the Go type the schema gives it and descends into the
// deepest one that fails; where every member decodes alone, the failure is the
// object's own (a required member, a bound checked by the parent), and the
// member named in the message is appended.

var messageField = regexp.MustCompile(`^field ([^\s:]+)`)

func locate(raw any, t reflect.Type, path string, err error) (string, string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		if obj, ok := raw.(map[string]any); ok && t != timeType {
			// in a fixed order, so the member named does not change from run to run
			for _, key := range slices.Sorted(maps.Keys(obj)) {
				f, ok := fieldByJSONName(t, key)
				if !ok {
					continue
				}
				if cerr := decodeAlone(obj[key], f.Type); cerr != nil {
					return locate(obj[key], f.Type, join(path, key), cerr)
				}
			}
			if m := messageField.FindStringSubmatch(err.Error()); m != nil {
				if name, ok := jsonNameOf(t, m[1]); ok {
					return join(path, name), err.Error()
				}
			}
		}
	case reflect.Slice:
		if arr, ok := raw.([]any); ok {
			for i, el := range arr {
				if cerr := decodeAlone(el, t.Elem()); cerr != nil {
					return locate(el, t.Elem(), join(path, i), cerr)
				}
			}
		}
	case reflect.Map:
		if obj, ok := raw.(map[string]any); ok {
			for _, key := range slices.Sorted(maps.Keys(obj)) {
				if cerr := decodeAlone(obj[key], t.Elem()); cerr != nil {
					return locate(obj[key], t.Elem(), join(path, key), cerr)
				}
			}
		}
	}
	if te, ok := err.(*json.UnmarshalTypeError); ok && te.Field != "" && !strings.Contains(te.Field, ".") {
		return join(path, te.Field), err.Error()
	}
	return path, err.Error()
}

// decodeAlone decodes one member into a fresh value of type t.
func decodeAlone(raw any, t reflect.Type) error {
	data, err := json.Marshal(raw)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, reflect.New(t).Interface())
}

// fieldByJSONName finds the struct field whose json tag is name.
func fieldByJSONName(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// jsonNameOf maps a name from a generated message (the JSON name, or for some
// checks the Go field name) to the member's JSON name.
func jsonNameOf(t reflect.Type, name string) (string, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == name || strings.EqualFold(f.Name, name) {
			return tag, true
		}
	}
	return "", false
}
