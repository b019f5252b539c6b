package main

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/sim"
)

// maxBody bounds what the adapter reads of a request; the Sim itself then
// refuses bodies over its Card's maxRequestBytes with 413.
const maxBody = 1 << 20

// Handler adapts the Sim to net/http: http.Request → api.Request, the
// answer back, SSE for GET /heart/v1/events, and the fault injection only a
// wrapper can do (latency, dropped connections, slow bodies). It is kept
// minimal: transport/httpx, the shared adapter, had not landed when this
// was written.
type Handler struct {
	s *sim.Sim
}

// NewHandler wraps s.
func NewHandler(s *sim.Sim) *Handler { return &Handler{s: s} }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			write(w, api.NewProblem(413, api.CodeTooLarge, "The body is larger than 1 MiB.").Response(), 0)
			return
		}
		write(w, api.NewProblem(400, api.CodeInvalidRequest, "The body could not be read.").Response(), 0)
		return
	}
	req := &api.Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: api.Header{}, Body: body}
	for k, v := range r.Header {
		if len(v) > 0 {
			req.Header.Set(k, v[0])
		}
	}
	f := h.s.InjectedFaults()
	isAPI := !sim.IsSimPath(r.URL.Path)
	if isAPI && f.DropRate > 0 && rand.Float64() < f.DropRate {
		drop(w)
		return
	}
	if isAPI && f.LatencyMs > 0 {
		select {
		case <-time.After(time.Duration(f.LatencyMs) * time.Millisecond):
		case <-r.Context().Done():
			return
		}
	}
	resp := h.s.Serve(r.Context(), req)
	if resp.Header.Get("Heart-Stream") == "events" && resp.Status == 200 {
		h.stream(w, r, resp)
		return
	}
	rate := 0
	if isAPI {
		rate = f.SlowBodyBytesPerSec
	}
	write(w, resp, rate)
}

// write sends resp; a positive rate trickles the body out at that many bytes a second.
func write(w http.ResponseWriter, resp *api.Response, rate int) {
	for k, v := range resp.Header {
		if k != "heart-stream" {
			w.Header().Set(k, v)
		}
	}
	w.WriteHeader(resp.Status)
	if rate <= 0 {
		_, _ = w.Write(resp.Body)
		return
	}
	fl, _ := w.(http.Flusher)
	chunk := max(1, rate/10)
	for b := resp.Body; len(b) > 0; {
		n := min(chunk, len(b))
		if _, err := w.Write(b[:n]); err != nil {
			return
		}
		if fl != nil {
			fl.Flush()
		}
		b = b[n:]
		time.Sleep(100 * time.Millisecond)
	}
}

// drop closes the connection without an answer.
func drop(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			_ = conn.Close()
			return
		}
	}
	panic(http.ErrAbortHandler)
}

// stream serves the Sim's events as Server-Sent Events until the client goes.
func (h *Handler) stream(w http.ResponseWriter, r *http.Request, resp *api.Response) {
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	events, err := h.s.Subscribe(ctx)
	if err != nil {
		write(w, api.ErrorResponse(err), 0)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		write(w, api.NewProblem(500, api.CodeInternal, "Streaming is not supported here.").Response(), 0)
		return
	}
	for k, v := range resp.Header {
		if strings.HasPrefix(k, "access-control-") || k == "vary" {
			w.Header().Set(k, v)
		}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(200)
	_, _ = io.WriteString(w, ": heart-sim events\n\n")
	fl.Flush()
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-keepAlive.C:
			_, _ = io.WriteString(w, ": keep-alive\n\n")
		case ev, ok := <-events:
			if !ok {
				return
			}
			_, _ = io.WriteString(w, "event: "+ev.Type+"\ndata: "+string(ev.Data)+"\n\n")
		}
		fl.Flush()
	}
}
