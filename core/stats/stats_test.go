package stats

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func series(vals ...float64) []Sample {
	out := make([]Sample, len(vals))
	for i, v := range vals {
		out[i] = Sample{At: t0.Add(time.Duration(i) * time.Minute), Value: v}
	}
	return out
}

func TestCompute_BasicStatistics(t *testing.T) {
	cases := []struct {
		name                      string
		in                        []Sample
		value, min, max, mean, sd float64
		trend                     float64
		count                     int
	}{
		{"constant", series(5, 5, 5), 5, 5, 5, 5, 0, 0, 3},
		{"rising one per minute", series(1, 2, 3, 4), 4, 1, 4, 2.5, math.Sqrt(1.25), 1, 4},
		{"single sample has no trend", series(7), 7, 7, 7, 7, 0, 0, 1},
		{"falling two per minute", series(10, 8, 6), 6, 6, 10, 8, math.Sqrt(8.0 / 3), -2, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, ok := Compute(c.in, nil)
			require.True(t, ok)
			assert.Equal(t, c.value, f.Value)
			assert.Equal(t, c.min, f.Min)
			assert.Equal(t, c.max, f.Max)
			assert.InDelta(t, c.mean, f.Mean, 1e-9)
			assert.InDelta(t, c.sd, f.Stddev, 1e-9)
			assert.InDelta(t, c.trend, f.Trend, 1e-9)
			assert.Equal(t, c.count, f.Count)
			assert.Nil(t, f.Overshoot)
		})
	}
}

func TestCompute_EmptyWindowIsNotZero(t *testing.T) {
	_, ok := Compute(nil, nil)
	assert.False(t, ok)
}

func TestTrend_IsPerMinuteWhateverTheSampleRate(t *testing.T) {
	var s []Sample
	for i := 0; i <= 60; i++ { // one sample a second, rising 0.5 a second
		s = append(s, Sample{At: t0.Add(time.Duration(i) * time.Second), Value: float64(i) * 0.5})
	}
	assert.InDelta(t, 30, Trend(s), 1e-9)
}

func TestOvershoot_IsPercentOfLastSetpointStep(t *testing.T) {
	up := Step{At: t0, From: 20, To: 40}
	down := Step{At: t0, From: 40, To: 20}
	cases := []struct {
		name string
		in   []Sample
		step Step
		want float64
		ok   bool
	}{
		{"step up peaks 4 past 40 of a 20 step", series(20, 35, 44, 41, 40), up, 20, true},
		{"step up never past target", series(20, 30, 39), up, 0, true},
		{"step down dips 2 below 20 of a 20 step", series(40, 25, 18, 20), down, 10, true},
		{"zero step cannot be measured", series(20, 21), Step{At: t0, From: 20, To: 20}, 0, false},
		{"samples before the step are ignored", []Sample{{At: t0.Add(-time.Minute), Value: 90}, {At: t0, Value: 40}}, up, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := Overshoot(c.in, c.step)
			assert.Equal(t, c.ok, ok)
			assert.InDelta(t, c.want, got, 1e-9)
		})
	}
	f, ok := Compute(series(20, 44, 40), &up)
	require.True(t, ok)
	require.NotNil(t, f.Overshoot)
	assert.InDelta(t, 20, *f.Overshoot, 1e-9)
}

func TestWindow_KeepsInclusiveRange(t *testing.T) {
	s := series(1, 2, 3, 4, 5)
	w := Window(s, t0.Add(time.Minute), t0.Add(3*time.Minute))
	require.Len(t, w, 3)
	assert.Equal(t, 2.0, w[0].Value)
	assert.Equal(t, 4.0, w[2].Value)
	assert.Empty(t, Window(s, t0.Add(time.Hour), t0.Add(2*time.Hour)))
}

// Properties that hold for every series: min <= mean <= max, value is the
// last sample, stddev is never negative, and a linear series has its slope
// as trend.
func TestCompute_Invariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		vals := rapid.SliceOfN(rapid.Float64Range(-1e6, 1e6), 1, 50).Draw(t, "vals")
		f, ok := Compute(series(vals...), nil)
		if !ok {
			t.Fatal("non-empty window gave no features")
		}
		eps := 1e-6 * (1 + math.Abs(f.Max) + math.Abs(f.Min))
		if f.Mean < f.Min-eps || f.Mean > f.Max+eps || f.Stddev < 0 || f.Value != vals[len(vals)-1] || f.Count != len(vals) {
			t.Fatalf("bad features %+v for %v", f, vals)
		}
		a := rapid.Float64Range(-100, 100).Draw(t, "slope")
		lin := make([]float64, len(vals))
		for i := range lin {
			lin[i] = a * float64(i)
		}
		if got := Trend(series(lin...)); len(lin) > 1 && math.Abs(got-a) > 1e-6*(1+math.Abs(a)) {
			t.Fatalf("trend %v, want %v", got, a)
		}
	})
}
