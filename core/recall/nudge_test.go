package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A change by an amount not said is for the named thing's command that
// takes a number, which then lacks it; a number said, or a command whose
// number has a default, leave the reading as it was.
func TestResolve_ANudgeAsksForTheThingsNumber(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, want string }{
		{"en", "turn the conveyor up a bit", "com.acme.conveyor.set_speed"},
		{"en", "Bump the conveyor up a notch.", "com.acme.conveyor.set_speed"},
		{"de", "Könnten Sie die Pumpe etwas schneller laufen lassen?", "com.acme.pump.set_flow"},
		{"fr", "Monte un peu le convoyeur.", "com.acme.conveyor.set_speed"},
		{"es", "Sube un poco la bomba de la estación.", "com.acme.pump.set_flow"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		cand := top(t, res)
		assert.Equal(t, c.want, cand.Target, c.text)
		assert.NotEmpty(t, cand.Missing, c.text)
	}
	cand := top(t, x.Resolve("set the conveyor a bit faster, to 20 m/min", testCtx()))
	assert.Equal(t, "com.acme.conveyor.set_speed", cand.Target)
	assert.Empty(t, cand.Missing)
}

// Closing a little is no closing all the way.
func TestResolve_ANudgeIsNoExtreme(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "fr"
	cand := top(t, x.Resolve("Ferme un peu la vanne.", ctx))
	assert.Equal(t, "com.acme.valve.set_position", cand.Target)
	assert.Nil(t, cand.Args["percent"])
	assert.Contains(t, cand.Missing, "percent")
}
