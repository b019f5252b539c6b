package devserver

import (
	"context"
	"net/http"

	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/sim"
	"github.com/heart-core/heart-web/transport/httpx"
)

// Simulator builds the Acme pump station (package sim) on the wall clock,
// as `heart-sim --clock real` does, and returns its HTTP handler (the
// shared transport/httpx adapter: bounded bodies and time, SSE events) for
// Options.Device. Its physics follow the clock until ctx ends. logf gets the
// device's log lines (the presence code shows there); nil drops them.
//
// heart-sim's fault-injection wrapper (latency, dropped connections, slow
// bodies) is not part of it: use cmd/heart-sim for those.
func Simulator(ctx context.Context, logf func(string, ...any)) (*sim.Sim, http.Handler) {
	s := sim.New(sim.Options{Clock: clock.Real{}, Logf: logf})
	go s.Follow(ctx)
	return s, httpx.Handler(s, httpx.Options{Events: s})
}
