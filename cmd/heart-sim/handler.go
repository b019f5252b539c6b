package main

import (
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/heart-core/heart-web/sim"
	"github.com/heart-core/heart-web/transport/httpx"
)

// NewHandler serves the Sim with the shared adapter (transport/httpx: 1 MiB
// bodies, read timeout, SSE for GET /heart/v1/events) and adds the fault
// injection only a wrapper can do: latency, dropped connections and slow
// bodies, read from the Sim on every call (docs/simulator.md).
func NewHandler(s *sim.Sim) http.Handler {
	inner := httpx.Handler(s, httpx.Options{Events: s})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if sim.IsSimPath(r.URL.Path) {
			inner.ServeHTTP(w, r)
			return
		}
		f := s.InjectedFaults()
		if f.DropRate > 0 && rand.Float64() < f.DropRate {
			drop(w)
			return
		}
		if f.LatencyMs > 0 {
			select {
			case <-time.After(time.Duration(f.LatencyMs) * time.Millisecond):
			case <-r.Context().Done():
				return
			}
		}
		if f.SlowBodyBytesPerSec > 0 {
			w = &slowWriter{ResponseWriter: w, rate: f.SlowBodyBytesPerSec}
		}
		inner.ServeHTTP(w, r)
	})
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

// slowWriter trickles a body out at rate bytes a second, in tenths.
type slowWriter struct {
	http.ResponseWriter
	rate int
}

func (s *slowWriter) Write(b []byte) (int, error) {
	chunk := max(1, s.rate/10)
	n := 0
	for len(b) > 0 {
		k := min(chunk, len(b))
		m, err := s.ResponseWriter.Write(b[:k])
		n += m
		if err != nil {
			return n, err
		}
		s.Flush()
		b = b[k:]
		if len(b) > 0 {
			time.Sleep(100 * time.Millisecond)
		}
	}
	return n, nil
}

func (s *slowWriter) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the real writer.
func (s *slowWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
