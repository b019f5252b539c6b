package bridge

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// FuzzBridge_Receive: whatever a page posts, the bridge answers exactly once
// with one JSON object that is a reply (an id and a status) or an event (a
// type), and never panics.
func FuzzBridge_Receive(f *testing.F) {
	for _, seed := range []string{
		`{"id":"1","method":"GET","path":"/heart/v1/core/index"}`,
		`{"id":2,"method":"POST","path":"/x?a=1","headers":{"a":"b"},"body":"{}"}`,
		`{"id":"3","method":"PUT","path":"/","body":"AAE=","bodyEncoding":"base64"}`,
		`{"type":"stats"}`, `{"type":"init","device":"http://x"}`, `{"id":{}}`, `[]`, `null`, `"x"`, ``, `{"id":1e400}`,
	} {
		f.Add(seed)
	}
	echo := api.HandlerFunc(func(_ context.Context, r *api.Request) *api.Response {
		return &api.Response{Status: 200, Header: api.Header{"x": r.Method}, Body: r.Body}
	})
	f.Fuzz(func(t *testing.T, msg string) {
		posted := make(chan string, 4)
		b := New(context.Background(), echo, func(s string) { posted <- s }, Options{})
		b.Receive(msg)
		var out string
		select {
		case out = <-posted:
		case <-time.After(5 * time.Second):
			t.Fatalf("no answer to %q", msg)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatalf("answer %q is not a JSON object: %v", out, err)
		}
		_, hasID := m["id"]
		_, hasStatus := m["status"]
		_, hasType := m["type"]
		if hasID == hasType || (hasID && !hasStatus) {
			t.Fatalf("answer %q is neither a reply nor an event", out)
		}
		// Synchronous answers are all posted before Receive returns, so a
		// double answer from Receive's own paths would already be here.
		select {
		case extra := <-posted:
			t.Fatalf("a second answer %q to %q", extra, msg)
		default:
		}
	})
}
