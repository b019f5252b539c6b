package sim

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
)

// Faults is the fault injection of GET/PUT /_sim/faults. The sim applies
// error rate, link down, jumping values, the pressure spike and the heater
// sensor fault itself; latency, slow bodies and dropped connections need the
// HTTP wrapper, which reads them with InjectedFaults.
type Faults struct {
	LatencyMs           int       `json:"latencyMs"`           // wrapper: delay every answer
	SlowBodyBytesPerSec int       `json:"slowBodyBytesPerSec"` // wrapper: trickle bodies
	DropRate            float64   `json:"dropRate"`            // wrapper: close this share of connections unanswered
	ErrorRate           float64   `json:"errorRate"`           // this share of API calls answer 503
	LinkDownSec         int       `json:"linkDownSec"`         // PUT only: the link is down for this long from now
	LinkDownUntil       time.Time `json:"linkDownUntil,omitzero"`
	JumpRate            float64   `json:"jumpRate"`         // chance per sample that a sensor value jumps
	PressureSpikeBar    float64   `json:"pressureSpikeBar"` // added to pump.pressure ...
	PressureSpikeSec    int       `json:"pressureSpikeSec"` // PUT only: ... for this long from now (0: until cleared)
	PressureSpikeUntil  time.Time `json:"pressureSpikeUntil,omitzero"`
	HeaterSensorFault   bool      `json:"heaterSensorFault"` // E402: the heater's sensor reads nothing plausible
}

func (f Faults) validate() error {
	switch {
	case f.LatencyMs < 0 || f.LatencyMs > 60000:
		return api.NewProblem(422, api.CodeOutOfRange, "latencyMs is 0 to 60000.").WithField("latencyMs")
	case f.SlowBodyBytesPerSec < 0:
		return api.NewProblem(422, api.CodeOutOfRange, "slowBodyBytesPerSec is 0 or more.").WithField("slowBodyBytesPerSec")
	case !rate(f.DropRate):
		return api.NewProblem(422, api.CodeOutOfRange, "dropRate is 0 to 1.").WithField("dropRate")
	case !rate(f.ErrorRate):
		return api.NewProblem(422, api.CodeOutOfRange, "errorRate is 0 to 1.").WithField("errorRate")
	case !rate(f.JumpRate):
		return api.NewProblem(422, api.CodeOutOfRange, "jumpRate is 0 to 1.").WithField("jumpRate")
	case f.LinkDownSec < 0 || f.LinkDownSec > 86400:
		return api.NewProblem(422, api.CodeOutOfRange, "linkDownSec is 0 to 86400.").WithField("linkDownSec")
	case math.IsNaN(f.PressureSpikeBar) || f.PressureSpikeBar < 0 || f.PressureSpikeBar > 20:
		return api.NewProblem(422, api.CodeOutOfRange, "pressureSpikeBar is 0 to 20.").WithField("pressureSpikeBar")
	case f.PressureSpikeSec < 0 || f.PressureSpikeSec > 86400:
		return api.NewProblem(422, api.CodeOutOfRange, "pressureSpikeSec is 0 to 86400.").WithField("pressureSpikeSec")
	}
	return nil
}

func rate(x float64) bool { return x >= 0 && x <= 1 }

// InjectedFaults returns the current fault injection, for the HTTP wrapper.
func (s *Sim) InjectedFaults() Faults {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.Faults
}

