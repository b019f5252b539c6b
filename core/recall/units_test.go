package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func quantitiesIn(lang, text string) []Quantity {
	d := mustLoad()
	toks := tokenize(text)
	return d.units.quantities(text, toks, parseNumbers(toks, d.packs[lang]))
}

func TestUnits_ConvertToTheCanonicalUnit(t *testing.T) {
	cases := []struct {
		lang, text string
		value      float64
		unit       string
	}{
		{"en", "40%", 40, "%"},
		{"en", "40 percent", 40, "%"},
		{"de", "40 Prozent", 40, "%"},
		{"es", "40 por ciento", 40, "%"},
		{"fr", "40 pour cent", 40, "%"},
		{"en", "40 L/min", 40, "L/min"},
		{"en", "40l/min", 40, "L/min"},
		{"en", "forty litres per minute", 40, "L/min"},
		{"en", "40 lpm", 40, "L/min"},
		{"de", "40 Liter pro Minute", 40, "L/min"},
		{"es", "cuarenta litros por minuto", 40, "L/min"},
		{"fr", "quarante litres par minute", 40, "L/min"},
		{"en", "3 m³/h", 50, "L/min"},
		{"en", "half a litre a second", 30, "L/min"}, // "a" is "per" in English
		{"en", "2 gallons", 7.57082, "L"},
		{"fr", "26 tr/s", 1560, "rpm"},
		{"es", "10 vueltas por segundo", 600, "rpm"},
		{"de", "2,5 m3/h", 41.666666667, "L/min"},
		{"en", "60°C", 60, "°C"},
		{"en", "60 degrees celsius", 60, "°C"},
		{"de", "60 Grad", 60, "°C"},
		{"es", "60 grados", 60, "°C"},
		{"fr", "60 degrés", 60, "°C"},
		{"en", "140°F", 60, "°C"},
		{"en", "12 m/min", 12, "m/min"},
		{"en", "twelve metres per minute", 12, "m/min"},
		{"en", "0.5 m/s", 30, "m/min"},
		{"en", "0.4 metres a second", 24, "m/min"},
		{"en", "25 cm/s", 15, "m/min"},
		{"en", "120 l/min per minute", 2, "L/min/s"},
		{"en", "20 Hz", 20, "Hz"}, // a frequency is no speed of ours: the Core asks
		{"en", "800 rpm", 800, "rpm"},
		{"de", "800 U/min", 800, "rpm"},
		{"fr", "800 tr/min", 800, "rpm"},
		{"en", "800 rev/min", 800, "rpm"},
		{"en", "two minutes", 120, "s"},
		{"de", "zwei Minuten", 120, "s"},
		{"es", "90 segundos", 90, "s"},
		{"fr", "une minute", 60, "s"},
		{"en", "1.5 hours", 5400, "s"},
		{"en", "4 bar", 4, "bar"},
		{"en", "58 psi", 3.998959228, "bar"},
		{"en", "2 L/min per second", 2, "L/min/s"},
		{"en", "2 litres per minute per second", 2, "L/min/s"},
		{"en", "1.5 km/h", 25, "m/min"},
		{"en", "a quarter of an hour", 900, "s"},
		{"de", "zwei Viertelstunden", 1800, "s"},
		{"fr", "un quart d'heure", 900, "s"},
		{"es", "media hora", 1800, "s"},
		{"en", "half an hour", 1800, "s"},
		{"en", "a quarter of a metre per second", 15, "m/min"},
		{"en", "40", 40, ""},
		// rates composed of an amount, a word for "per" and a unit of time (rates.go)
		{"en", "10 cm per second", 6, "m/min"},
		{"en", "20 cm a second", 12, "m/min"},
		{"en", "5 feet every second", 91.44, "m/min"},
		{"en", "3 cubic metres an hour", 50, "L/min"},
		{"de", "2 Kubikmeter pro Stunde", 33.333333333, "L/min"},
		{"de", "30 Zentimeter je Sekunde", 18, "m/min"},
		{"es", "30 litros cada minuto", 30, "L/min"},
		{"es", "600 metros por hora", 10, "m/min"},
		{"fr", "1 litre à la seconde", 60, "L/min"},
		{"fr", "90 litres par heure", 1.5, "L/min"},
		// a rate's change per unit of time, however the rate is written
		{"en", "1 litre/min per second", 1, "L/min/s"},
		{"en", "90 litres per minute per minute", 1.5, "L/min/s"},
		{"de", "2 Liter pro Minute pro Sekunde", 2, "L/min/s"},
		{"es", "3 litros/min por segundo", 3, "L/min/s"},
		{"fr", "1 litre par minute par seconde", 1, "L/min/s"},
	}
	for _, c := range cases {
		qs := quantitiesIn(c.lang, c.text)
		require.Len(t, qs, 1, "%s %q", c.lang, c.text)
		assert.InDelta(t, c.value, qs[0].Value, 1e-6, "%s %q", c.lang, c.text)
		assert.Equal(t, c.unit, qs[0].Unit, "%s %q", c.lang, c.text)
		assert.Equal(t, c.text, qs[0].Text)
	}
}

