package bridge

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/heart-core/heart-web/core/api"
)

// message is what one incoming postMessage string turned out to be: a
// request (id set), or a control message (type set, no id).
type message struct {
	id      json.RawMessage
	req     *api.Request
	control string
	raw     map[string]json.RawMessage
}

// requestMembers are the members a request message may carry; anything else
// is refused, so a typo ("header") is an error rather than silently ignored.
var requestMembers = map[string]bool{"id": true, "method": true, "path": true, "headers": true, "body": true, "bodyEncoding": true}

// decode reads one message. A problem with a nil message id means the
// message cannot be answered as a request and becomes an error event.
func decode(msg string) (message, *api.Problem) {
	var m message
	if err := json.Unmarshal([]byte(msg), &m.raw); err != nil || m.raw == nil {
		return m, api.NewProblem(400, api.CodeInvalidRequest, "Every message must be one JSON object encoded as a string.")
	}
	rawID, hasID := m.raw["id"]
	if !hasID {
		var typ string
		if t, ok := m.raw["type"]; ok && json.Unmarshal(t, &typ) == nil && typ != "" {
			m.control = typ
			return m, nil
		}
		return m, api.NewProblem(400, api.CodeInvalidRequest, `A request needs an "id" (a string or a number); a control message needs a "type".`).WithField("id")
	}
	if !validID(rawID) {
		return m, api.NewProblem(400, api.CodeInvalidRequest, `The "id" must be a non-empty string or a number.`).WithField("id")
	}
	m.id = compactID(rawID)
	req, p := decodeRequest(m.raw)
	m.req = req
	return m, p
}

func validID(raw json.RawMessage) bool {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s != ""
	}
	var n json.Number
	return json.Unmarshal(raw, &n) == nil
}

// compactID strips the whitespace a sender may have put around the id, so
// the reply carries exactly the value and nothing else.
func compactID(raw json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return raw
	}
	return buf.Bytes()
}

func decodeRequest(raw map[string]json.RawMessage) (*api.Request, *api.Problem) {
	for name := range raw {
		if !requestMembers[name] {
			return nil, api.Problemf(400, api.CodeInvalidRequest, "Member %q is not part of a request message.", name).WithField(name)
		}
	}
	var method, path, body, encoding string
	var headers map[string]string
	fields := []struct {
		name     string
		dst      any
		required bool
		want     string
	}{
		{"method", &method, true, "a string such as \"GET\""},
		{"path", &path, true, "a string starting with \"/\""},
		{"headers", &headers, false, "an object of string values"},
		{"body", &body, false, "a string (the body's text)"},
		{"bodyEncoding", &encoding, false, "\"base64\" or absent"},
	}
	for _, f := range fields {
		v, ok := raw[f.name]
		if !ok || string(v) == "null" {
			if f.required {
				return nil, api.Problemf(400, api.CodeInvalidRequest, "Member %q is required: %s.", f.name, f.want).WithField(f.name)
			}
			continue
		}
		if json.Unmarshal(v, f.dst) != nil {
			return nil, api.Problemf(400, api.CodeInvalidRequest, "Member %q must be %s.", f.name, f.want).WithField(f.name)
		}
	}
	if !validMethod(method) {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, `Member "method" must be an HTTP method such as "GET".`).WithField("method")
	}
	if !strings.HasPrefix(path, "/") {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, `Member "path" must start with "/".`).WithField("path")
	}
	bodyBytes := []byte(body)
	switch encoding {
	case "":
	case EncodingBase64:
		b, err := base64.StdEncoding.DecodeString(body)
		if err != nil {
			return nil, api.NewProblem(400, api.CodeInvalidRequest, `Member "body" is not valid base64.`).WithField("body")
		}
		bodyBytes = b
	default:
		return nil, api.NewProblem(400, api.CodeInvalidRequest, `Member "bodyEncoding" must be "base64" or absent.`).WithField("bodyEncoding")
	}
	if len(bodyBytes) == 0 {
		bodyBytes = nil
	}
	req := api.NewRequest(method, path, bodyBytes)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return req, nil
}

func validMethod(m string) bool {
	if m == "" || len(m) > 16 {
		return false
	}
	for _, r := range m {
		if (r < 'A' || r > 'Z') && (r < 'a' || r > 'z') {
			return false
		}
	}
	return true
}
