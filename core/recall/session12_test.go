package recall

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A clock time with am or pm after "for" is when, not how long ("a restart
// for 3am"); "for 3 hours" stays a length of time.
func TestTime_ForAClockTime(t *testing.T) {
	te := timeIn("en", "schedule a restart for 3am", testNow, time.UTC)
	require.NotNil(t, te)
	assert.Equal(t, "2026-12-03 03:00", te.At.Format("2006-01-02 15:04"))
	assert.Nil(t, timeIn("en", "run the pump for 3 hours", testNow, time.UTC))
}

// German writes a day's number with a dot ("vom 3. bis 10."): such a dot
// ends no sentence, while "auf 40. Dann" does.
func TestNormalize_OrdinalDotEndsNoSentence(t *testing.T) {
	toks := tokenize("Trag mir Urlaub vom 3. bis 10. ein.")
	for _, tk := range toks {
		assert.Equal(t, 0, tk.sentence, tk.text)
	}
	toks = tokenize("Fluss auf 40. Dann Pumpe starten")
	assert.Equal(t, 1, toks[len(toks)-1].sentence)
	assert.Equal(t, 1, sentences("vom 3. bis 10. frei"))
}

func TestResolve_SessionTwelve(t *testing.T) {
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

// How much of a thing, with no value named, asks for what it measures
// (entities-acme.json "amounts"), in German, Spanish and French.
// A guess two letters off never makes a plan ("geplatzt" is not
// "geplant"); one letter off it still does ("shedule a restart at 3am").
func TestSpell_NoPlanByAFarGuess(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Mach die Pumpe aus, der Schlauch bei Parzelle 12 ist geplatzt!", testCtx())
	require.NotEmpty(t, res.Shortlist)
	assert.Equal(t, "com.acme.pump.halt", res.Shortlist[0].Target)
	for _, c := range res.Shortlist {
		assert.NotEqual(t, "postSchedule", c.Target)
	}
	assert.NotNil(t, x.Resolve("shedule a restart at 3am", testCtx()).When)
}

// When something else happens is no read of the station's clock.
func TestResolve_TimeOfSomethingElse(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "what time is the blast today", ""},
		{"es", "¿A qué hora es la voladura?", ""},
		{"fr", "À quelle heure est le tir aujourd'hui ?", ""},
		{"de", "wie spaet ist es grad in tokio", ""},
		{"en", "what time is it?", "getTime"},
		{"es", "qué hora es", "getTime"},
		{"fr", "quelle heure est-il ?", "getTime"},
		{"en", "what time is it on the controller", "getTime"},
		// questions of who, the same way
		{"en", "who's on the loader this arvo", ""},
		{"en", "who's got the key to the tool shed padlock", ""},
		{"en", "who has the tokens?", "getTokens"},
		{"en", "who changed the heater setpoint?", "getRhythm"},
	})
}

// An angle is a quantity this station does not measure, even in degrees.
func TestResolve_AnglesAreNotTemperatures(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "set the screen deck angle to 18 degrees", ""},
		{"de", "Stell den Winkel vom Sieb auf 18 Grad", ""},
		{"en", "set the heater to 18 degrees", "com.acme.heater.set_setpoint"},
	})
}

// A deed on the thing the request names is not one on a thing only the
// story names.
func TestResolve_TheRequestsThingNotTheStorys(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Schalt bitte die Pumpe ein, das Reservoir ist fast leer", "com.acme.pump.start"},
		{"en", "sump's filling up fast after all that rain, get the pump going", "com.acme.pump.start"},
		{"en", "pump is running fine now, next step: start the conveyor", "com.acme.conveyor.start"},
	})
}

// The station's own building holds our things ("die Heizung im
// Pumpenhaus", "la caseta de bombeo").
func TestResolve_ThePumpHouseIsOurs(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Stell die Heizung im Pumpenhaus auf 12 Grad", "com.acme.heater.set_setpoint"},
		{"es", "pon la calefacción de la caseta de bombeo a 12 grados", "com.acme.heater.set_setpoint"},
		{"en", "frost heater to 9, let's dry the pump house out", "com.acme.heater.set_setpoint"},
	})
}

// A particle may end its own sentence, not only the message ("can you
// turn the controller off and on again? that's what IT always says").
func TestResolve_ParticleAtTheEndOfItsSentence(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "can you turn the controller off and on again? that's what IT always says", "postSystemRestart"},
		{"de", "Kunden in der Oberstadt rufen an, wenig Druck aus der Leitung.\nWas hat die Pumpe gerade für einen Druck?", "getProperty"},
	})
}

// A number ending the request after a thing named with a word of place is
// another one of its kind ("the level in tank 3?"); after "to", or alone,
// it is a value ("set the valve to 5", "valve 5").
func TestResolve_ANumberedThingAtTheEnd(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "what's the level in tank 3?", ""},
		{"de", "Wie hoch ist der Wasserstand im Becken 3?", ""},
		{"es", "nivel del depósito 2", ""},
		{"en", "set the valve to 5", "com.acme.valve.set_position"},
		{"en", "valve 5", "com.acme.valve.set_position"},
		{"es", "mi padre apuntó: rampa de la bomba 2,5. ¿lo puedes poner?", "com.acme.pump.set_ramp_rate"},
	})
}

// "there is …" opening a clause tells, unless it asks: the halt before it
// is the request ("il y a …" is no read).
func TestResolve_ThereIsTells(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"fr", "Arrête la pompe ! il y a de l'eau qui sort de la chaussée devant la boulangerie", "com.acme.pump.halt"},
		{"fr", "Arrête la pompe ! il y a de l'eau devant la boulangerie", "com.acme.pump.halt"},
	})
}

func TestResolve_HowMuchOfAThing(t *testing.T) {
	x := fullIndex(t)
	for text, want := range map[string]string{
		"Il tourne à combien le mélangeur ?":          "mixer.speed",
		"che, ¿cuánto marca el tanque?":               "tank.level",
		"cuánto le queda al depósito, en porcentaje?": "tank.level",
		"wie viel Wasser ist im Tank?":                "tank.volume", // a value named stays
	} {
		res := x.Resolve(text, testCtx())
		require.NotEmpty(t, res.Shortlist, text)
		assert.Equal(t, "getProperty", res.Shortlist[0].Target, text)
		assert.Equal(t, want, res.Shortlist[0].Args["name"], text)
	}
}
