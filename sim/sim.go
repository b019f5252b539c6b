package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/core/gate"
	"github.com/heart-core/heart-web/sim/product"
)

// DefaultOrigin is the dev server's origin, allowed by CORS unless Options
// name others.
const DefaultOrigin = "http://127.0.0.1:8080"

// DefaultStart is where a simulated clock starts when Options give none.
var DefaultStart = time.Date(2026, 1, 5, 6, 0, 0, 0, time.UTC)

// Options configure a Sim. Zero values give the demo: a manual clock at
// DefaultStart, seed 0, the demo tokens, CORS for DefaultOrigin.
type Options struct {
	Clock   clock.Clock             // a *clock.Manual moves only by Advance
	Seed    int64                   // sensor noise and ids
	Origins []string                // CORS origins
	Tokens  []gate.Token            // the token table; nil: gate.DemoTokens()
	Logf    func(string, ...any)    // where the device's log lines also go (the presence code shows here)
	Product func() *product.Product // nil: the embedded Acme pump station
}

// Sim is the simulated device. It is safe for concurrent use: one mutex
// serialises requests and time.
type Sim struct {
	mu       sync.Mutex
	opts     Options
	clk      clock.Clock
	manual   *clock.Manual
	rng      *rand.Rand
	ids      *rand.Rand
	st       *state
	prod     *product.Product // the static product: properties, components, fault codes
	physAt   time.Time
	sampleIn float64
	prevFlt  map[string]bool // fault codes active at the last tick, to raise each alert once

	tokens   *gate.Tokens
	book     *gate.Book
	idem     *gate.Idempotency
	presence *gate.Presence
	autonomy *gate.Autonomy
	display  displayCode

	router    api.Router
	simRouter api.Router
	ops       map[string]*op
	bus       *bus
}

var _ api.Handler = (*Sim)(nil)
var _ api.EventSource = (*Sim)(nil)

// New builds a Sim in its initial state.
func New(o Options) *Sim {
	if o.Clock == nil {
		o.Clock = clock.NewManual(DefaultStart)
	}
	if len(o.Origins) == 0 {
		o.Origins = []string{DefaultOrigin}
	}
	if o.Tokens == nil {
		o.Tokens = gate.DemoTokens()
	}
	if o.Product == nil {
		o.Product = product.MustLoad
	}
	s := &Sim{opts: o, clk: o.Clock, bus: newBus()}
	s.manual, _ = o.Clock.(*clock.Manual)
	s.routes()
	s.simRoutes()
	s.mu.Lock()
	s.resetLocked()
	s.mu.Unlock()
	return s
}

// Reset puts the device back in its initial state (level 3, nothing
// waiting, the demo tokens) at the clock's current time. Subscribers stay.
func (s *Sim) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resetLocked()
}

func (s *Sim) resetLocked() {
	seed := uint64(s.opts.Seed)
	s.rng = rand.New(rand.NewPCG(seed, 0x5eed))
	s.ids = rand.New(rand.NewPCG(seed, 0x1d5))
	now := s.clk.Now().UTC()
	s.resetStateLocked()
	s.tokens = gate.NewTokens(0)
	for _, t := range s.opts.Tokens {
		_ = s.tokens.Add(t) // a bad token in Options is skipped: the table refuses it
	}
	s.resetGateLocked(3)
	s.physAt = now
	s.sampleIn = 0
	s.prevFlt = map[string]bool{}
	s.sample(now)
	s.logf("info", "controller", "Device started (firmware 2.4.1).")
}

// resetStateLocked puts the plant and the device's stores in their initial state.
func (s *Sim) resetStateLocked() {
	s.prod = s.opts.Product()
	p := s.prod
	now := s.clk.Now().UTC()
	s.st = &state{
		Plant: initialPlant(), History: map[string]*history{}, Card: p.Card, Definitions: p.Definitions,
		Config:      map[string]any{"name": p.Card.Name, "units": "metric", "reportHour": 6, "lowLevelAlarmPercent": 10.0},
		Updates:     []Update{{ID: "fw-2.4.1", Version: "2.4.1", Signed: true, State: "installed", Summary: "Current firmware", Installed: true}, {ID: "fw-2.5.0", Version: "2.5.0", Signed: true, State: "available", Summary: "Smoother pump ramps; heater sensor diagnostics"}},
		Network:     Network{Hostname: "acme-ps-0001", Address: "192.168.10.20/24", Link: "up", DHCP: true},
		Diagnostics: Diagnostics{Result: "not-run", Checks: map[string]string{}},
		BootAt:      now, Level: 3,
	}
}

