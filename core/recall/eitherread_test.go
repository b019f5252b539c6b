package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A question naming a thing's state with two answers to choose from asks
// for the state now: not the faults its other answer names, nor Stop, nor
// the history. Without the alternative, or asked of the past, the rule
// does not apply.
func TestResolve_EitherStateQuestionReadsTheState(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ text, lang, name string }{
		{"is the pump actually running or has it tripped", "en", "pump.state"},
		{"is the feed belt going or has it stopped", "en", "conveyor.state"},
		{"the belt at the very end of the line - is it moving or not?", "en", "conveyor.state"},
		{"Lauft s Förderband oder stoht's still?", "de", "conveyor.state"},
		{"¿La bomba está en marcha o parada?", "es", "pump.state"},
		{"la pompe tourne ou elle est à l'arrêt ?", "fr", "pump.state"},
		// a past after the alternative asks of now; before it, of then
		{"Is the pump actually running or did it trip again?", "en", "pump.state"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		require.Equal(t, DecisionMatch, res.Decision, c.text)
		got := top(t, res)
		assert.Equal(t, "getProperty", got.Target, c.text)
		assert.Equal(t, c.name, got.Args["name"], c.text)
	}
	assert.Equal(t, "getPropertyHistory", top(t, x.Resolve("was the pump running or stopped last night?", testCtx())).Target)
	// the rule lifts no read over a change: a command stays one
	assert.Equal(t, "com.acme.pump.halt", top(t, x.Resolve("stop the pump or the tank overflows", testCtx())).Target)
}
