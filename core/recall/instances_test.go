package recall

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Another one of a thing (numbered, or second) and other equipment (a
// boiler, the fire-water tank) are not ours; a thing the request claims
// for the station is, whatever it compares it with.
func TestResolve_OtherInstancesAndClaimedThings(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		off        bool
	}{
		{"en", "What's the discharge pressure on pump 2 in the second pump house?", true},
		{"de", "Pumpe 3 im zweiten Pumpenhaus anhalten", true},
		{"es", "¿Qué presión tiene la bomba 2 de la segunda casa de bombas?", true},
		{"en", "Set the boiler setpoint to 70 °C.", true},
		{"en", "How full is the fire-water tank right now?", true},
		{"fr", "Monte la consigne de la chaudière à 70 °C", true},
		{"en", "run the pump 2 hours", false},
		{"en", "set valve 5", false},
		{"en", "forget the fire-water tank, how full is OUR tank?", false},
		{"en", "pump-1 flow to 40 l/min, the second pump house is down and we have to cover", false},
		{"es", "contralavado del filtro de 90 segundos, el nuestro, no el de la torre", false},
		{"en", "my missus says the pressure valve on our boiler at home is dripping, how far should I open it?", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.off, x.Resolve(c.text, ctx).Decision == DecisionNone, c.text)
	}
}

// Who made a change is in the record of what happened; who holds tokens
// is not.
func TestResolve_WhoChangedIsTheRhythm(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "who messed with the heater setpoint last night"},
		{"de", "Wer hat den Sollwert vom Heizer geändert?"},
		{"es", "¿Quién cambió la consigna del calentador?"},
		{"fr", "Qui a modifié la consigne de chauffe ?"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Equal(t, "getRhythm", top(t, res).Target, c.text)
	}
	ctx := testCtx()
	assert.Equal(t, "getTokens", top(t, x.Resolve("Who has access tokens on this thing?", ctx)).Target)
}

// A component's id in the request's language is that component; a German
// compound whose first part is other equipment is that equipment's.
func TestResolve_TranslatedIDsAndForeignCompounds(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, target string }{
		{"fr", "vanne-1 à 80 %", "com.acme.valve.set_position"},
		{"de", "Ventil-1 auf 25 % stellen", "com.acme.valve.set_position"},
		{"de", "Pumpendurchfluss?", "getProperty"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.target, top(t, x.Resolve(c.text, ctx)).Target, c.text)
	}
	for _, text := range []string{"Wie hoch ist der Füllstand im Löschwassertank?", "Kesselspeisepumpe Durchfluss?", "Wie warm ist das Wasser im Kühlturmrücklauf?"} {
		ctx := testCtx()
		ctx.Lang = "de"
		assert.Equal(t, DecisionNone, x.Resolve(text, ctx).Decision, text)
	}
}

// A calibration's numbers are the sensor's error: they cost the calibration
// nothing.
func TestResolve_CalibrationNumbersAreTheError(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Calibrate the pressure sensor, the reading is 0.3 bar off versus our test gauge.", testCtx())
	assert.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "com.acme.sensors.calibrate", top(t, res).Target)
}

// Rising or falling is a trend, and a statistic asked in a noun phrase is
// for the statistics.
func TestResolve_TrendsAndNounPhraseStatistics(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "Has the pump pressure been creeping up over the last hour?"},
		{"fr", "Est-ce que la température de l'eau monte ou descend depuis une demi-heure ?"},
		{"es", "temperatura maxima del calentador ayer"},
		{"de", "Steigt die Heizertemperatur seit heute Mittag oder fällt sie? Tendenz bitte"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, "getVitalFeatures", top(t, x.Resolve(c.text, ctx)).Target, c.text)
	}
}

// The autonomy's level is no tank level; the tank's is.
func TestResolve_AutonomyClaimsItsLevel(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Equal(t, "putTendingAutonomy", top(t, x.Resolve("Die Autonomie soll laut Chef auf Stufe 4 hoch. Können Sie das einstellen?", ctx)).Target)
	ctx.Lang = "en"
	assert.Equal(t, "com.acme.tank.drain", top(t, x.Resolve("drain the tank to level 20%", ctx)).Target)
	assert.NotEqual(t, "com.acme.tank.drain", top(t, x.Resolve("New starter is shadowing me, so drop autonomy to level 2 please.", ctx)).Target)
}

// Things no station has, named as written, make a request about them.
func TestResolve_ThingsElsewhere(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "average tyre pressure on the delivery vans?"},
		{"es", "La campana extractora de la cocina no tira, ¿puedes subirle la velocidad?"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, DecisionNone, x.Resolve(c.text, ctx).Decision, c.text)
	}
	ctx := testCtx()
	ctx.Lang = "fr"
	assert.NotEqual(t, DecisionNone, x.Resolve("Mets the speed à 20", ctx).Decision, "a short word of another language is no tea")
}

