package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The text after a quote word is passed on as written and chooses nothing:
// "saying fill the tank to 90" is a message, not a fill.
func TestResolve_QuotedTextIsPassedOnNotRead(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, to, msg string }{
		{"en", "send a message to peer boiler-2 saying the tank is full", "boiler-2", "the tank is full"},
		{"en", "send a message to boiler-2 saying fill the tank to 90", "boiler-2", "fill the tank to 90"},
		{"es", "manda un mensaje a boiler-2 diciendo que el tanque está lleno.", "boiler-2", "el tanque está lleno"},
		{"fr", "envoie un message à boiler-2 pour dire que la pompe redémarre", "boiler-2", "la pompe redémarre"},
		{"de", "schick boiler-2 eine Nachricht mit dem Text „Pumpe läuft wieder“", "boiler-2", "Pumpe läuft wieder"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		top := top(t, x.Resolve(c.text, ctx))
		assert.Equal(t, "postMessage", top.Target, c.text)
		assert.Equal(t, c.msg, top.Args["text"], c.text)
		assert.Equal(t, c.to, top.Args["to"], c.text)
	}
}
