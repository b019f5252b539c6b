package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/index"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// outbox collects posted messages; post is called from several goroutines.
type outbox struct {
	mu   sync.Mutex
	msgs []string
	got  chan struct{}
}

func newOutbox() *outbox { return &outbox{got: make(chan struct{}, 1024)} }

func (o *outbox) post(s string) {
	o.mu.Lock()
	o.msgs = append(o.msgs, s)
	o.mu.Unlock()
	o.got <- struct{}{}
}

// next waits for the next posted message and decodes it into a map.
func (o *outbox) wait(t *testing.T, n int) []map[string]any {
	t.Helper()
	for i := 0; i < n; i++ {
		select {
		case <-o.got:
		case <-time.After(5 * time.Second):
			t.Fatalf("only %d of %d messages posted", i, n)
		}
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []map[string]any
	for _, s := range o.msgs {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(s), &m), s)
		out = append(out, m)
	}
	o.msgs = nil
	return out
}

func problemOf(t *testing.T, m map[string]any) api.Problem {
	t.Helper()
	body, ok := m["body"].(string)
	require.True(t, ok, "body must be a string: %v", m)
	var p api.Problem
	require.NoError(t, json.Unmarshal([]byte(body), &p))
	assert.Equal(t, api.ContentTypeProblem, m["headers"].(map[string]any)["content-type"])
	return p
}

func TestBridge_ServesTheCoreIndex_AsOneJSONString(t *testing.T) {
	out := newOutbox()
	b := New(context.Background(), core.New(core.Config{}), out.post, Options{})
	b.Receive(`{"id":"r1","method":"GET","path":"/heart/v1/core/index","headers":{"Accept":"application/json"}}`)
	msgs := out.wait(t, 1)
	require.Len(t, msgs, 1)
	m := msgs[0]
	assert.Equal(t, "r1", m["id"])
	assert.EqualValues(t, 200, m["status"])
	assert.Equal(t, api.ContentTypeJSON, m["headers"].(map[string]any)["content-type"])
	idx, err := index.Load()
	require.NoError(t, err)
	var got index.Index
	require.NoError(t, json.Unmarshal([]byte(m["body"].(string)), &got))
	assert.Len(t, got.Operations, len(idx.Operations))
	assert.NotContains(t, m, "bodyEncoding")
}

func TestBridge_EchoesNumericIDs_AndPassesQueryHeadersBody(t *testing.T) {
	out := newOutbox()
	echo := api.HandlerFunc(func(_ context.Context, r *api.Request) *api.Response {
		return api.JSON(201, map[string]any{"method": r.Method, "path": r.Path, "limit": r.Query.Get("limit"), "auth": r.Bearer(), "body": string(r.Body)})
	})
	b := New(context.Background(), echo, out.post, Options{})
	b.Receive(`{"id": 42 ,"method":"post","path":"/heart/v1/logs?limit=5","headers":{"Authorization":"Bearer demo-owner"},"body":"{\"a\":1}"}`)
	m := out.wait(t, 1)[0]
	assert.EqualValues(t, 42, m["id"])
	assert.EqualValues(t, 201, m["status"])
	var got map[string]string
	require.NoError(t, json.Unmarshal([]byte(m["body"].(string)), &got))
	assert.Equal(t, map[string]string{"method": "POST", "path": "/heart/v1/logs", "limit": "5", "auth": "demo-owner", "body": `{"a":1}`}, got)
}

func TestBridge_BinaryBodies_TravelAsBase64(t *testing.T) {
	out := newOutbox()
	echo := api.HandlerFunc(func(_ context.Context, r *api.Request) *api.Response {
		return &api.Response{Status: 200, Header: api.Header{}, Body: r.Body}
	})
	b := New(context.Background(), echo, out.post, Options{})
	b.Receive(`{"id":"b","method":"PUT","path":"/x","body":"/wA=","bodyEncoding":"base64"}`)
	m := out.wait(t, 1)[0]
	assert.Equal(t, "base64", m["bodyEncoding"])
	assert.Equal(t, "/wA=", m["body"])
}

