// Package bridge is the postMessage protocol of the Core's Web Worker
// (docs/worker-protocol.md) in pure Go: it decodes one JSON string into an
// api.Request, bounds the requests in flight, serves them with an api.Handler
// and encodes each reply as one JSON string. It has no syscall/js, so the
// whole protocol is tested natively with the race detector; wasm/worker only
// moves strings between JavaScript and this package.
package bridge

import (
	"encoding/base64"
	"encoding/json"
	"unicode/utf8"

	"github.com/heart-core/heart-web/core/api"
)

// EncodingBase64 marks a body carried as base64 because it is not UTF-8 text.
const EncodingBase64 = "base64"

// Reply is the answer to one request message. Body is the response body as
// text; a body that is not valid UTF-8 travels as base64 with BodyEncoding set.
type Reply struct {
	ID           json.RawMessage   `json:"id"`
	Status       int               `json:"status"`
	Headers      map[string]string `json:"headers"`
	Body         string            `json:"body"`
	BodyEncoding string            `json:"bodyEncoding,omitempty"`
}

// ErrorEvent reports a message that could not be answered as a request
// because it carried no usable id. It has the reply's fields minus the id,
// so a page handles both with one function.
type ErrorEvent struct {
	Type    string            `json:"type"` // always "error"
	Status  int               `json:"status"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
}

// encodeBody renders a response body for a reply: text as is, anything else
// as base64, because a JSON string cannot carry arbitrary bytes.
func encodeBody(b []byte) (body, encoding string) {
	if utf8.Valid(b) {
		return string(b), ""
	}
	return base64.StdEncoding.EncodeToString(b), EncodingBase64
}

// replyFor turns a Handler's response into a Reply for id.
func replyFor(id json.RawMessage, resp *api.Response) Reply {
	headers := map[string]string{}
	for k, v := range resp.Header {
		headers[k] = v
	}
	body, enc := encodeBody(resp.Body)
	return Reply{ID: id, Status: resp.Status, Headers: headers, Body: body, BodyEncoding: enc}
}

// errorEventFor turns a problem into an error event (no id to answer to).
func errorEventFor(p *api.Problem) ErrorEvent {
	resp := p.Response()
	return ErrorEvent{Type: "error", Status: resp.Status, Headers: map[string]string(resp.Header), Body: string(resp.Body)}
}

// mustJSON marshals values whose types cannot fail to marshal (strings,
// ints, maps of strings, raw JSON that was already validated).
func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		// Unreachable for the types above; still answer something parseable.
		return `{"type":"error","status":500,"headers":{},"body":""}`
	}
	return string(b)
}