// resetGateLocked makes fresh gate stores: no Actions, no saved replies.
func (s *Sim) resetGateLocked(level int) {
	s.book = gate.NewBook(s.clk, s.newID, gate.DefaultMaxActions)
	s.book.OnChange = s.onAction
	s.idem = gate.NewIdempotency(0)
	s.presence = gate.NewPresence(s.clk, func() uint32 { return s.ids.Uint32() })
	s.autonomy = gate.NewAutonomy(level)
	s.display = displayCode{}
}

// newID gives seeded, UUID-shaped ids, so a seed gives the same ids.
func (s *Sim) newID() string {
	a, b := s.ids.Uint64(), s.ids.Uint64()
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", uint32(a>>32), uint16(a>>16), uint16(a)&0xfff, uint16(b>>48)&0x3fff|0x8000, b&0xffffffffffff)
}

// Now is the device's clock (with the offset PUT /time set).
func (s *Sim) now() time.Time { return s.clk.Now().UTC() }

// Serve implements api.Handler.
func (s *Sim) Serve(ctx context.Context, req *api.Request) *api.Response {
	if req.Header == nil {
		req.Header = api.Header{}
	}
	resp := s.serve(ctx, req)
	if resp.Header == nil {
		resp.Header = api.Header{}
	}
	s.cors(req, resp)
	return resp
}

func (s *Sim) serve(ctx context.Context, req *api.Request) *api.Response {
	if req.Method == "OPTIONS" {
		return s.preflight(req)
	}
	if strings.HasPrefix(req.Path, "/_sim/") {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.simRouter.Serve(ctx, req)
	}
	if max := s.maxBody(); len(req.Body) > max {
		return api.Problemf(413, api.CodeTooLarge, "The body is %d bytes; this device takes at most %d.", len(req.Body), max).Response()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.catchUp(s.clk.Now())
	if p := s.injectFailure(req); p != nil {
		return p.Response()
	}
	return s.router.Serve(ctx, req)
}

func (s *Sim) maxBody() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := s.st.Card.Limits["maxRequestBytes"]; n > 0 {
		return n
	}
	return 65536
}

// Advance moves a manual clock forward by d, second by second, running the
// physics, schedules, expiries, alerts and Trial timers on the way. With
// any other clock it only catches up to the clock's present.
func (s *Sim) Advance(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.manual == nil {
		s.catchUp(s.clk.Now())
		return
	}
	end := s.manual.Now().Add(d)
	for s.manual.Now().Before(end) {
		chunk := min(time.Second, end.Sub(s.manual.Now()))
		s.catchUp(s.manual.Advance(chunk))
	}
}

// Sync catches the simulation up with the clock (real-time mode calls it
// from a ticker).
func (s *Sim) Sync() { s.Advance(0) }

// catchUp runs fixed physics steps until physAt reaches now; once a
// simulated second it samples the sensors and runs the device's timers.
func (s *Sim) catchUp(now time.Time) {
	now = now.UTC()
	step := time.Duration(stepSec * float64(time.Second))
	// A real clock that jumped far (a laptop asleep) is not replayed step by step.
	if now.Sub(s.physAt) > 2*time.Hour {
		s.physAt = now.Add(-2 * time.Hour)
	}
	for !s.physAt.Add(step).After(now) {
		s.physAt = s.physAt.Add(step)
		if !s.st.Shutdown {
			s.st.Plant.step(stepSec)
		}
		s.sampleIn += stepSec
		if s.sampleIn >= 1 {
			s.sampleIn = 0
			s.sample(s.physAt)
			s.tick(s.physAt)
		}
	}
}

// tick runs once a simulated second: alerts from the plant, schedules due,
// expired Actions, Trial timers.
func (s *Sim) tick(now time.Time) {
	s.checkPlantAlerts(now)
	s.fireSchedules(now)
	s.book.ExpireDue(now)
	s.runTrialTimers(now)
}

func (s *Sim) logf(level, source, format string, args ...any) {
	s.st.Seq++
	msg := fmt.Sprintf(format, args...)
	s.st.Logs = appendBounded(s.st.Logs, LogEntry{Seq: s.st.Seq, At: s.now(), Level: level, Source: source, Message: msg}, maxLogs)
	if s.opts.Logf != nil {
		s.opts.Logf("%s %s: %s", level, source, msg)
	}
}

// rhythm appends a device entry to the Rhythm and pushes it as an event.
func (s *Sim) rhythm(e RhythmEntry) RhythmEntry {
	s.st.Seq++
	e.Seq, e.At = s.st.Seq, s.now()
	if e.Source == "" {
		e.Source = "device"
	}
	s.st.Rhythm = appendBounded(s.st.Rhythm, e, maxRhythm)
	s.bus.publish("rhythm", e, false)
	return e
}

// Follow syncs the simulation with its clock four times a second until ctx
// ends: the real-time mode of heart-sim and heart-dev.
func (s *Sim) Follow(ctx context.Context) {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.Sync()
		}
	}
}
