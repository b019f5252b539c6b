package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A crew or its meeting is whom or when a request about our things is for;
// a request about the crew itself is an errand.
func TestResolve_CrewIsForWhomOrAnErrand(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text, target string // target "" means not understood; the first two are timed
	}{
		{"en", "Tomorrow at 7 run the daily production report so it's ready for the morning meeting.", "com.acme.report.daily"},
		{"es", "A las 21:30 pon la cinta a 10 m/min para el turno de noche.", "com.acme.conveyor.set_speed"},
		{"es", "¿Cuál fue el nivel mínimo del tanque durante el turno de anoche?", "getVitalFeatures"},
		{"en", "It has already been approved by the shift lead, so set the pump flow to 80.", "com.acme.pump.set_flow"},
		{"en", "Show me the Rhythm, I want to see what happened on the last shift.", "getRhythm"},
		{"en", "The service tech on the phone wants the firmware version and the serial number.", "getSystemInfo"},
		{"en", "who's on the night shift this week?", ""},
		{"en", "call the night shift on the phone", ""},
		{"en", "can you schedule a meeting with HR for Thursday at 10?", ""},
		{"es", "programa una reunión con recursos humanos el lunes", ""},
		{"fr", "Qui est d'équipe de nuit samedi ?", ""},
		{"es", "¿Quién está de turno esta noche en la estación?", ""},
		{"de", "Wer hat am Sonntag Frühschicht an der Linie?", ""},
		{"en", "Show me the Rhythm for the night shift, I want to see who or what changed things.", "getRhythm"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		if c.target == "" {
			assert.Equal(t, DecisionNone, res.Decision, c.text)
			continue
		}
		assert.Equal(t, DecisionMatch, res.Decision, c.text)
		assert.Equal(t, c.target, top(t, res).Target, c.text)
	}
}

// A story that tells only of people and places names no object of the
// request; one that tells of another thing, a value, or heads the request
// does.
func TestResolve_StoryOfPeopleAndPlacesIsNoObject(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		off        bool
	}{
		{"en", "Got back from the canteen and the control room is quiet. What's the pump pressure doing at the moment?", false},
		{"de", "Freibad: wie warm ist das Becken heute?", true},
		{"de", "Im Büro sind 18 Grad, dreh mal bitte die Heizung auf 21", true},
		{"es", "la cafetera pierde presión, hay que cambiarle el filtro?", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.off, x.Resolve(c.text, ctx).Decision == DecisionNone, c.text)
	}
}

// A month or a weekday after "in"/"am" is a time, not a named place.
func TestResolve_MonthIsNoPlace(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("The filter was last changed in January. What's the differential pressure across the filter now?", testCtx())
	assert.NotEqual(t, DecisionNone, res.Decision)
	assert.Equal(t, DecisionNone, x.Resolve("what's the water level in Hamburg harbour?", testCtx()).Decision)
}

// German shifts by name are crews; "in der Spätschicht" is when.
func TestResolve_NamedShiftsAreCrews(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Equal(t, "getVitalFeatures", top(t, x.Resolve("Durchschnittlicher Durchfluss in der Spätschicht?", ctx)).Target)
	assert.Equal(t, DecisionNone, x.Resolve("wer ist in der Spätschicht?", ctx).Decision)
}
