package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A factory reset is offered only when the request has a word of its own
// ("factory", "erase", "Werkseinstellungen"); a bare "reset it" after a
// story is not chosen as the one change that cannot be undone.
func TestResolve_DestructiveNeedsItsOwnWords(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("We had a power glitch overnight and everything looks a bit off, so could you reset it?", testCtx())
	assert.NotEqual(t, DecisionMatch, res.Decision)
	for _, c := range []struct{ lang, text string }{
		{"en", "factory reset the controller"},
		{"en", "wipe all settings and go back to factory defaults"},
		{"de", "setze die Anlage auf Werkseinstellungen zurück"},
		{"es", "restablece los valores de fábrica"},
		{"fr", "réinitialise aux paramètres d'usine"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Equal(t, DecisionMatch, res.Decision, c.text)
		assert.Equal(t, "postSystemFactoryReset", top(t, res).Target, c.text)
	}
}
