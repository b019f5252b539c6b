package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTrace_ShowsTheReadingAndTheShortlist(t *testing.T) {
	x := fixtureIndex(t)
	tr := x.Trace("set the flow to 40 litres per minute", testCtx())
	assert.Contains(t, tr, "decision match")
	assert.Contains(t, tr, "number 40 L/min")
	assert.Contains(t, tr, "com.acme.pump.set_flow")
	assert.Contains(t, tr, "act true")
}