// A message's text is what follows the recipient's colon; an id is the
// recipient, never the text.
func TestResolve_MessageTextAfterColon(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Send a message to peer line-2: maintenance window starts at 06:00.", testCtx())
	c := top(t, res)
	assert.Equal(t, "postMessage", c.Target)
	assert.Equal(t, "line-2", c.Args["to"])
	assert.Equal(t, "maintenance window starts at 06:00.", c.Args["text"])
}

// Only a calibration calibrates: the reading's error fills no tank level.
func TestResolve_CalibrationOverTheTanksLevel(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("calibrate the level sensor on the reserve tank, it reads about 5% higher than the sight glass", testCtx())
	assert.Equal(t, "com.acme.sensors.calibrate", top(t, res).Target)
}

// A German compound ending in a thing of ours, after "ein", is a kind of it.
func TestResolve_KindByCompoundHead(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Equal(t, DecisionNone, x.Resolve("Warum kavitiert eine Kreiselpumpe eigentlich?", ctx).Decision)
	assert.Equal(t, DecisionMatch, x.Resolve("Wie hoch ist der Pumpendruck?", ctx).Decision)
}

// A German compound of an unknown first part and a thing of ours is that
// thing, unless its first part is a thing no station has.
func TestResolve_CompoundHeadIsTheThing(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Equal(t, "com.acme.conveyor.set_speed", top(t, x.Resolve("Stell das Salzband auf 0,25 m/s", ctx)).Target)
	assert.Equal(t, DecisionNone, x.Resolve("Stopp die Aquariumpumpe", ctx).Decision)
}

// A value's name followed by what it belongs to, a thing no pack knows, is
// that thing's value; ours keeps it ours.
func TestResolve_ValueOfAnUnknownThing(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		off        bool
	}{
		{"fr", "Quelle est la température du tunnel de durcissement ?", true},
		{"de", "Ich hätte gern gewusst, wie hoch der Pegel am Rhein heute ist.", true},
		{"en", "what's the temperature of the water?", false},
		{"en", "what's the pressure in the pump?", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.off, x.Resolve(c.text, ctx).Decision == DecisionNone, c.text)
	}
}

// The network's gateway is no Gateway module (the demo has none).
func TestResolve_NetworkGatewayIsOurs(t *testing.T) {
	tg, ents := fullTargets(t)
	tg = slices.DeleteFunc(tg, func(t Target) bool { return strings.Contains(t.ID, "Gateway") || strings.Contains(t.ID, "Brain") })
	x, err := Build(tg, ents, Options{})
	require.NoError(t, err)
	assert.Equal(t, "putNetwork", top(t, x.Resolve("change the station's IP to 10.20.30.41 with gateway 10.20.30.1, office IT moved the subnet", testCtx())).Target)
	assert.Equal(t, DecisionNone, x.Resolve("list the small devices this gateway serves", testCtx()).Decision)
}

// A value to set says by its unit what is measured: "water" and °C name
// the water temperature, whose command sets it.
func TestResolve_UnitNamesTheValue(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "For the cleaning run the water has to be at 65 degrees."},
		{"es", "El agua tiene que estar a 55 grados para la limpieza."},
		{"de", "Fürs Reinigungsprogramm muss das Wasser 70 Grad haben."},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, "com.acme.heater.set_setpoint", top(t, x.Resolve(c.text, ctx)).Target, c.text)
	}
}

// A value right before over/mehr/más is a difference, not the value; "set
// off" triggers, it stops nothing.
func TestResolve_DifferencesAndSetOff(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Heater's overshooting, it's sat 6 degrees over setpoint. Can you stop the heater?", testCtx())
	assert.Nil(t, top(t, res).Args["celsius"], "6 degrees over is no setpoint")
	assert.Equal(t, "postAlertsMute", top(t, x.Resolve("Doing the hydrostatic test on the discharge line, it'll set everything off. Mute alerts for 30 minutes.", testCtx())).Target)
	ctx := testCtx()
	ctx.Lang = "de"
	assert.EqualValues(t, 8, top(t, x.Resolve("Heizer auf 8 Grad, mehr brauchen wir nicht", ctx)).Args["celsius"])
}

// A thing of ours followed by of/in and a place not ours, or a noun no
// pack knows, is that place's.
func TestResolve_ThingOfAPlaceNotOurs(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		off        bool
	}{
		{"es", "sube la temperatura de la calefacción de la oficina, estamos a 17 grados", true},
		{"fr", "Le client de la 508 veut qu'on monte le chauffage de sa chambre à 23 degrés", true},
		{"en", "set the heater in the office to 21", true},
		{"en", "set the heater to 40", false},
		{"fr", "Le chauffe-eau de M. Diallo affiche une erreur E4, on intervient ?", true}, // a person's, by a title
		// a thing pointed at is somewhere else; a named station is another
		{"de", "Pumpwerk Talweg meldet Störung, bitte die Pumpe dort neu starten", true},
		{"en", "Is the Hillside station tank full? Their panel stopped reporting at 4am", true},
		{"en", "Demand's spiking, the reservoir up there is dropping fast. Push the pump to 80 l/min please.", false},
		// an owner no pack knows is another place's or machine's
		{"es", "Retrolava los filtros de arena de la planta de osmosis", true},
		{"es", "El filtro de la campana de la cocina está sucio, ¿cada cuánto se cambia?", true},
		{"en", "set the heater on the liquor tank to 60", false},            // "liquor" qualifies a tank
		{"de", "Ich schau nur kurz rein: Tankfüllstand in Prozent?", false}, // a unit
		{"en", "Playbook pb-3 keeps draining the tank at odd hours. Suspend pb-3 until we look at it.", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.off, x.Resolve(c.text, ctx).Decision == DecisionNone, c.text)
	}
}