func TestUnits_ArgumentUnitFromUnitOrName(t *testing.T) {
	u := mustLoad().units
	cases := []struct {
		arg  Arg
		want string
	}{
		{Arg{Name: "x", Unit: "L/min"}, "L/min"},
		{Arg{Name: "x", Unit: "litres per minute"}, "L/min"},
		{Arg{Name: "ramp_rate", Unit: "L/min per second"}, "L/min/s"},
		{Arg{Name: "ramp_rate"}, "L/min/s"},
		{Arg{Name: "litresPerMin"}, "L/min"},
		{Arg{Name: "celsius"}, "°C"},
		{Arg{Name: "metresPerMin"}, "m/min"},
		{Arg{Name: "rpm"}, "rpm"},
		{Arg{Name: "durationSec"}, "s"},
		{Arg{Name: "targetPercent"}, "%"},
		{Arg{Name: "sensor"}, ""},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, u.argUnit(c.arg), "%+v", c.arg)
	}
}

func TestStated_ValueAppearsAsDigitsWordsOrConvertedUnit(t *testing.T) {
	cases := []struct {
		text  string
		value any
		unit  string
		want  bool
	}{
		{"set the flow to 40", 40.0, "L/min", true},
		{"set the flow to forty litres per minute", 40.0, "L/min", true},
		{"Durchfluss auf vierzig Liter pro Minute", 40.0, "L/min", true},
		{"pon el caudal a cuarenta", 40, "L/min", true},
		{"règle le débit à 2,4 m3/h", 40.0, "L/min", true},
		{"backflush for two minutes", int64(120), "s", true},
		{"set the heater to 140°F", 60.0, "°C", true},
		{"set the flow to 40", 45.0, "L/min", false},
		{"set the flow to 40 rpm", 40.0, "L/min", false},
		{"set the flow", 40.0, "L/min", false},
		{"how full is the tank", "tank.level", "", true},
		{"calibrate the pressure sensor", "pressure", "", true},
		{"calibrate the pressure sensor", "level", "", false},
		{"anything", true, "", false},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, Stated(c.text, c.value, c.unit), "%q %v %s", c.text, c.value, c.unit)
	}
}

// A value taken back for another is replaced by it; a value left open
// (alternatives, hedges, nothing said instead) fills nothing, so the Core
// asks.
func TestResolve_ValuesTakenBackOrLeftOpen(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text, arg string
		want            any // nil: left open
	}{
		{"en", "set the flow to fifty, no, sixty litres a minute", "litresPerMin", 60.0},
		{"fr", "règle le débit à trente, non, trente-cinq litres par minute", "litresPerMin", 35.0},
		{"de", "stell den Durchfluss auf vierzig, nee, fünfundvierzig Liter", "litresPerMin", 45.0},
		{"en", "set the heater to fifty, no wait, hmm, maybe forty, I'm not sure", "celsius", nil},
		{"en", "set the flow to eighty, no, to, um", "litresPerMin", nil},
		{"es", "pon el calentador a 40 o 45 nose", "celsius", nil},
		{"de", "Ventil auf dreißig Prozent, ne warte, auf vierzig oder so", "percent", nil},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		got := top(t, x.Resolve(c.text, ctx))
		if c.want == nil {
			assert.NotContains(t, got.Args, c.arg, c.text)
			assert.Contains(t, got.Missing, c.arg, c.text)
		} else {
			assert.Equal(t, c.want, got.Args[c.arg], c.text)
		}
	}
}

