package bridge

import (
	"context"
	"encoding/json"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// Defaults of Options; docs/worker-protocol.md states them as the bounds.
const (
	DefaultMaxInFlight     = 64
	DefaultMaxMessageBytes = 8 << 20
	DefaultTimeout         = 60 * time.Second
)

// Init is the control message that gives the Core its device:
// {"type":"init","device":"http://127.0.0.1:8081","token":"demo-core"}.
type Init struct {
	Type   string `json:"type"`
	Device string `json:"device"`
	Token  string `json:"token"`
}

// Options bound the bridge and connect it to its host.
type Options struct {
	MaxInFlight     int           // requests served at once; beyond, 503 unavailable
	MaxMessageBytes int           // larger messages get 413 too-large
	Timeout         time.Duration // deadline of each request's context
	// OnInit applies an init message (sets the device link). Nil refuses
	// init messages. An error is reported as a 400 error event.
	OnInit func(Init) error
	// Stats adds the host's figures (memory, goroutines) to the answer to a
	// {"type":"stats"} control message. Nil: only the bridge's own figures.
	Stats func() map[string]any
}

// Bridge serves a Handler over a message channel of JSON strings.
type Bridge struct {
	h     api.Handler
	post  func(string)
	opts  Options
	slots chan struct{}
	base  context.Context
}

// New makes a Bridge that answers through post. post is called from several
// goroutines: it must be safe for that (in js/wasm every call runs on the one
// JavaScript thread, so postMessage is).
func New(ctx context.Context, h api.Handler, post func(msg string), o Options) *Bridge {
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = DefaultMaxInFlight
	}
	if o.MaxMessageBytes <= 0 {
		o.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	return &Bridge{h: h, post: post, opts: o, slots: make(chan struct{}, o.MaxInFlight), base: ctx}
}

// Ready posts the ready event: Go is running and requests will be served.
// extra adds the host's start-up figures (e.g. how long core.New took).
func (b *Bridge) Ready(extra map[string]any) {
	ev := map[string]any{}
	for k, v := range extra {
		ev[k] = v
	}
	ev["type"] = "ready"
	ev["maxInFlight"] = b.opts.MaxInFlight
	ev["maxMessageBytes"] = b.opts.MaxMessageBytes
	b.post(mustJSON(ev))
}

// NotText reports a message whose data was not a string.
func (b *Bridge) NotText() {
	b.ErrorEvent(api.NewProblem(400, api.CodeInvalidRequest, "Every message must be one JSON string (use JSON.stringify)."))
}

// ErrorEvent posts p as an error event (a message without an id).
func (b *Bridge) ErrorEvent(p *api.Problem) {
	b.post(mustJSON(errorEventFor(p)))
}

// Receive handles one message. It never blocks on the Handler: the request is
// served in its own goroutine, because Receive runs inside a JavaScript
// callback and Go code that waits there would stall the whole worker.
func (b *Bridge) Receive(msg string) {
	if len(msg) > b.opts.MaxMessageBytes {
		b.post(mustJSON(errorEventFor(api.Problemf(413, api.CodeTooLarge, "A message may be at most %d bytes.", b.opts.MaxMessageBytes))))
		return
	}
	m, p := decode(msg)
	switch {
	case p != nil && m.id == nil:
		b.post(mustJSON(errorEventFor(p)))
	case p != nil:
		b.post(mustJSON(replyFor(m.id, p.Response())))
	case m.control != "":
		b.control(m)
	default:
		b.serve(m.id, m.req)
	}
}

func (b *Bridge) serve(id json.RawMessage, req *api.Request) {
	select {
	case b.slots <- struct{}{}:
	default:
		b.post(mustJSON(replyFor(id, api.Problemf(503, api.CodeUnavailable, "The Core is already serving %d requests; try again shortly.", b.opts.MaxInFlight).Response())))
		return
	}
	go func() {
		resp := b.call(req)
		// Free the slot before posting, so a caller that saw this reply can
		// always send another request without meeting a stale 503.
		<-b.slots
		b.post(mustJSON(replyFor(id, resp)))
	}()
}

// call runs the Handler with a deadline, turning a panic into a 500 reply:
// in js/wasm an unrecovered panic ends the Go program and so the worker.
func (b *Bridge) call(req *api.Request) (resp *api.Response) {
	ctx, cancel := context.WithTimeout(b.base, b.opts.Timeout)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			resp = api.NewProblem(500, api.CodeInternal, "The Core failed while serving this request.").Response()
		}
	}()
	resp = b.h.Serve(ctx, req)
	if resp == nil {
		resp = api.NewProblem(500, api.CodeInternal, "The Core gave no answer.").Response()
	}
	return resp
}

func (b *Bridge) control(m message) {
	if m.control == "stats" {
		b.stats()
		return
	}
	if m.control != "init" {
		b.post(mustJSON(errorEventFor(api.Problemf(400, api.CodeInvalidRequest, "Unknown control message type %q.", m.control).WithField("type"))))
		return
	}
	raw, _ := json.Marshal(m.raw)
	var in Init
	if err := api.DecodeStrict(raw, &in); err != nil {
		p, ok := err.(*api.Problem)
		if !ok {
			p = api.NewProblem(400, api.CodeInvalidRequest, "The init message could not be read.")
		}
		b.post(mustJSON(errorEventFor(p)))
		return
	}
	if b.opts.OnInit == nil {
		b.post(mustJSON(errorEventFor(api.NewProblem(400, api.CodeInvalidRequest, "This worker does not accept init messages."))))
		return
	}
	if err := b.opts.OnInit(in); err != nil {
		b.post(mustJSON(errorEventFor(api.Problemf(400, api.CodeInvalidRequest, "The init message was refused: %s.", err.Error()))))
		return
	}
	b.post(mustJSON(map[string]any{"type": "initialized", "device": in.Device}))
}

// stats answers {"type":"stats"} with a stats event: requests in flight and
// whatever the host adds (benchmarks read the worker's memory this way).
func (b *Bridge) stats() {
	ev := map[string]any{}
	if b.opts.Stats != nil {
		for k, v := range b.opts.Stats() {
			ev[k] = v
		}
	}
	ev["type"] = "stats"
	ev["inFlight"] = len(b.slots)
	b.post(mustJSON(ev))
}
