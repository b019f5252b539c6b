package gate

import (
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixedRand yields the given numbers in turn, then repeats the last.
func fixedRand(xs ...uint32) func() uint32 {
	i := 0
	return func() uint32 {
		x := xs[min(i, len(xs)-1)]
		i++
		return x
	}
}

func TestPresence_Issue_SixDigits(t *testing.T) {
	p := NewPresence(clock.NewManual(t0), fixedRand(42, 1234567, 4294967295, 999999))
	assert.Equal(t, "000042", p.Issue())
	assert.Equal(t, "234567", p.Issue())
	assert.Equal(t, "999999", p.Issue(), "values past the last full million are drawn again")
}

func TestPresence_Redeem_OnceWithinTwoMinutes(t *testing.T) {
	c := clock.NewManual(t0)
	p := NewPresence(c, fixedRand(123456))
	code := p.Issue()
	c.Advance(119 * time.Second)
	require.NoError(t, p.Redeem(code))
	err := p.Redeem(code)
	requireProblem(t, err, 403, api.CodePresenceRequired)
}

func TestPresence_Late_Refused403(t *testing.T) {
	c := clock.NewManual(t0)
	p := NewPresence(c, fixedRand(123456))
	code := p.Issue()
	c.Advance(2 * time.Minute)
	requireProblem(t, p.Redeem(code), 403, api.CodePresenceRequired)
	c.Set(t0) // and a late code is gone, even if the clock goes back
	requireProblem(t, p.Redeem(code), 403, api.CodePresenceRequired)
}

func TestPresence_ClockBackwards_Refused(t *testing.T) {
	c := clock.NewManual(t0)
	p := NewPresence(c, fixedRand(1))
	code := p.Issue()
	c.Set(t0.Add(-time.Second))
	requireProblem(t, p.Redeem(code), 403, api.CodePresenceRequired)
}

func TestPresence_Unknown_Refused(t *testing.T) {
	p := NewPresence(clock.NewManual(t0), fixedRand(1))
	p.Issue()
	for _, c := range []string{"", "000002", "1", "0000010"} {
		requireProblem(t, p.Redeem(c), 403, api.CodePresenceRequired)
	}
}

func TestPresence_TooManyWrongCodes_EndEveryCode(t *testing.T) {
	p := NewPresence(clock.NewManual(t0), fixedRand(7))
	code := p.Issue()
	for i := 0; i < MaxPresenceFailures; i++ {
		_ = p.Redeem("999999")
	}
	requireProblem(t, p.Redeem(code), 403, api.CodePresenceRequired)
}

func TestPresence_Bounded_OldestForgotten(t *testing.T) {
	xs := make([]uint32, MaxPresenceCodes+1)
	for i := range xs {
		xs[i] = uint32(100 + i)
	}
	p := NewPresence(clock.NewManual(t0), fixedRand(xs...))
	var codes []string
	for range xs {
		codes = append(codes, p.Issue())
	}
	requireProblem(t, p.Redeem(codes[0]), 403, api.CodePresenceRequired)
	require.NoError(t, p.Redeem(codes[len(codes)-1]))
}
