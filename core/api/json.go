package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// JSON renders v as an application/json response with the given status.
func JSON(status int, v any) *Response {
	body, err := json.Marshal(v)
	if err != nil {
		return ErrorResponse(err)
	}
	return &Response{Status: status, Header: Header{"content-type": ContentTypeJSON}, Body: body}
}

// DecodeStrict decodes a JSON body into v, refusing unknown members, trailing
// data and an empty body. The error is a 400 invalid-request Problem that
// names the field at fault where encoding/json says which.
func DecodeStrict(body []byte, v any) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return NewProblem(400, CodeInvalidRequest, "The request needs a JSON body.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeProblem(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return NewProblem(400, CodeInvalidRequest, "The body has data after its JSON value.")
	}
	return nil
}

func decodeProblem(err error) *Problem {
	switch e := err.(type) {
	case *json.UnmarshalTypeError:
		return Problemf(400, CodeInvalidRequest, "Field %q must be %s, not %s.", e.Field, e.Type.String(), e.Value).WithField(e.Field)
	case *json.SyntaxError:
		return Problemf(400, CodeInvalidRequest, "The body is not valid JSON (at byte %d).", e.Offset)
	}
	msg := err.Error()
	const unknown = "json: unknown field "
	if len(msg) > len(unknown) && msg[:len(unknown)] == unknown {
		field := msg[len(unknown)+1 : len(msg)-1]
		return Problemf(400, CodeInvalidRequest, "Field %q is not allowed here.", field).WithField(field)
	}
	return NewProblem(400, CodeInvalidRequest, fmt.Sprintf("The body could not be read: %s.", msg))
}
