package stats

import (
	"math"
	"time"
)

// Sample is one reading of a signal at a time.
type Sample struct {
	At    time.Time `json:"at"`
	Value float64   `json:"value"`
}

// Features are the §7.2 statistics of one signal over one window. Overshoot
// is nil when the signal has no setpoint step to measure against.
type Features struct {
	Value     float64  `json:"value"`
	Min       float64  `json:"min"`
	Max       float64  `json:"max"`
	Mean      float64  `json:"mean"`
	Stddev    float64  `json:"stddev"`
	Trend     float64  `json:"trend"`
	Overshoot *float64 `json:"overshoot,omitempty"`
	Count     int      `json:"count"`
}

// Step is a setpoint change: at At the setpoint went From → To. Overshoot is
// measured against the last step (§7.2: "as a percentage of the last
// setpoint step").
type Step struct {
	At   time.Time `json:"at"`
	From float64   `json:"from"`
	To   float64   `json:"to"`
}

// Window keeps the samples with from <= At <= to, in order. Samples must be
// sorted by time (the simulator's history is).
func Window(samples []Sample, from, to time.Time) []Sample {
	lo := 0
	for lo < len(samples) && samples[lo].At.Before(from) {
		lo++
	}
	hi := lo
	for hi < len(samples) && !samples[hi].At.After(to) {
		hi++
	}
	return samples[lo:hi]
}

// Compute returns the statistics of samples (already cut to the window,
// sorted by time). last is the most recent setpoint step, or nil. ok is
// false when there are no samples: a statistic of nothing is not zero.
func Compute(samples []Sample, last *Step) (f Features, ok bool) {
	n := len(samples)
	if n == 0 {
		return Features{}, false
	}
	f.Count = n
	f.Value = samples[n-1].Value
	f.Min, f.Max = math.Inf(1), math.Inf(-1)
	sum := 0.0
	for _, s := range samples {
		f.Min = math.Min(f.Min, s.Value)
		f.Max = math.Max(f.Max, s.Value)
		sum += s.Value
	}
	f.Mean = sum / float64(n)
	f.Stddev = stddev(samples, f.Mean)
	f.Trend = Trend(samples)
	if last != nil {
		if o, ok := Overshoot(samples, *last); ok {
			f.Overshoot = &o
		}
	}
	return f, true
}

// stddev is the population standard deviation: the window is the whole
// population the feature describes, not a sample of a larger one.
func stddev(samples []Sample, mean float64) float64 {
	ss := 0.0
	for _, s := range samples {
		d := s.Value - mean
		ss += d * d
	}
	return math.Sqrt(ss / float64(len(samples)))
}

// Trend is the least-squares slope of value over time, in units per minute.
// Fewer than two distinct times give 0: no change can be seen.
func Trend(samples []Sample) float64 {
	n := len(samples)
	if n < 2 {
		return 0
	}
	t0 := samples[0].At
	var sx, sy float64
	for _, s := range samples {
		sx += s.At.Sub(t0).Minutes()
		sy += s.Value
	}
	mx, my := sx/float64(n), sy/float64(n)
	var sxy, sxx float64
	for _, s := range samples {
		dx := s.At.Sub(t0).Minutes() - mx
		sxy += dx * (s.Value - my)
		sxx += dx * dx
	}
	if sxx == 0 {
		return 0
	}
	return sxy / sxx
}

// Overshoot is how far the signal went past the step's target, after the
// step, as a percentage of the step's size. A step up looks at the highest
// value, a step down at the lowest; a signal that never passed the target
// has overshoot 0. ok is false for a zero-size step or no samples after it.
func Overshoot(samples []Sample, step Step) (float64, bool) {
	size := step.To - step.From
	if size == 0 {
		return 0, false
	}
	peak, seen := 0.0, false
	for _, s := range samples {
		if s.At.Before(step.At) {
			continue
		}
		past := (s.Value - step.To) / size // > 0 only beyond the target in the step's direction
		if !seen || past > peak {
			peak, seen = past, true
		}
	}
	if !seen {
		return 0, false
	}
	return math.Max(0, peak) * 100, true
}
