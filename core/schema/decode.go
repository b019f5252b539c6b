package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// Decode reads one JSON document into v and checks it against v's schema.
// The generated UnmarshalJSON methods check required members, enums, bounds,
// lengths, patterns and const; they cannot see members a closed object does
// not declare (each decodes through json.Unmarshal, so a Decoder's
// DisallowUnknownFields never reaches nested objects), null where a value is
// required, nor anyOf and uniqueItems. Decode walks the document beside the
// decoded value to add those checks (see strict.go and extra.go).
//
// Any failure is a 400 invalid-request *api.Problem whose Field names the
// member at fault as a path such as "undoIf.any[0].op" ("" for the whole
// document).
func Decode[T any](data []byte, v *T) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return api.NewProblem(400, api.CodeInvalidRequest, "The request needs a JSON body.")
	}
	raw, err := parseRaw(data)
	if err != nil {
		return err
	}
	var out T
	if err := json.Unmarshal(data, &out); err != nil {
		field, msg := locate(raw, reflect.TypeFor[T](), "", err)
		return invalid(field, msg)
	}
	if err := strict(raw, reflect.ValueOf(&out).Elem(), ""); err != nil {
		return err
	}
	*v = out
	return nil
}

// parseRaw reads the document generically, refusing syntax errors and
// anything after the first value. Numbers stay json.Number so integers and
// fractions remain distinguishable.
func parseRaw(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw any
	if err := dec.Decode(&raw); err != nil {
		if se, ok := err.(*json.SyntaxError); ok {
			return nil, api.Problemf(400, api.CodeInvalidRequest, "The body is not valid JSON (at byte %d).", se.Offset)
		}
		return nil, api.Problemf(400, api.CodeInvalidRequest, "The body is not valid JSON: %s.", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "The body has data after its JSON value.")
	}
	return raw, nil
}

// invalid builds the Problem for a failure at field.
func invalid(field, msg string) *api.Problem {
	if field == "" {
		return api.Problemf(400, api.CodeInvalidRequest, "The document is not valid: %s.", msg)
	}
	return api.Problemf(400, api.CodeInvalidRequest, "Field %q is not valid: %s.", field, msg).WithField(field)
}

// join appends a member name or an index to a field path.
func join(path string, key any) string {
	switch k := key.(type) {
	case int:
		return path + "[" + strconv.Itoa(k) + "]"
	default:
		if k == "" {
			return path
		}
		if path == "" {
			return fmt.Sprint(k)
		}
		return path + "." + fmt.Sprint(k)
	}
}

var timeType = reflect.TypeFor[time.Time]()
