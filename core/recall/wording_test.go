package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Wordings, owners and numbers read as people write them (the twelfth
// session's rules; docs/recall.md).
func TestResolve_WordingsOwnersAndNumbers(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		// a holiday asked for is no schedule of this system
		{"de", "Trag mir Urlaub vom 3. bis 10. ein.", ""},
		// "drop the …" lowers what it names
		{"en", "drop the pump ramp rate to 1.5", "com.acme.pump.set_ramp_rate"},
		{"en", "can you drop the flow to sixty? lower hydrants are spitting", "com.acme.pump.set_flow"},
		{"en", "the pressure drop across the filter?", "getProperty"},
		// a short question about ours, stop words aside, then a story
		{"en", "serial number of the pump station? the insurance form wants it", "getSystemInfo"},
		{"fr", "la pompe de la station tourne ? on entend rien avec la P-201 à côté", "getProperty"},
		// "one of the …" is one of many, no id
		{"en", "One of the lads says the conveyor has stopped. Is it running or stopped?", "getProperty"},
		// "not ours" says the thing named is another one
		{"en", "what's the flow on the Mittelstation booster pump? not ours, the one in the upper pump house", ""},
		{"es", "¿cuál es el nivel del depósito? no el nuestro, el de la torre", ""},
		{"fr", "la pression de la pompe, pas la nôtre, celle du voisin", ""},
		{"en", "show our pump pressure, not theirs", "getProperty"},
		// a unit's own word is no typo ("bars" is not "bras")
		{"fr", "la pompe est à combien de bars ?", "getProperty"},
		// a word that opens a sentence is no name after a word of place
		// ("aus" is also "from")
		{"de", "Pumpe aus! Leck im Duschhaus", "com.acme.pump.halt"},
		// a bare number the story tells is no value that makes a halt a setting
		{"de", "Mach die Pumpe aus, der Schlauch bei Parzelle 12 ist geplatzt!", "com.acme.pump.halt"},
		// "so the …", "so you …" open a clause of purpose; "so I'd like …" asks
		{"en", "make it beep or flash so the new guy Jonas can find it in the plant room", "postSystemIdentify"},
		{"en", "Make the station blink or beep so the new guy can find it in the basement", "postSystemIdentify"},
		{"en", "the flow is surging, so I'd like the pump ramp rate at 1.5", "com.acme.pump.set_ramp_rate"},
		// what a clause of purpose denies is the reason, not the deed
		{"en", "set autonomy to level 5 so you don't have to keep asking me", "putTendingAutonomy"},
		{"en", "don't fill the tank so it stays low", ""},
		// an owner known only by a typo guess ("refuge" as "refuse") is
		// still a word no pack knows
		{"fr", "remplis la citerne du refuge", ""},
		{"fr", "monte le chauffage du refuge à 20 degrés", ""},
		{"fr", "remplis la citerne", "com.acme.tank.fill"},
		// rain water and a rain tank are what the tank holds, not weather
		{"en", "how full is the rain tank?", "getProperty"},
		{"de", "Wie voll ist die Regenzisterne grad?", "getProperty"},
		{"es", "¿Cuánta agua queda en el depósito de lluvia?", "getProperty"},
		{"fr", "il reste combien d'eau de pluie dans la cuve ?", "getProperty"},
		{"en", "is it going to rain tomorrow?", ""},
		// whom the writer speaks to is no thing of theirs
		{"fr", "On consomme combien de kilowatts en ce moment, mon frère?", "getProperty"},
		{"en", "howmuch power r we pulling atm in kw", "getProperty"},
		// Spanish "luz" after a word of consuming is electricity
		{"es", "cuánto está consumiendo de luz la estación de bombeo? el dueño se queja de la factura", "getProperty"},
		{"es", "enciende la luz del pasillo", ""},
		// an owner is read within the sentence: the next one owns nothing
		{"en", "can we turn the pump on please? we're year 5 and miss said we could try", "com.acme.pump.start"},
		// booking a taxi stays an errand (booking a deed of ours: below)
		{"en", "book a taxi for 6pm", ""},
	})
	// booking a deed of ours plans it: the deed, at a time (the Core
	// makes it a schedule)
	res := fullIndex(t).Resolve("Book a filter backflush for Sunday 03:00 please, outpatients is closed then", testCtx())
	require.NotEmpty(t, res.Shortlist)
	assert.Equal(t, "com.acme.filter.backflush", res.Shortlist[0].Target)
	assert.NotEqual(t, DecisionNone, res.Decision)
	assert.NotNil(t, res.When)
}