// A unit symbol's words name no statistic: "(conveyor.speed, m/min)" asks
// for the speed, not its minimum.
func TestResolve_UnitSymbolWordsAreNoStatistic(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	res := x.Resolve("¿A qué velocidad va la cinta ahora? (conveyor.speed, m/min)", ctx)
	assert.Equal(t, "getProperty", top(t, res).Target)
	assert.Equal(t, "conveyor.speed", top(t, res).Args["name"])
}

// "how many litres a minute": "a minute" is the rate's, no length of time.
func TestArticleDurations_NotInsideARate(t *testing.T) {
	d := mustLoad()
	toks := tokenize(Normalize("how many litres a minute is the pump moving"))
	assert.Empty(t, d.units.articleDurations("how many litres a minute is the pump moving", toks, d.packs["en"]))
	toks = tokenize(Normalize("average flow over a minute"))
	assert.Len(t, d.units.articleDurations("average flow over a minute", toks, d.packs["en"]), 1)
	// a rate written out in words after an article is one of it; a litre alone is none
	for text, lang := range map[string]string{"einen Meter pro Sekunde": "de", "un litro por segundo": "es", "a metre per second": "en"} {
		toks = tokenize(Normalize(text))
		qs := d.units.articleDurations(text, toks, d.packs[lang])
		if assert.Len(t, qs, 1, text) {
			assert.InDelta(t, 60, qs[0].Value, 1e-9, text)
		}
	}
	toks = tokenize(Normalize("fill a litre"))
	assert.Empty(t, d.units.articleDurations("fill a litre", toks, d.packs["en"]))
}

// metres per hour are a belt speed: 600 m/h is 10 m/min.
func TestUnits_MetresPerHour(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	res := x.Resolve("velocidad de la cinta: 600 metros por hora", ctx)
	c := top(t, res)
	assert.Equal(t, "com.acme.conveyor.set_speed", c.Target)
	assert.InDelta(t, 10, c.Args["metresPerMin"], 1e-9)
}

// A letter cut before an apostrophe ends no unit ("à 2,5 s'il te plaît"
// is no 2.5 seconds); a ramp's unit may be written "litros/min por segundo".
func TestResolve_ElisionAndRampUnits(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ramp       float64
	}{
		{"fr", "Rampe de la pompe à 2,5 s'il te plaît, ça démarre trop sec.", 2.5},
		{"es", "Pon la rampa de la bomba de la estación a 2,5 litros/min por segundo.", 2.5},
		{"fr", "Rampe à un demi-litre par minute et par seconde", 0.5},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		cand := top(t, x.Resolve(c.text, ctx))
		assert.Equal(t, "com.acme.pump.set_ramp_rate", cand.Target, c.text)
		assert.InDelta(t, c.ramp, cand.Args["ramp_rate"], 1e-9, c.text)
	}
}

// A unit and a half: "minuto y medio" is 90 s, "two minutes and a half"
// 150 s; grounding finds the same value in the text.
func TestUnitAndHalf(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		sec        float64
	}{
		{"es", "Contralavado del filtro durante minuto y medio.", 90},
		{"en", "backflush the filter for a minute and a half", 90},
		{"fr", "Rétrolavage du filtre pendant une minute et demie", 90},
		{"en", "backflush for two minutes and a half", 150},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		cand := top(t, x.Resolve(c.text, ctx))
		assert.Equal(t, "com.acme.filter.backflush", cand.Target, c.text)
		assert.InDelta(t, c.sec, cand.Args["durationSec"], 1e-9, c.text)
		assert.True(t, Stated(c.text, c.sec, "s"), c.text)
	}
}

