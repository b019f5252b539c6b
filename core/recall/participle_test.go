package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A German participle asks for its deed before "werden" or at the end of a
// wish, and tells a state elsewhere.
func TestResolve_GermanParticiplesThatAsk(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ text, want string }{
		{"Das Band müsste bitte gestartet werden.", "com.acme.conveyor.start"},
		{"die Pumpe soll abgeschaltet werden", "com.acme.pump.halt"},
		{"Ich hätte gern, dass das System heruntergefahren wird.", "postSystemShutdown"},
		{"ist die Pumpe gestartet?", "getProperty"},
		{"Wäre es möglich, die Pumpe abzuschalten?", "com.acme.pump.halt"},
	} {
		ctx := testCtx()
		ctx.Lang = "de"
		assert.Equal(t, c.want, top(t, x.Resolve(c.text, ctx)).Target, c.text)
	}
}

func TestInfinitive_OfParticiples(t *testing.T) {
	p := fullIndex(t).d.packs["de"]
	for w, want := range map[string]string{
		"gestartet": "starten", "ausgeschaltet": "ausschalten", "heruntergefahren": "herunterfahren",
		"kalibriert": "kalibrieren", "befullt": "befullen", "tisch": "",
	} {
		assert.Equal(t, want, infinitive(p, w), w)
	}
}

// A question of a deed in a participle asks what the thing is set to.
func TestResolve_AQuestionOfADeedInAParticipleReads(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"fr", "le réchauffeur de la station est réglé sur quelle consigne ?", "getProperty"},
		{"fr", "La rampe de la pompe du skid, elle est réglée à combien ?", "getProperty"},
		{"fr", "règle le débit de la pompe à 40 l/min", "com.acme.pump.set_flow"},
	})
}

// A question opened by a modal whose deed is a participle after "be" asks
// for the deed, politely; a participle after "is" asks a state.
func TestResolve_AModalPassiveAsksForTheDeed(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Could the valve be opened a little more?", "com.acme.valve.set_position"},
		{"en", "can the tank be filled to 80%?", "com.acme.tank.fill"},
		{"en", "is the valve opened?", "getProperty"},
	})
}