// The log's level is no tank level; "setting it" is the verb.
func TestResolve_LogLevelAndSettingIt(t *testing.T) {
	x := fullIndex(t)
	assert.NotEqual(t, "com.acme.tank.drain", top(t, x.Resolve("change the setting for log level", testCtx())).Target)
	assert.NotEqual(t, "com.acme.tank.drain", top(t, x.Resolve("set the log level to debug", testCtx())).Target)
	assert.Equal(t, DecisionVague, x.Resolve("Would you mind setting it to 40 percent?", testCtx()).Decision)
}

// A generic word of a value that another target's word qualifies is not
// the tank's level.
func TestResolve_QualifiedLevelIsNoTankLevel(t *testing.T) {
	x := fullIndex(t)
	assert.NotEqual(t, "com.acme.tank.drain", top(t, x.Resolve("set the access level of the new token to read only", testCtx())).Target)
	assert.Equal(t, "tank.level", top(t, x.Resolve("what's the tank level", testCtx())).Args["name"])
	assert.Equal(t, "getVitalFeatures", top(t, x.Resolve("Average flow over the last 8 hours?", testCtx())).Target)
}

// Filling in a form fills no tank.
func TestResolve_FillInAForm(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, DecisionNone, x.Resolve("fill in the form please", testCtx()).Decision)
	assert.Equal(t, "com.acme.tank.fill", top(t, x.Resolve("fill up the tank", testCtx())).Target)
}

// Rooms of the building are elsewhere; where the writer is, is no object.
func TestResolve_RoomsAndTheWritersPlace(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, DecisionNone, x.Resolve("Turn up the heating in the control room, it's 17 degrees in here.", testCtx()).Decision)
	res := x.Resolve("Morning. The mixer sounds rough again, same as last week. Please set it to 1800 rpm, the supplier said higher is better for this batch. Thanks, I'll be in the control room.", testCtx())
	assert.Equal(t, "com.acme.mixer.set_speed", top(t, res).Target)
	ctx := testCtx()
	ctx.Lang = "fr"
	assert.Equal(t, "com.acme.pump.set_flow", top(t, x.Resolve("Comme on a deux camions à charger, règle le débit à 9 m³/h.", ctx)).Target)
}

// A site, line or station with a number, in digits or a word, is another
// one; a number that goes on into a unit, a fraction or a possessive is a
// value, and a message goes to another station by its name.
func TestResolve_NumberedSitesAreOthers(t *testing.T) {
	x := fullIndex(t)
	assertResolves(t, x, []resolveCase{
		{"en", "ok heart the conveyor on line three the other one what speed is it doing", ""},
		{"en", "Pump station 4 at the north reservoir is cavitating - what's its suction pressure doing?", ""},
		{"en", "what's the pressure at station 2?", ""},
		{"es", "¿qué nivel tiene el depósito de la zona tres?", ""},
		{"fr", "la pompe du secteur 4 fait du bruit, quelle est sa pression ?", ""},
		{"en", "line 4's mixer is making a grinding noise, what rpm is it doing?", ""},
		{"en", "fill the tank at the station two thirds full", "com.acme.tank.fill"},
		{"es", "contralavado del filtro de la estación 15 minutos", "com.acme.filter.backflush"}, // 900 s: below
		{"en", "send a message to pump station 2: tank is full", "postMessage"},
	})
	ctx := testCtx()
	ctx.Lang = "es"
	assert.EqualValues(t, 900, top(t, x.Resolve("contralavado del filtro de la estación 15 minutos", ctx)).Args["durationSec"])
}

// Other equipment of ships, breweries and offices (word list round 9) is
// not ours, in each language.
func TestResolve_OtherEquipmentRound9(t *testing.T) {
	x := fullIndex(t)
	assertResolves(t, x, []resolveCase{
		{"de", "Hauptmaschine 2 neu starten, die ist auf Schmieröldruck abgefallen.", ""},
		{"es", "Vacía el tanque de aguas negras de la planta séptica.", ""},
		{"fr", "Niveau de la caisse à boues ?", ""},
		{"en", "restart my wifi router, netflix keeps buffering", ""},
	})
	ctx := testCtx()
	ctx.Lang = "es"
	assert.EqualValues(t, 1400, top(t, x.Resolve("Mezclador a mil cuatrocientas rpm.", ctx)).Args["rpm"]) // no "malt mill" in "mil"
}
