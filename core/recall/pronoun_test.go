package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Switching "it" off or starting "it" with nothing named is asked about:
// off may be each thing's halt or the system's shutdown, a start each
// thing's start or the resume of automatic action. "Stop it" is still Stop
// (§6.2), and naming the thing is its halt or start.
func TestResolve_SwitchingAPronounIsAskedAbout(t *testing.T) {
	x := fullIndex(t)
	off := []string{"com.acme.pump.halt", "com.acme.conveyor.halt", "postSystemShutdown"}
	on := []string{"com.acme.pump.start", "com.acme.conveyor.start", "postTendingResume"}
	for _, c := range []struct {
		text, lang string
		offers     []string
	}{
		{"could you turn it off?", "en", off},
		{"mach das aus", "de", off},
		{"apágalo", "es", off},
		{"éteins-le", "fr", off},
		{"start it back up", "en", on},
		{"Start it up again.", "en", on},
		{"arráncalo otra vez", "es", on},
		{"ok, start it back up", "en", on},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Equal(t, DecisionVague, res.Decision, c.text)
		var ids []string
		for _, s := range res.Shortlist {
			ids = append(ids, s.Target)
		}
		assert.Subset(t, ids, c.offers, c.text)
	}
	assert.Equal(t, "postTendingStop", top(t, x.Resolve("stop it", testCtx())).Target)
	res := x.Resolve("turn off the pump", testCtx())
	assert.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "com.acme.pump.halt", top(t, res).Target)
	assert.Equal(t, "postSystemShutdown", top(t, x.Resolve("shut down the system", testCtx())).Target)
	assert.Equal(t, "com.acme.pump.start", top(t, x.Resolve("start the pump back up", testCtx())).Target)
	assert.NotEqual(t, DecisionVague, x.Resolve("vuelve a activar las notificaciones de alertas", testCtx()).Decision)
}

func TestSaysIt_PronounsAndEnclitics(t *testing.T) {
	d, err := load()
	if !assert.NoError(t, err) {
		return
	}
	for _, c := range []struct {
		lang, text string
		want       bool
	}{
		{"en", "turn it off", true},
		{"en", "switch off", false},
		{"es", "apagalo", true},
		{"es", "apaga", false},
		{"de", "mach das aus", true},
		{"fr", "eteins le", true},
	} {
		assert.Equal(t, c.want, saysIt(d.packs[c.lang], tokenize(c.text)), c.text)
	}
}

// "is it on or off?" with nothing named asks which thing's state; "what
// firmware version is it running" asks for something else.
func TestResolve_AStateOfAPronounIsAskedAbout(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "is it on or off?"},
		{"de", "Ist das Ding an oder aus?"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Equal(t, DecisionVague, res.Decision, c.text)
		var names []any
		for _, s := range res.Shortlist {
			assert.Equal(t, "getProperty", s.Target)
			names = append(names, s.Args["name"])
		}
		assert.Subset(t, names, []any{"pump.state", "conveyor.state"}, c.text)
	}
	assert.NotEqual(t, DecisionVague, x.Resolve("what firmware version is it running", testCtx()).Decision)
	// "thing" is no word of any target: a question about one stops nothing
	assert.NotEqual(t, "postTendingStop", top(t, x.Resolve("what's the spinning thing in the tank doing?", testCtx())).Target)
}

// "it" in a deed of the whole system is what the story tells of: a machine
// no pack knows is no part of this system; one of ours is.
func TestResolve_ItOfAStoryAboutAnotherMachine(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, DecisionNone, x.Resolve("Our SCADA historian server is frozen again, restart it please", testCtx()).Decision)
	assert.Equal(t, "postSystemRestart", top(t, x.Resolve("The controller is frozen again, restart it please", testCtx())).Target)
}

// "its" measure after a story of another machine is that machine's; after a
// story of ours, ours.
func TestResolve_ItsMeasureIsTheStorysMachines(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Is the reefer truck to Vigo holding minus 18? Check its temperature.", ""},
		{"fr", "Le camion frigo est en panne. Quelle est sa température ?", ""},
		{"en", "The pump is noisy, check its pressure", "getProperty"},
		{"es", "La bomba hace ruido. ¿Cuál es su presión?", "getProperty"},
	})
}
