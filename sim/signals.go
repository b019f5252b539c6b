package sim

import (
	"math"
	"time"

	"github.com/heart-core/heart-web/core/stats"
)

// historyCap bounds each signal's fine history: one sample a second for an
// hour, enough for every windowSec a check or a Consultation uses.
const historyCap = 3600

// coarseEvery and coarseCap keep a week at one sample a minute besides, so
// that "the average over the last 24 hours" or "this week's maximum" can be
// answered, as a real controller's trend log would.
const (
	coarseEvery = time.Minute
	coarseCap   = 7 * 24 * 60
	maxWindow   = coarseCap * int(coarseEvery/time.Second)
)

// ring is a bounded, time-ordered run of samples.
type ring struct {
	buf   []stats.Sample
	start int
}

func (r *ring) add(s stats.Sample, limit int) {
	if len(r.buf) < limit {
		r.buf = append(r.buf, s)
		return
	}
	r.buf[r.start] = s
	r.start = (r.start + 1) % limit
}

// all returns the samples oldest first (a copy).
func (r *ring) all() []stats.Sample {
	out := make([]stats.Sample, 0, len(r.buf))
	out = append(out, r.buf[r.start:]...)
	return append(out, r.buf[:r.start]...)
}

func (r *ring) last() (stats.Sample, bool) {
	if len(r.buf) == 0 {
		return stats.Sample{}, false
	}
	i := r.start - 1
	if i < 0 {
		i = len(r.buf) - 1
	}
	return r.buf[i], true
}

// history is one signal's record: every sample of the last hour, and one a
// minute for the last week.
type history struct {
	fine, coarse ring
}

func (h *history) add(s stats.Sample) {
	h.fine.add(s, historyCap)
	if c, ok := h.coarse.last(); !ok || s.At.Sub(c.At) >= coarseEvery {
		h.coarse.add(s, coarseCap)
	}
}

func (h *history) last() (stats.Sample, bool) { return h.fine.last() }

// since returns the samples from from on, oldest first: the minute samples
// older than the fine history, then the fine history.
func (h *history) since(from time.Time) []stats.Sample {
	fine := h.fine.all()
	if len(fine) > 0 && !fine[0].At.After(from) {
		return fine
	}
	var out []stats.Sample
	for _, c := range h.coarse.all() {
		if !c.At.Before(from) && (len(fine) == 0 || c.At.Before(fine[0].At)) {
			out = append(out, c)
		}
	}
	return append(out, fine...)
}

// signalNames are the numeric signals; pump.state and conveyor.state are
// recorded as 1 (running) and 0 (stopped).
var signalNames = []string{"tank.level", "tank.volume", "pump.flow", "pump.pressure", "pump.state", "pump.ramp_rate",
	"heater.temperature", "heater.setpoint", "conveyor.speed", "conveyor.state", "valve.position", "filter.dp",
	"mixer.speed", "power.consumption"}

// noise is each sensor's standard deviation; signals not listed are exact.
var noise = map[string]float64{"tank.level": 0.05, "pump.flow": 0.2, "pump.pressure": 0.02, "heater.temperature": 0.05,
	"conveyor.speed": 0.05, "filter.dp": 0.002, "mixer.speed": 1, "power.consumption": 0.02}

// truth reads a signal's true value from the plant, before sensors.
func (p *plant) truth(signal string) float64 {
	switch signal {
	case "tank.level":
		return p.level() + p.Offsets[0]
	case "tank.volume":
		return p.Volume
	case "pump.flow":
		return p.Flow + p.Offsets[1]
	case "pump.pressure":
		return p.Pressure + p.Offsets[2]
	case "pump.state":
		return b2f(p.PumpOn)
	case "pump.ramp_rate":
		return p.RampRate
	case "heater.temperature":
		return p.Temp + p.Offsets[3]
	case "heater.setpoint":
		return p.HeaterSet
	case "conveyor.speed":
		return p.ConvSpeed
	case "conveyor.state":
		return b2f(p.ConvOn)
	case "valve.position":
		return p.Valve
	case "filter.dp":
		return p.FilterDP
	case "mixer.speed":
		return p.MixerSpeed
	case "power.consumption":
		return p.Power
	}
	return math.NaN()
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// sample reads every signal as its sensor reports it: truth, seeded noise,
// and whatever fault injection adds (a pressure spike, values that jump, a
// heater sensor that reads nothing plausible). It stores each sample.
func (s *Sim) sample(now time.Time) {
	st := s.st
	for _, name := range signalNames {
		v := st.Plant.truth(name)
		if sd, ok := noise[name]; ok {
			v += s.rng.NormFloat64() * sd
		}
		v = s.injectValue(name, v, now)
		if name == "tank.level" || name == "valve.position" {
			v = math.Max(0, math.Min(100, v))
		}
		if name != "heater.temperature" || !st.Plant.HeaterFault {
			v = math.Round(v*1000) / 1000
		}
		st.hist(name).add(stats.Sample{At: now, Value: v})
	}
}

// value returns the latest reported sample of a signal.
func (s *Sim) value(signal string) (float64, bool) {
	h, ok := s.st.History[signal]
	if !ok {
		return 0, false
	}
	x, ok := h.last()
	return x.Value, ok
}

// features computes the §7.2 statistics of a signal over the window ending now.
func (s *Sim) features(signal string, windowSec int) (stats.Features, time.Time, time.Time, bool) {
	h, ok := s.st.History[signal]
	if !ok {
		return stats.Features{}, time.Time{}, time.Time{}, false
	}
	to := s.clk.Now().UTC()
	from := to.Add(-time.Duration(windowSec) * time.Second)
	var step *stats.Step
	switch signal {
	case "pump.flow":
		step = s.st.Plant.FlowStep
	case "heater.temperature":
		step = s.st.Plant.TempStep
	}
	f, ok := stats.Compute(stats.Window(h.since(from), from, to), step)
	return f, from, to, ok
}

// readFeature is the gate's guard reader: a statistic of a signal, by the
// window of one minute (guards judge the present).
func (s *Sim) readFeature(signal, feature string) (float64, bool) {
	if feature == "" || feature == "value" {
		return s.value(signal)
	}
	f, _, _, ok := s.features(signal, 60)
	if !ok {
		return 0, false
	}
	switch feature {
	case "min":
		return f.Min, true
	case "max":
		return f.Max, true
	case "mean":
		return f.Mean, true
	case "stddev":
		return f.Stddev, true
	case "trend":
		return f.Trend, true
	case "count":
		return float64(f.Count), true
	case "overshoot":
		if f.Overshoot == nil {
			return 0, false
		}
		return *f.Overshoot, true
	}
	return 0, false
}