// SetFaults replaces the fault injection (what PUT /_sim/faults does).
func (s *Sim) SetFaults(f Faults) error {
	if err := f.validate(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.setFaultsLocked(f)
	return nil
}

func (s *Sim) setFaultsLocked(f Faults) {
	now := s.now()
	f.LinkDownUntil, f.PressureSpikeUntil = time.Time{}, time.Time{}
	if f.LinkDownSec > 0 {
		f.LinkDownUntil = now.Add(time.Duration(f.LinkDownSec) * time.Second)
	}
	if f.PressureSpikeBar > 0 && f.PressureSpikeSec > 0 {
		f.PressureSpikeUntil = now.Add(time.Duration(f.PressureSpikeSec) * time.Second)
	}
	s.st.Faults = f
	s.st.Plant.HeaterFault = f.HeaterSensorFault
	// The sensors report the spike at once, so a guard reading it refuses now.
	s.sample(now)
	s.logf("warning", "sim", "Fault injection set: %+v", f)
}

func (s *Sim) linkDown() bool { return s.now().Before(s.st.Faults.LinkDownUntil) }

// injectFailure answers for a device that is unreachable or failing.
func (s *Sim) injectFailure(*api.Request) *api.Problem {
	if s.linkDown() {
		return api.NewProblem(503, api.CodeDeviceUnreachable, "The device's link is down (fault injection).")
	}
	if f := s.st.Faults.ErrorRate; f > 0 && s.rng.Float64() < f {
		return api.NewProblem(503, api.CodeUnavailable, "The device failed to answer (fault injection).")
	}
	return nil
}

// injectValue applies the pressure spike, jumping values and the heater
// sensor fault to one sensor reading.
func (s *Sim) injectValue(name string, v float64, now time.Time) float64 {
	f := s.st.Faults
	if name == "pump.pressure" && f.PressureSpikeBar > 0 && (f.PressureSpikeUntil.IsZero() || now.Before(f.PressureSpikeUntil)) {
		v += f.PressureSpikeBar
	}
	if f.JumpRate > 0 && noise[name] > 0 && s.rng.Float64() < f.JumpRate {
		v += (s.rng.Float64()*2 - 1) * 50 * noise[name] * 10
	}
	if name == "heater.temperature" && s.st.Plant.HeaterFault {
		v = -273.15
	}
	return v
}

// cors adds Access-Control-Allow-Origin for configured origins, the same
// in-process and over HTTP.
func (s *Sim) cors(req *api.Request, resp *api.Response) {
	origin := req.Header.Get("Origin")
	if origin == "" || !contains(s.opts.Origins, origin) {
		return
	}
	resp.Header.Set("Access-Control-Allow-Origin", origin)
	resp.Header.Set("Vary", "Origin")
	resp.Header.Set("Access-Control-Expose-Headers", "Heart-Action-Id, Idempotent-Replay")
}

func (s *Sim) preflight(req *api.Request) *api.Response {
	resp := &api.Response{Status: 204, Header: api.Header{}}
	if contains(s.opts.Origins, req.Header.Get("Origin")) {
		resp.Header.Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
		resp.Header.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, Heart-Initiator, Heart-On-Behalf-Of, Heart-Rule-Id, Heart-Serve")
		resp.Header.Set("Access-Control-Max-Age", "600")
	}
	return resp
}

// snapshot is what GET /_sim/snapshot returns and POST /_sim/restore takes.
type snapshot struct {
	Version int               `json:"version"`
	At      time.Time         `json:"at"`
	State   *state            `json:"state"`
	Book    gate.BookSnapshot `json:"book"`
}

// Snapshot returns the device's state as JSON: plant, stores, Actions,
// autonomy level and tokens. Signal history, saved idempotent answers and
// presence codes are not included (a restored device starts them afresh).
func (s *Sim) Snapshot() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snapshotLocked()
}

func (s *Sim) snapshotLocked() []byte {
	s.st.Level = s.autonomy.Level()
	s.st.Tokens = nil
	for _, t := range s.tokens.List() {
		s.st.Tokens = append(s.st.Tokens, tokenRecord{Token: t, Secret: t.Value})
	}
	raw, _ := json.Marshal(snapshot{Version: 1, At: s.now(), State: s.st, Book: s.book.Snapshot()})
	s.st.Tokens = nil
	return raw
}

// Restore puts the device back into a snapshot's state. A manual clock is
// set to the snapshot's time. A bad snapshot changes nothing (400).
func (s *Sim) Restore(raw []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.restoreLocked(raw)
}