func TestBridge_MalformedMessages_Get400Problems(t *testing.T) {
	cases := []struct {
		name, msg string
		id        any // nil: an error event, not a reply
		field     string
	}{
		{"not JSON", `{"id":`, nil, ""},
		{"JSON but not an object", `[1,2]`, nil, ""},
		{"no id and no type", `{"method":"GET","path":"/"}`, nil, "id"},
		{"object id", `{"id":{},"method":"GET","path":"/"}`, nil, "id"},
		{"empty id", `{"id":"","method":"GET","path":"/"}`, nil, "id"},
		{"no method", `{"id":"a","path":"/"}`, "a", "method"},
		{"method not a string", `{"id":"a","method":5,"path":"/"}`, "a", "method"},
		{"method with space", `{"id":"a","method":"GE T","path":"/"}`, "a", "method"},
		{"relative path", `{"id":"a","method":"GET","path":"heart"}`, "a", "path"},
		{"headers not strings", `{"id":"a","method":"GET","path":"/","headers":{"x":1}}`, "a", "headers"},
		{"body an object", `{"id":"a","method":"POST","path":"/","body":{"level":3}}`, "a", "body"},
		{"unknown member", `{"id":"a","method":"GET","path":"/","header":{}}`, "a", "header"},
		{"bad base64", `{"id":"a","method":"GET","path":"/","body":"%%","bodyEncoding":"base64"}`, "a", "body"},
		{"unknown encoding", `{"id":"a","method":"GET","path":"/","bodyEncoding":"hex"}`, "a", "bodyEncoding"},
		{"unknown control", `{"type":"reboot"}`, nil, "type"},
		{"init not allowed", `{"type":"init","device":"http://x"}`, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := newOutbox()
			served := false
			h := api.HandlerFunc(func(context.Context, *api.Request) *api.Response { served = true; return api.JSON(200, nil) })
			b := New(context.Background(), h, out.post, Options{})
			b.Receive(c.msg)
			m := out.wait(t, 1)[0]
			assert.False(t, served, "a malformed message must not reach the Handler")
			assert.EqualValues(t, 400, m["status"])
			if c.id == nil {
				assert.NotContains(t, m, "id")
				assert.Equal(t, "error", m["type"])
			} else {
				assert.Equal(t, c.id, m["id"])
			}
			p := problemOf(t, m)
			assert.Equal(t, api.CodeInvalidRequest, p.Code)
			assert.Equal(t, c.field, p.Field)
			assert.NotEmpty(t, p.Detail)
		})
	}
}

func TestBridge_NotText_IsAnErrorEvent(t *testing.T) {
	out := newOutbox()
	New(context.Background(), core.New(core.Config{}), out.post, Options{}).NotText()
	m := out.wait(t, 1)[0]
	assert.Equal(t, "error", m["type"])
	assert.EqualValues(t, 400, m["status"])
}

func TestBridge_TooLargeMessage_Is413(t *testing.T) {
	out := newOutbox()
	b := New(context.Background(), core.New(core.Config{}), out.post, Options{MaxMessageBytes: 64})
	b.Receive(`{"id":"a","method":"POST","path":"/","body":"` + string(make([]byte, 100)) + `"}`)
	m := out.wait(t, 1)[0]
	assert.EqualValues(t, 413, m["status"])
	assert.Equal(t, api.CodeTooLarge, problemOf(t, m).Code)
}

func TestBridge_BoundsRequestsInFlight_503(t *testing.T) {
	out := newOutbox()
	release := make(chan struct{})
	started := make(chan struct{}, 8)
	slow := api.HandlerFunc(func(context.Context, *api.Request) *api.Response {
		started <- struct{}{}
		<-release
		return api.JSON(200, map[string]string{})
	})
	b := New(context.Background(), slow, out.post, Options{MaxInFlight: 2})
	b.Receive(`{"id":1,"method":"GET","path":"/"}`)
	b.Receive(`{"id":2,"method":"GET","path":"/"}`)
	for i := 0; i < 2; i++ {
		select {
		case <-started:
		case <-time.After(5 * time.Second):
			t.Fatal("the first two requests were not served")
		}
	}
	b.Receive(`{"id":3,"method":"GET","path":"/"}`)
	m := out.wait(t, 1)[0]
	assert.EqualValues(t, 3, m["id"])
	assert.EqualValues(t, 503, m["status"])
	assert.Equal(t, api.CodeUnavailable, problemOf(t, m).Code)

	close(release)
	done := out.wait(t, 2)
	for _, m := range done {
		assert.EqualValues(t, 200, m["status"])
	}
	// The slots are free again.
	b.Receive(`{"id":4,"method":"GET","path":"/"}`)
	assert.EqualValues(t, 200, out.wait(t, 1)[0]["status"])
}