// "pump 1.2 m3/h" is a decimal flow, not pump-1; "no más" after a value
// is a limit, not a value taken back.
func TestResolve_DecimalAfterAThingAndALimit(t *testing.T) {
	x := fullIndex(t)
	cand := top(t, x.Resolve("put flow of pump 1.2 m3/h please", testCtx()))
	assert.InDelta(t, 20, cand.Args["litresPerMin"], 1e-9)
	ctx := testCtx()
	ctx.Lang = "es"
	cand = top(t, x.Resolve("Para el enjuague la bomba tiene que dar medio litro por segundo, no más.", ctx))
	assert.Equal(t, "com.acme.pump.set_flow", cand.Target)
	assert.InDelta(t, 30, cand.Args["litresPerMin"], 1e-9)
	// a reason after the value holds no hedge: "no se congele" is no "no sé"
	cand = top(t, x.Resolve("consigna del heater-1 a 30 grados, que no se congele", ctx))
	assert.EqualValues(t, 30, cand.Args["celsius"])
}

// An apostrophe before a letter makes it a possessive, no unit: "R-101's
// down" holds no 101 seconds.
func TestQuantities_APossessiveIsNoUnit(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("R-101's down for a cat change, give me the tank-1 level", testCtx())
	for _, q := range res.Quantities {
		assert.NotEqual(t, "s", q.Unit, q.Text)
	}
	assert.Equal(t, "R-101", trimIDPunct("R-101's"))
	assert.Equal(t, "P-2", trimIDPunct("P-2’s"))
}

// A length of time ago is a moment gone by, no duration to act for: a
// silence asked for then lasts its default hour.
func TestResolve_TimeAgoIsNoDuration(t *testing.T) {
	x := fullIndex(t)
	for text, lang := range map[string]string{
		"it showed the same values as twenty minutes ago, mute the alerts":  "en",
		"la alarma sonó hace veinte minutos, silencia las alertas":          "es",
		"l'alarme a sonné il y a vingt minutes, coupe le son des alertes":   "fr",
		"der Alarm kam vor zwanzig Minuten, schalte die Alarme stumm bitte": "de",
	} {
		ctx := testCtx()
		ctx.Lang = lang
		c := top(t, x.Resolve(text, ctx))
		// the silence takes its default length, not the twenty minutes
		assert.EqualValues(t, 3600, c.Args["durationSec"], text)
		assert.Equal(t, GroundDefault, c.Grounding["durationSec"], text)
	}
	assert.EqualValues(t, 1200, top(t, x.Resolve("mute the alerts for twenty minutes", testCtx())).Args["durationSec"])
}

// One unit of time just gone is a statistic's window; elsewhere it fills
// nothing.
func TestResolve_TheLastHourIsAStatisticsWindow(t *testing.T) {
	x := fullIndex(t)
	for text, lang := range map[string]string{
		"peak pump pressure in the last hour, min too":                                       "en",
		"la pression max de la pompe sur la derniere heure stp":                              "fr",
		"Mittelwert und Trend vom Differenzdruck am Filter der Anlage, letzte Stunde bitte.": "de",
		"¿cuál fue la presión máxima de la bomba en la última hora?":                         "es",
	} {
		ctx := testCtx()
		ctx.Lang = lang
		c := top(t, x.Resolve(text, ctx))
		assert.Equal(t, "getVitalFeatures", c.Target, text)
		assert.EqualValues(t, 3600, c.Args["windowSec"], text)
	}
	for _, text := range []string{"Show me the logs from the last hour", "show me the tank level readings for the last hour"} {
		c := top(t, x.Resolve(text, testCtx()))
		assert.Nil(t, c.Args["sinceSec"], text)
		assert.Nil(t, c.Args["windowSec"], text)
	}
	// a plural says no length
	c := top(t, x.Resolve("max pump pressure over the last hours", testCtx()))
	assert.Nil(t, c.Args["windowSec"])
}

// A length of time up to now asks how a value went over it: its history.
func TestResolve_ASpanUpToNowAsksTheHistory(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"es", "muéstrame cómo ha ido el nivel del tanque de agua en las últimas dos horas", "getPropertyHistory"},
		{"en", "show me the tank level over the last two hours", "getPropertyHistory"},
		{"en", "show me the tank level", "getProperty"},
		{"en", "backflush for two minutes", "com.acme.filter.backflush"},
	})
}
