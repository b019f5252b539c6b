package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A clock off by a span of time ("ten minutes slow", "an hour behind")
// is set; its offset names no speed of the conveyor or the mixer.
func TestResolve_AClockOffByASpanIsSet(t *testing.T) {
	x := fullIndex(t)
	for _, text := range []string{
		"set the station's clock to 14:05, it's running ten minutes slow",
		"the clock in the station is 5 minutes slow, set it to 10:42 UTC",
	} {
		res := x.Resolve(text, testCtx())
		assert.Equal(t, DecisionMatch, res.Decision, text)
		assert.Equal(t, "putTime", top(t, res).Target, text)
	}
}