func TestBridge_PanickingHandler_Is500_AndTheBridgeLives(t *testing.T) {
	out := newOutbox()
	calls := 0
	h := api.HandlerFunc(func(context.Context, *api.Request) *api.Response {
		calls++
		if calls == 1 {
			panic("boom")
		}
		return nil
	})
	b := New(context.Background(), h, out.post, Options{MaxInFlight: 1})
	b.Receive(`{"id":"p","method":"GET","path":"/"}`)
	m := out.wait(t, 1)[0]
	assert.EqualValues(t, 500, m["status"])
	assert.NotContains(t, m["body"], "boom", "a panic's text must not leak")
	b.Receive(`{"id":"n","method":"GET","path":"/"}`)
	assert.EqualValues(t, 500, out.wait(t, 1)[0]["status"], "a nil response is a 500 too")
}

func TestBridge_RequestContext_HasADeadline(t *testing.T) {
	out := newOutbox()
	h := api.HandlerFunc(func(ctx context.Context, _ *api.Request) *api.Response {
		<-ctx.Done()
		return api.NewProblem(504, api.CodeTimeout, ctx.Err().Error()).Response()
	})
	b := New(context.Background(), h, out.post, Options{Timeout: 20 * time.Millisecond})
	b.Receive(`{"id":"t","method":"GET","path":"/"}`)
	assert.EqualValues(t, 504, out.wait(t, 1)[0]["status"])
}

func TestBridge_Init_CallsOnInit_AndNeverEchoesTheToken(t *testing.T) {
	out := newOutbox()
	var got Init
	b := New(context.Background(), core.New(core.Config{}), out.post, Options{OnInit: func(in Init) error {
		if in.Device == "bad" {
			return errors.New("device must be an http(s) URL")
		}
		got = in
		return nil
	}})
	b.Receive(`{"type":"init","device":"http://127.0.0.1:8081","token":"demo-core"}`)
	m := out.wait(t, 1)[0]
	assert.Equal(t, "initialized", m["type"])
	assert.Equal(t, "http://127.0.0.1:8081", m["device"])
	assert.NotContains(t, m, "token")
	assert.Equal(t, Init{Type: "init", Device: "http://127.0.0.1:8081", Token: "demo-core"}, got)

	b.Receive(`{"type":"init","device":"bad"}`)
	m = out.wait(t, 1)[0]
	assert.Equal(t, "error", m["type"])
	assert.Contains(t, problemOf(t, m).Detail, "http(s) URL")

	b.Receive(`{"type":"init","devise":"x"}`)
	m = out.wait(t, 1)[0]
	assert.Equal(t, "devise", problemOf(t, m).Field)
}

func TestBridge_Ready_IsAnEventWithTheBounds(t *testing.T) {
	out := newOutbox()
	New(context.Background(), core.New(core.Config{}), out.post, Options{}).Ready(map[string]any{"coreNewMs": 12, "type": "spoofed"})
	m := out.wait(t, 1)[0]
	assert.Equal(t, "ready", m["type"])
	assert.EqualValues(t, 12, m["coreNewMs"])
	assert.NotContains(t, m, "id")
	assert.EqualValues(t, DefaultMaxInFlight, m["maxInFlight"])
}

func TestBridge_Stats_IsAnEvent_WithHostFigures(t *testing.T) {
	out := newOutbox()
	b := New(context.Background(), core.New(core.Config{}), out.post, Options{Stats: func() map[string]any {
		return map[string]any{"heapBytes": 123, "type": "spoofed"}
	}})
	b.Receive(`{"type":"stats"}`)
	m := out.wait(t, 1)[0]
	assert.Equal(t, "stats", m["type"], "the host cannot change the event type")
	assert.EqualValues(t, 123, m["heapBytes"])
	assert.EqualValues(t, 0, m["inFlight"])
	assert.NotContains(t, m, "id")
}
