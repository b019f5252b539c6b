// Package httpx serves an api.Handler over net/http and implements
// api.Transport and api.EventSource with net/http's client. It is for native
// programs and tests only: core/ and the worker's wasm never import it
// (decisions §1: net/http doubles the worker's size).
package httpx

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// Options configure Handler; zero values take the defaults.
type Options struct {
	MaxBody      int64           // request body bound; default 1 MiB (413 too-large beyond)
	ReadTimeout  time.Duration   // to read the request body; default 10 s
	Timeout      time.Duration   // for h.Serve; default 30 s
	Events       api.EventSource // what a GET answered text/event-stream streams; nil: none
	KeepAlive    time.Duration   // SSE comment interval; default 15 s
	WriteTimeout time.Duration   // per SSE write; default 10 s
	MaxStreams   int             // SSE streams open at once; default 32 (more get 503)
}

func (o Options) withDefaults() Options {
	if o.MaxBody <= 0 {
		o.MaxBody = 1 << 20
	}
	if o.ReadTimeout <= 0 {
		o.ReadTimeout = 10 * time.Second
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.KeepAlive <= 0 {
		o.KeepAlive = 15 * time.Second
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = 10 * time.Second
	}
	if o.MaxStreams <= 0 {
		o.MaxStreams = 32
	}
	return o
}

// ContentTypeEventStream is how a handler says "authorised, stream events".
const ContentTypeEventStream = "text/event-stream"

// Handler serves h over net/http.
func Handler(h api.Handler, opts Options) http.Handler {
	opts = opts.withDefaults()
	var streams atomic.Int32
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, p := toAPIRequest(w, r, opts)
		if p != nil {
			writeResponse(w, p.Response())
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), opts.Timeout)
		resp := h.Serve(ctx, req)
		cancel()
		if resp == nil {
			resp = api.NewProblem(500, api.CodeInternal, "The request could not be completed.").Response()
		}
		if isEventStream(req, resp) {
			if streams.Add(1) > int32(opts.MaxStreams) {
				streams.Add(-1)
				writeResponse(w, api.NewProblem(503, api.CodeUnavailable, "Too many event streams are open.").Response())
				return
			}
			defer streams.Add(-1)
			streamEvents(w, r, resp, opts)
			return
		}
		writeResponse(w, resp)
	})
}

func toAPIRequest(w http.ResponseWriter, r *http.Request, opts Options) (*api.Request, *api.Problem) {
	req := &api.Request{Method: r.Method, Path: r.URL.Path, Header: api.Header{}}
	if q := r.URL.Query(); len(q) > 0 {
		req.Query = q
	}
	for name, vals := range r.Header {
		if len(vals) > 0 {
			req.Header.Set(name, vals[0])
		}
	}
	if r.ContentLength > opts.MaxBody {
		return nil, tooLarge(opts)
	}
	if r.Body != nil && r.Body != http.NoBody {
		// A slow sender cannot hold the handler: the body has a deadline.
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(opts.ReadTimeout))
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, opts.MaxBody))
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return nil, tooLarge(opts)
		case err != nil:
			return nil, api.NewProblem(400, api.CodeInvalidRequest, "The request body could not be read in time.")
		}
		_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
		if len(body) > 0 {
			req.Body = body
		}
	}
	return req, nil
}

func tooLarge(opts Options) *api.Problem {
	return api.Problemf(413, api.CodeTooLarge, "The request body is larger than %d bytes.", opts.MaxBody)
}

func writeResponse(w http.ResponseWriter, resp *api.Response) {
	for k, v := range resp.Header {
		w.Header().Set(k, v)
	}
	status := resp.Status
	if status < 100 || status > 999 {
		status = 500
	}
	if status != 204 && status != 304 {
		w.Header().Set("Content-Length", strconv.Itoa(len(resp.Body)))
	}
	w.WriteHeader(status)
	_, _ = w.Write(resp.Body)
}

// isEventStream says whether the handler authorised a subscription: a GET
// answered 200 with content-type text/event-stream, or with the header
// "Heart-Stream: events" that the simulator sets (its body is JSON for
// in-process callers). transport/serial applies the same rule.
func isEventStream(req *api.Request, resp *api.Response) bool {
	return req.Method == http.MethodGet && resp.Status == 200 &&
		(strings.HasPrefix(strings.ToLower(resp.Header.Get("content-type")), ContentTypeEventStream) ||
			strings.EqualFold(resp.Header.Get("heart-stream"), "events"))
}
