package api

import (
	"context"
	"net/url"
	"strconv"
	"strings"
)

// Header is a flat map of header names to one value each. Names are stored in
// lower case so lookups never depend on how a peer spelled them.
type Header map[string]string

// Get returns the value of name, whatever its case.
func (h Header) Get(name string) string { return h[strings.ToLower(name)] }

// Set stores value under name in lower case.
func (h Header) Set(name, value string) { h[strings.ToLower(name)] = value }

// Clone returns a copy that can be changed without touching h.
func (h Header) Clone() Header {
	out := make(Header, len(h))
	for k, v := range h {
		out[k] = v
	}
	return out
}

// Request is one HEART API call. Path is always the path alone, starting with
// "/heart/v1" for API calls; the query string travels in Query.
type Request struct {
	Method string     `json:"method"`
	Path   string     `json:"path"`
	Query  url.Values `json:"query,omitempty"`
	Header Header     `json:"headers,omitempty"`
	Body   []byte     `json:"body,omitempty"`
}

// Response is the answer to one Request.
type Response struct {
	Status int    `json:"status"`
	Header Header `json:"headers,omitempty"`
	Body   []byte `json:"body,omitempty"`
}

// NewRequest builds a request from a target that may carry a query string
// ("/heart/v1/logs?limit=5").
func NewRequest(method, target string, body []byte) *Request {
	req := &Request{Method: strings.ToUpper(method), Path: target, Header: Header{}, Body: body}
	if i := strings.IndexByte(target, '?'); i >= 0 {
		req.Path = target[:i]
		req.Query, _ = url.ParseQuery(target[i+1:])
	}
	return req
}

// Target is the path with its query string, as a URL would carry it.
func (r *Request) Target() string {
	if len(r.Query) == 0 {
		return r.Path
	}
	return r.Path + "?" + r.Query.Encode()
}

// Bearer returns the bearer token of the Authorization header, or "".
func (r *Request) Bearer() string {
	v := r.Header.Get("Authorization")
	if len(v) > 7 && strings.EqualFold(v[:7], "bearer ") {
		return strings.TrimSpace(v[7:])
	}
	return ""
}

// Limit reads the query parameter limit of a list: def when it is absent,
// else a whole number from 1 to max; anything else is a 400 problem naming it.
func (r *Request) Limit(def, max int) (int, *Problem) {
	if !r.Query.Has("limit") {
		return def, nil
	}
	n, err := strconv.Atoi(r.Query.Get("limit"))
	if err != nil || n < 1 || n > max {
		return 0, Problemf(400, CodeInvalidRequest, "limit must be a whole number from 1 to %d.", max).WithField("limit")
	}
	return n, nil
}

// Handler serves HEART API requests. It must always return a response; errors
// are problem+json responses, never Go errors.
type Handler interface {
	Serve(ctx context.Context, req *Request) *Response
}

// HandlerFunc lets a plain function be a Handler.
type HandlerFunc func(ctx context.Context, req *Request) *Response

// Serve calls f.
func (f HandlerFunc) Serve(ctx context.Context, req *Request) *Response { return f(ctx, req) }

// Transport carries a request to a device and brings back its response. An
// error means the device was not reached (or did not answer in time), never
// that it answered with an error status. Implementations must honour ctx's
// deadline: every external call has a timeout.
type Transport interface {
	RoundTrip(ctx context.Context, req *Request) (*Response, error)
}

// TransportFunc lets a plain function be a Transport.
type TransportFunc func(ctx context.Context, req *Request) (*Response, error)

// RoundTrip calls f.
func (f TransportFunc) RoundTrip(ctx context.Context, req *Request) (*Response, error) {
	return f(ctx, req)
}

// InProcess makes a Handler usable as a Transport, so the simulator can be
// the device of a Core in the same process (tests, the browser demo).
func InProcess(h Handler) Transport {
	return TransportFunc(func(ctx context.Context, req *Request) (*Response, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return h.Serve(ctx, req), nil
	})
}

// Event is one pushed event (alerts, Rhythm entries, property changes,
// Actions waiting or decided): an SSE event, a serial event frame, or a
// postMessage message without an id.
type Event struct {
	Type string `json:"type"`
	Data []byte `json:"data"`
}

// EventSource is a device link that can push events. Subscribe returns a
// channel closed when ctx ends or the link drops, and a cancel function.
type EventSource interface {
	Subscribe(ctx context.Context) (<-chan Event, error)
}