func (s *Sim) restoreLocked(raw []byte) error {
	var snap snapshot
	if err := json.Unmarshal(raw, &snap); err != nil || snap.Version != 1 || snap.State == nil {
		return api.NewProblem(400, api.CodeInvalidRequest, "That is not a snapshot of this simulator (version 1).")
	}
	tokens := gate.NewTokens(0)
	for _, t := range snap.State.Tokens {
		t.Token.Value = t.Secret
		if err := tokens.Add(t.Token); err != nil {
			return err
		}
	}
	book := gate.NewBook(s.clk, s.newID, gate.DefaultMaxActions)
	if err := book.Restore(snap.Book); err != nil {
		return err
	}
	if s.manual != nil {
		s.manual.Set(snap.At)
	}
	st := snap.State
	st.Tokens = nil
	st.History = map[string]*history{}
	s.st, s.tokens = st, tokens
	s.resetGateLocked(st.Level)
	book.OnChange = s.onAction
	s.book = book
	s.physAt = s.clk.Now().UTC()
	s.sample(s.physAt)
	s.prevFlt = s.faultConditions()
	return nil
}

func (s *Sim) simRoutes() {
	r := &s.simRouter
	r.Handle("POST", "/_sim/reset", "simReset", func(context.Context, *api.Request, api.Params) *api.Response {
		s.resetLocked()
		return api.JSON(200, map[string]any{"reset": true, "at": s.now()})
	})
	r.Handle("GET", "/_sim/snapshot", "simSnapshot", func(context.Context, *api.Request, api.Params) *api.Response {
		return &api.Response{Status: 200, Header: api.Header{"content-type": api.ContentTypeJSON}, Body: s.snapshotLocked()}
	})
	r.Handle("POST", "/_sim/restore", "simRestore", func(_ context.Context, req *api.Request, _ api.Params) *api.Response {
		if err := s.restoreLocked(req.Body); err != nil {
			return api.ErrorResponse(err)
		}
		return api.JSON(200, map[string]any{"restored": true, "at": s.now()})
	})
	r.Handle("POST", "/_sim/clock/advance", "simAdvance", func(_ context.Context, req *api.Request, _ api.Params) *api.Response {
		var b struct {
			Seconds float64 `json:"seconds"`
		}
		if err := api.DecodeStrict(req.Body, &b); err != nil {
			return api.ErrorResponse(err)
		}
		if b.Seconds <= 0 || b.Seconds > 86400 || math.IsNaN(b.Seconds) {
			return api.NewProblem(422, api.CodeOutOfRange, "seconds is more than 0 and at most 86400 (a day).").WithField("seconds").Response()
		}
		if s.manual == nil {
			return api.NewProblem(409, api.CodeConflict, "The simulator runs on the real clock (--clock real); it cannot be advanced.").Response()
		}
		s.mu.Unlock() // Advance takes the lock itself
		s.Advance(time.Duration(b.Seconds * float64(time.Second)))
		s.mu.Lock()
		return api.JSON(200, map[string]any{"at": s.now()})
	})
	r.Handle("GET", "/_sim/faults", "simFaults", func(context.Context, *api.Request, api.Params) *api.Response {
		return api.JSON(200, s.st.Faults)
	})
	r.Handle("PUT", "/_sim/faults", "simSetFaults", func(_ context.Context, req *api.Request, _ api.Params) *api.Response {
		var f Faults
		if err := api.DecodeStrict(req.Body, &f); err != nil {
			return api.ErrorResponse(err)
		}
		if err := f.validate(); err != nil {
			return api.ErrorResponse(err)
		}
		s.setFaultsLocked(f)
		return api.JSON(200, s.st.Faults)
	})
	r.Handle("GET", "/_sim/display", "simDisplay", func(context.Context, *api.Request, api.Params) *api.Response {
		d := s.showCode()
		return api.JSON(200, map[string]any{"code": d.Code, "issuedAt": d.IssuedAt, "expiresAt": d.IssuedAt.Add(gate.PresenceTTL)})
	})
}

// IsSimPath says whether path is one of the simulator's own endpoints
// (/_sim/...), which wrappers never fault-inject.
func IsSimPath(path string) bool { return strings.HasPrefix(path, "/_sim/") }
