package recall

import (
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func timeIn(lang, text string, now time.Time, loc *time.Location) *TimeExpr {
	d := mustLoad()
	p := d.packs[lang]
	toks := tokenize(text)
	return parseTime(text, toks, parseNumbers(toks, p), p, d.units, now, loc)
}

// testNow is Wednesday 2026-12-02 14:30.
// English times in another language's request are read; a word of a name
// is no time; a number before a unit is no clock time; "3 heures du matin"
// is a time even after "pour".
func TestResolve_TimesMixedInAndNot(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	assert.NotNil(t, x.Resolve("Reinicia el sistema this Sunday night", ctx).When)
	assert.Nil(t, x.Resolve("Muéstrame el playbook night-flush", ctx).When)
	ctx.Lang = "fr"
	res := x.Resolve("Ce soir, descends la consigne du chauffage à 12 degrés", ctx)
	if assert.NotNil(t, res.When) {
		assert.Equal(t, 19, res.When.At.Hour(), "tonight, not noon")
	}
	assert.Equal(t, 12.0, top(t, res).Args["celsius"])
	res = x.Resolve("Programme le remplissage du réservoir pour 3 heures du matin", ctx)
	if assert.NotNil(t, res.When) {
		assert.Equal(t, 3, res.When.At.Hour())
	}
}

// Two times bound a span: a window, not a time to act at.
func TestTime_ASpanIsARange(t *testing.T) {
	now := time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC)
	for _, c := range []struct{ lang, text string }{
		{"fr", "entre 8h et 10h ce matin"},
		{"en", "between 2 and 4 pm today"},
		{"de", "zwischen 14 und 16 Uhr"},
	} {
		te := timeIn(c.lang, c.text, now, time.UTC)
		if assert.NotNil(t, te, c.text) {
			assert.True(t, te.Range, c.text)
		}
	}
	te := timeIn("fr", "entre 8h et 10h", now, time.UTC)
	if assert.NotNil(t, te) {
		assert.Equal(t, 10, te.At.Hour(), "two hours, not 8:10")
	}
}

// A fraction or number that is no clock time stays a value.
func TestTime_FractionsThatAreNoClockTime(t *testing.T) {
	now := time.Date(2026, 12, 2, 14, 30, 0, 0, time.UTC)
	for _, c := range []struct{ lang, text string }{
		{"en", "fill the tank half way"},
		{"es", "pon el caudal a diez y media"},
		{"en", "drain the tank to a quarter"},
		{"en", "set the flow from ten to twenty"},
		{"fr", "coupe les alertes pendant une heure"}, // a length of time
	} {
		assert.Nil(t, timeIn(c.lang, c.text, now, time.UTC), c.text)
	}
}

func TestTime_ResolvesByTheConventions(t *testing.T) {
	cases := []struct {
		lang, text string
		want       string // "2006-01-02 15:04"
		vague      bool
		expr       string
	}{
		{"en", "restart on Sunday night", "2026-12-06 22:00", true, "on Sunday night"},
		{"en", "tomorrow at 3am", "2026-12-03 03:00", false, "tomorrow at 3am"},
		{"en", "in 10 minutes", "2026-12-02 14:40", false, "in 10 minutes"},
		{"en", "at 6 pm", "2026-12-02 18:00", false, "at 6 pm"},
		{"en", "tonight", "2026-12-02 22:00", true, "tonight"},
		{"en", "next Monday morning", "2026-12-07 08:00", true, "next Monday morning"},
		{"en", "at noon", "2026-12-03 12:00", false, "at noon"},
		{"en", "at midnight", "2026-12-03 00:00", false, "at midnight"},
		{"en", "on Wednesday", "2026-12-09 08:00", true, "on Wednesday"},
		{"en", "in half an hour", "2026-12-02 15:00", false, "in half an hour"},
		{"en", "in two hours", "2026-12-02 16:30", false, "in two hours"},
		{"en", "at 15:30", "2026-12-02 15:30", false, "at 15:30"},
		{"en", "tomorrow evening at 7", "2026-12-03 19:00", false, "tomorrow evening at 7"},
		{"en", "this afternoon", "2026-12-02 15:00", true, "this afternoon"},
		{"en", "tonight at 2", "2026-12-03 02:00", false, "tonight at 2"}, // after midnight
		{"en", "after 15 minutes", "2026-12-02 14:45", false, "after 15 minutes"},
		{"en", "two hours from now", "2026-12-02 16:30", false, "two hours from now"},
		{"es", "dos horas a partir de ahora", "2026-12-02 16:30", false, "dos horas a partir de ahora"},
		// clock times in words
		{"en", "at half past ten tonight", "2026-12-02 22:30", false, "at half past ten tonight"},
		{"en", "at half six the morra", "2026-12-03 06:30", false, "at half six the morra"}, // British, Scots
		{"es", "en 20 minutitos", "2026-12-02 14:50", false, "en 20 minutitos"},
		{"en", "tomorrow at a quarter to nine", "2026-12-03 08:45", false, "tomorrow at a quarter to nine"},
		{"en", "tomorrow at ten past six", "2026-12-03 06:10", false, "tomorrow at ten past six"},
		{"de", "morgen um halb elf", "2026-12-03 10:30", false, "morgen um halb elf"},
		{"de", "morgen um viertel nach acht", "2026-12-03 08:15", false, "morgen um viertel nach acht"},
		{"de", "morgen um viertel vor neun", "2026-12-03 08:45", false, "morgen um viertel vor neun"},
		{"es", "mañana a las diez y media", "2026-12-03 10:30", false, "mañana a las diez y media"},
		{"es", "mañana a las nueve menos cuarto", "2026-12-03 08:45", false, "mañana a las nueve menos cuarto"},
		{"fr", "demain à dix heures et demie", "2026-12-03 10:30", false, "demain à dix heures et demie"},
		{"fr", "demain à neuf heures moins le quart", "2026-12-03 08:45", false, "demain à neuf heures moins le quart"},
		{"de", "heute Nacht um 2", "2026-12-03 02:00", false, "heute Nacht um 2"},
		{"de", "morgen um 3 Uhr", "2026-12-03 03:00", false, "morgen um 3 Uhr"},
		{"de", "am Sonntagabend", "2026-12-06 19:00", true, "am Sonntagabend"},
		{"de", "in zehn Minuten", "2026-12-02 14:40", false, "in zehn Minuten"},
		{"de", "heute Abend", "2026-12-02 19:00", true, "heute Abend"},
		{"de", "morgen früh", "2026-12-03 08:00", true, "morgen früh"},
		{"de", "am Montag um 15 Uhr 30", "2026-12-07 15:30", false, "am Montag um 15 Uhr 30"},
		{"de", "in einer Stunde", "2026-12-02 15:30", false, "in einer Stunde"},
		{"es", "mañana a las 3", "2026-12-03 03:00", false, "mañana a las 3"},
		{"es", "el domingo por la noche", "2026-12-06 22:00", true, "el domingo por la noche"},
		{"es", "esta noche", "2026-12-02 22:00", true, "esta noche"},
		{"es", "mañana por la mañana", "2026-12-03 08:00", true, "mañana por la mañana"},
		{"es", "a las 8 de la tarde", "2026-12-02 20:00", false, "a las 8 de la tarde"},
		{"es", "en 10 minutos", "2026-12-02 14:40", false, "en 10 minutos"},
		{"fr", "demain à 15h", "2026-12-03 15:00", false, "demain à 15h"},
		{"fr", "dimanche soir", "2026-12-06 19:00", true, "dimanche soir"},
		{"fr", "dans 10 minutes", "2026-12-02 14:40", false, "dans 10 minutes"},
		{"fr", "ce soir", "2026-12-02 19:00", true, "ce soir"},
		{"fr", "lundi à 8h30", "2026-12-07 08:30", false, "lundi à 8h30"},
		{"fr", "dans une heure", "2026-12-02 15:30", false, "dans une heure"},
		{"fr", "du 2026-11-28", "2026-11-28 08:00", true, "du 2026-11-28"},
		{"en", "on 2026-12-24 at 18:00", "2026-12-24 18:00", false, "on 2026-12-24 at 18:00"},
	}
	for _, c := range cases {
		te := timeIn(c.lang, c.text, testNow, time.UTC)
		require.NotNil(t, te, "%s %q", c.lang, c.text)
		assert.Equal(t, c.want, te.At.Format("2006-01-02 15:04"), "%s %q", c.lang, c.text)
		assert.Equal(t, c.vague, te.Vague, "%s %q vague", c.lang, c.text)
		assert.Contains(t, c.text, te.Text)
		assert.Equal(t, c.expr, te.Text, "%s %q text", c.lang, c.text)
	}
}

func TestTime_NumbersAloneAreNotTimes(t *testing.T) {
	for _, c := range []struct{ lang, text string }{
		{"en", "set the valve at 20"}, {"en", "set the flow to 6"}, {"de", "erhöhe um 5"},
		{"es", "pon la válvula a 20"}, {"fr", "mets la vanne à 20"}, {"en", "backflush for 2 minutes"},
		{"es", "más tarde"},
	} {
		// at most a bare hour, which Resolve gives to a number-taking target as its value
		te := timeIn(c.lang, c.text, testNow, time.UTC)
		assert.True(t, te == nil || te.bare, "%s %q", c.lang, c.text)
	}
}

func TestTime_UsesTheDeviceTimeZone(t *testing.T) {
	loc := time.FixedZone("UTC+2", 2*3600)
	te := timeIn("en", "tomorrow at 3am", testNow, loc)
	require.NotNil(t, te)
	assert.Equal(t, time.Date(2026, 12, 3, 3, 0, 0, 0, loc).Unix(), te.At.Unix())
	// 23:30 local on Wednesday: "tomorrow" is Thursday in that zone
	late := time.Date(2026, 12, 2, 22, 30, 0, 0, time.UTC) // 00:30 Thursday in UTC+2
	te = timeIn("en", "tomorrow at 3am", late, loc)
	require.NotNil(t, te)
	assert.Equal(t, "2026-12-04 03:00", te.At.In(loc).Format("2006-01-02 15:04"))
}

func FuzzTime(f *testing.F) {
	for _, s := range []string{"tomorrow at 3am", "am Sonntagabend", "à 24h99", "in 99999999999 hours", "mañana a las 3", ":::15:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, l := range Languages {
			_ = timeIn(l, s, testNow, time.UTC)
		}
	})
}

// "until" ends something; the time is not when to act.
func TestParseTime_UntilIsMarked(t *testing.T) {
	x := fullIndex(t)
	for text, until := range map[string]bool{
		"stop all automatic actions until tomorrow": true,
		"arrête tout jusqu'à demain":                true,
		"stoppe alles bis morgen früh":              true,
		"para todo hasta mañana":                    true,
		"stop all automatic actions tomorrow":       false,
	} {
		res := x.Resolve(text, testCtx())
		if assert.NotNil(t, res.When, text) {
			assert.Equal(t, until, res.When.Until, text)
		}
	}
}

// Dates with the month's name, in each language; without a year, the
// occurrence nearest to now.
func TestMonthDate_ReadsDatesWithMonthNames(t *testing.T) {
	d, err := load()
	require.NoError(t, err)
	now := time.Date(2026, 12, 2, 14, 30, 0, 0, time.UTC)
	for _, c := range []struct{ lang, text, want string }{
		{"es", "3 de marzo de 2025", "2025-03-03"},
		{"en", "March 3rd, 2025", "2025-03-03"},
		{"en", "the 3rd of March", "2027-03-03"}, // nearer than last March
		{"de", "3. März", "2027-03-03"},
		{"fr", "1er novembre", "2026-11-01"},
		{"en", "December 24", "2026-12-24"},
	} {
		p := d.packs[c.lang]
		toks := tokenize(c.text)
		parseNumbers(toks, p)
		start := 0
		for start < len(toks) && p.timeSet["dateFiller"][toks[start].text] {
			start++ // "the 3rd of March"
		}
		got, _, ok := monthDate(p, toks, start, now, time.UTC)
		if assert.True(t, ok, c.text) {
			assert.Equal(t, c.want, got.Format("2006-01-02"), c.text)
		}
	}
	// "may I" is no date
	_, _, ok := monthDate(d.packs["en"], tokenize("may I see the level"), 0, now, time.UTC)
	assert.False(t, ok)
}

func TestMonthDate_ACommaBeforeMayIsNoDate(t *testing.T) {
	d, err := load()
	require.NoError(t, err)
	toks := tokenize("set the flow to 3, may I?")
	parseNumbers(toks, d.packs["en"])
	_, _, ok := monthDate(d.packs["en"], toks, 4, time.Now(), time.UTC)
	assert.False(t, ok)
}

// "in a quarter of an hour": an article and a unit of time that says how
// much, not the number "a quarter" of an hour.
func TestTime_InAnArticleAndAUnit(t *testing.T) {
	now := time.Date(2026, 12, 2, 14, 30, 0, 0, time.UTC)
	for _, c := range []struct{ lang, text string }{
		{"en", "in a quarter of an hour, drain tank-1 to 30 %"},
		{"es", "dentro de un cuarto de hora, arranca la bomba"},
		{"de", "in einer Viertelstunde die Pumpe starten"},
		{"fr", "dans un quart d'heure, démarre la pompe"},
	} {
		w := timeIn(c.lang, c.text, now, time.UTC)
		if assert.NotNil(t, w, c.text) {
			assert.Equal(t, now.Add(15*time.Minute), w.At, c.text)
		}
	}
	w := timeIn("en", "in an hour restart the system", now, time.UTC)
	if assert.NotNil(t, w) {
		assert.Equal(t, now.Add(time.Hour), w.At)
	}
}

// A request for something again and again is reported as recurring; a
// daily report is a name, not a recurrence.
func TestResolve_RecurringRequests(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, target string }{
		{"en", "Fill the tank every day at 6.", "com.acme.tank.fill"},
		{"de", "Montag bis Freitag jeweils um 5:30 das Förderband starten.", "com.acme.conveyor.start"},
		{"es", "De lunes a viernes a las 7, contralavado del filtro.", "com.acme.filter.backflush"},
		{"fr", "À la fin de chaque poste, mettre la vanne à 0.", "com.acme.valve.set_position"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.True(t, res.Recurring, c.text)
		assert.Equal(t, c.target, top(t, res).Target, c.text)
	}
	assert.False(t, x.Resolve("send me the daily report tomorrow at 8", testCtx()).Recurring)
}

// An hour alone in digits is when to act for a change that takes no
// number, read on the 24-hour clock at its next occurrence; for a change
// that takes a number it is the number; written in words or before a unit
// it is no time.
func TestResolve_ABareHour(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		hour       int // -1: no time
	}{
		{"en", "restart at 6", 6},
		{"es", "reinicia a las 3", 3},
		{"de", "Neustart um 6", 6},
		{"en", "set the valve at 20", -1},
		{"fr", "J'aimerais bien que le tapis soit arrêté, il y a un carton coincé.", -1},
		{"es", "Cambia la configuración: tiempo de espera de aprobación a diez minutos.", -1},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		if c.hour < 0 {
			assert.Nil(t, res.When, c.text)
			continue
		}
		if assert.NotNil(t, res.When, c.text) {
			assert.Equal(t, c.hour, res.When.At.Hour(), c.text)
			assert.True(t, res.When.At.After(testNow), c.text)
		}
	}
}

// The story's time words do not swallow the request's own time.
func TestResolve_TheRequestsOwnTimeAfterAStory(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Evening peak's over by 11. Restart the controller tonight at 23:00.", testCtx())
	if assert.NotNil(t, res.When) {
		assert.Equal(t, 23, res.When.At.Hour())
	}
}

// A now in the request beats a time the story or another sentence tells.
func TestResolve_NowBeatsTheStorysTime(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	res := x.Resolve("Trabajos de esta semana: lunes retrolavado, miércoles diagnóstico, viernes copia de seguridad. Haz el diagnóstico ahora.", ctx)
	assert.Nil(t, res.When)
	assert.Equal(t, "postDiagnosticsRun", top(t, res).Target)
	assert.NotNil(t, x.Resolve("restart tomorrow at 6", testCtx()).When)
}

// Weeks and fortnights are lengths of time; "then" points back to the
// story's time; the end of the month and after breakfast are vague.
func TestResolve_WeeksThenAndVagueDays(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("In a fortnight, take a config backup.", testCtx())
	if assert.NotNil(t, res.When) {
		assert.Equal(t, 14*24*time.Hour, res.When.At.Sub(testNow).Round(time.Hour))
	}
	res = x.Resolve("The packaging crew arrives next week Tuesday at 7:15, start the conveyor then.", testCtx())
	if assert.NotNil(t, res.When) {
		assert.Equal(t, 7, res.When.At.Hour())
	}
	ctx := testCtx()
	ctx.Lang = "es"
	res = x.Resolve("A finales de mes haz una copia de la configuración.", ctx)
	assert.Nil(t, res.When)
	assert.True(t, res.Scheduled, "a vague time asks, it does not act now")
}

// A shift named by its part of the day is people, not a time.
func TestResolve_AShiftIsNoTime(t *testing.T) {
	x := fullIndex(t)
	assert.Nil(t, x.Resolve("Night shift snowmaking here. Open the main valve all the way.", testCtx()).When)
	ctx := testCtx()
	ctx.Lang = "es"
	assert.Nil(t, x.Resolve("el turno de noche dejó el tanque bajo, llénalo", ctx).When)
	assert.NotNil(t, x.Resolve("restart tonight", testCtx()).When)
	assert.Nil(t, x.Resolve("revoke token tok-5, that was the old night manager's", testCtx()).When, "a person of the night")
}

// A weekday gone by is in the past; a day to come is no report's date but
// its time; "first thing" in four languages is the morning.
func TestResolve_LastWeekdayAndDaysToCome(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"es", "¿me das el informe diario del viernes pasado?"},
		{"de", "der Tagesbericht vom letzten Freitag"},
		{"fr", "le rapport de vendredi dernier"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Nil(t, res.When, c.text)
		assert.Equal(t, "2026-11-27", top(t, res).Args["date"], c.text) // testNow is Wednesday 2026-12-02
	}
	for _, c := range []struct{ lang, text string }{
		{"es", "El lunes a primera hora, saca el informe diario de producción."},
		{"fr", "Lundi à la première heure, démarre la pompe."},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		require.NotNil(t, res.When, c.text)
		assert.Equal(t, time.Monday, res.When.At.Weekday(), c.text)
		assert.Equal(t, 8, res.When.At.Hour(), c.text)
	}
}

// A time in a reason given is no time to act at; "since 6 am" is a time.
func TestResolve_TimeInAReasonIsNoSchedule(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		timed      bool
	}{
		{"en", "Since the sludge truck isn't coming before noon anyway, fill the tank.", false},
		{"de", "Weil die Lieferung erst morgen kommt, lass den Tank bis auf 25 % ab.", false},
		{"en", "Because the delivery is late, drain the tank down to 30%.", false},
		{"en", "because of the holidays, restart the controller on Sunday night", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Equal(t, c.timed, res.When != nil, c.text)
		assert.Equal(t, DecisionMatch, res.Decision, c.text)
	}
}

// A change timed by an event has no time to keep: it is asked about; a
// courtesy ("when you can") and an event gone by are not.
func TestResolve_ChangeTimedByAnEvent(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		asks       bool
	}{
		{"en", "restart the controller once IT is done with their maintenance window", true},
		{"de", "Tank füllen, sobald die Kesselhausleute fertig sind", true},
		{"es", "llena el depósito cuando vuelva yo de comer, ¿vale?", true},
		{"en", "set the flow to 40 when you can", false},
		{"en", "backup the config before the contractor comes in", false},
		{"de", "Wenn die Nachtschicht da ist, Förderband starten.", true},
		{"fr", "Quand l'équipe de nuit arrive, démarre le convoyeur.", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Equal(t, c.asks, res.Scheduled && res.When == nil, c.text)
	}
}

// A change timed by an event told as a noun asks when, and the event's
// words are no errand or other place; an event gone by, one of ours, a
// deadline that is no shift, or one in the story's sentence times nothing.
func TestResolve_EventNounAsksWhen(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text, target string
		asks               bool
	}{
		{"en", "drain the tank after the lunch break", "com.acme.tank.drain", true},
		{"en", "Fill the liquor tank after the mash-in.", "com.acme.tank.fill", true},
		{"de", "Spül den Filter nach der Fütterung", "com.acme.filter.backflush", true},
		{"en", "Backflush the filter before the morning shift.", "com.acme.filter.backflush", true},
		{"es", "Antes del turno de mañana reinicia el controlador.", "postSystemRestart", true},
		{"fr", "Remplis la cuve de la station après la pause déjeuner.", "com.acme.tank.fill", true},
		{"en", "do the filter backflush after smoko", "com.acme.filter.backflush", true}, // a last word no pack knows
		{"fr", "vidange la cuve après ma pause", "com.acme.tank.drain", true},            // the person's own break, a word of stopping
		{"de", "Automatik nach dem Stopp wieder aufnehmen", "postTendingResume", false},
		{"en", "Make a backup of the station config before the contractor comes in.", "postConfigBackup", false},
		{"en", "Backflush the filter for 2 minutes, the dp crept up after the 14:00 clean.", "com.acme.filter.backflush", false},
		{"en", "Filler's about to come back up after the changeover. Can we get the pump going?", "com.acme.pump.start", false},
		{"fr", "Le malaxeur doit tourner à 20 tours par seconde d'après le fournisseur.", "com.acme.mixer.set_speed", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Equal(t, c.target, top(t, res).Target, c.text)
		assert.Equal(t, c.asks, res.Scheduled && res.When == nil, c.text)
	}
}

// An hour in the story is no value for the request: "the shift arrives at
// 6, fill the tank" fills to the default, not to 6 %.
func TestResolve_StoryHourFillsNoArgument(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "the shift arrives at 6, fill the tank"},
		{"es", "el turno de mañana llega a las 6, llena el tanque"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Equal(t, "com.acme.tank.fill", top(t, res).Target, c.text)
		assert.EqualValues(t, 90, top(t, res).Args["targetPercent"], c.text)
	}
}

// Spelling and vague words of time: tonite is tonight; después and tout à
// l'heure are vague, después del corte de luz is no time at all.
func TestResolve_MoreWordsOfTime(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("tonite drain the tank", testCtx())
	require.NotNil(t, res.When)
	assert.Equal(t, 22, res.When.At.Hour())
	for _, c := range []struct {
		lang, text string
		vague      bool
	}{
		{"es", "reinicia el sistema despues, quando termina el turno", true},
		{"fr", "remplir la cuve tout à l'heure", true},
		{"es", "Resetea el componente filter-1, se quedó colgado después del corte de luz", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		r := x.Resolve(c.text, ctx)
		assert.Equal(t, c.vague, r.Scheduled && r.When == nil, c.text)
	}
}

// A time the story tells in a sentence of its own schedules no read; a
// read asked for at a time still is.
func TestResolve_StoryTimeSchedulesNoRead(t *testing.T) {
	x := fullIndex(t)
	assert.Nil(t, x.Resolve("We had a weird five minutes around 02:00 last night. Could you show me the logs please?", testCtx()).When)
	assert.NotNil(t, x.Resolve("read the pump pressure tomorrow at 8", testCtx()).When)
}

// A weekday written with a date confirms the date; when the nearest such
// date falls on another weekday, the next year's that matches is meant.
func TestTime_WeekdayWithADateConfirmsIt(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, want string }{
		{"fr", "Lundi 18 janvier 2027 à 8 h, sors-moi le rapport journalier.", "2027-01-18 08:00"},
		{"de", "Am Freitag, 12. März 2027, um 14 Uhr Heizungssollwert auf 45 °C.", "2027-03-12 14:00"},
		{"es", "El viernes 14 de mayo a las 18 h detén la bomba.", "2027-05-14 18:00"}, // 14 May 2026 is a Thursday
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		require.NotNil(t, res.When, c.text)
		assert.Equal(t, c.want, res.When.At.Format("2006-01-02 15:04"), c.text)
	}
}

// This morning told in a sentence that names nothing of ours is when the
// story happens; asked with the deed, it is a time to act at.
func TestResolve_ThisMorningOfTheStoryIsNoTime(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Now = time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC)
	ctx.Lang = "fr"
	res := x.Resolve("Le sirop est trop épais ce matin. Consigne du réchauffeur à 72 °C.", ctx)
	assert.Nil(t, res.When)
	assert.Equal(t, "com.acme.heater.set_setpoint", top(t, res).Target)
	ctx.Lang = "en"
	assert.NotNil(t, x.Resolve("backflush the filter this morning", ctx).When)
}

// A time in a clause told in the past, after the deed's clause, is when
// the story happened; with the deed it is a time to act at.
func TestResolve_PastClauseTimeIsNoTime(t *testing.T) {
	x := fullIndex(t)
	for _, text := range []string{
		"Revoke token tok-5, the contractor's engagement ended Friday.",
		"Resume autonomous action, the stop from this morning was a false alarm.",
		"Roll back the last firmware update, it's been glitchy since Tuesday.",
	} {
		assert.Nil(t, x.Resolve(text, testCtx()).When, text)
	}
	assert.NotNil(t, x.Resolve("restart the controller on Friday, it crashed", testCtx()).When)
}

// "sur 24 h" is a length of time; "sur 14 h 05" is a clock time.
func TestParseTime_SurIsALengthUnlessMinutesFollow(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "fr"
	assert.Nil(t, x.Resolve("Min et max du niveau de la cuve sur 24 h glissantes", ctx).When)
	res := x.Resolve("Règle l'horloge du système sur 14 h 05", ctx)
	require.NotEmpty(t, res.Shortlist)
	assert.Equal(t, "putTime", res.Shortlist[0].Target)
	assert.Empty(t, res.Shortlist[0].Missing)
}

// A time too vague to keep ("sometime next week", "un de ces jours",
// "irgendwann") asks when: the change is never run now.
func TestResolve_VagueTimesInWordsAsk(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "Can you do the filter backflush sometime next week?"},
		{"fr", "remplis la cuve un de ces jours"},
		{"de", "Den Filter irgendwann rückspülen"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.True(t, res.Scheduled || slices.ContainsFunc(res.Shortlist, func(k Candidate) bool { return k.Target == "postSchedule" }), c.text)
	}
}

// The writer's own plan told after the request is no time to act at:
// "stop the conveyor belt, we're hanging our locks on it in a minute"
// halts it now.
func TestResolve_TheWritersPlanAfterTheRequestIsNoTime(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("stop the conveyor belt, we're hanging our locks on it in a minute", testCtx())
	assert.Nil(t, res.When)
	assert.Equal(t, "com.acme.conveyor.halt", res.ThingHalt)
	res = x.Resolve("stop the conveyor belt in a minute", testCtx())
	assert.NotNil(t, res.When)
}

// "In" and a number before a word no pack reads but written like a unit of
// time is a time nobody could read: the request is a schedule whose time
// is asked, never a change now; other words after a number are no time.
func TestResolve_AnUnreadTimeMakesASchedule(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		text      string
		scheduled bool
	}{
		{"in 5 minuuten start the pump", true},
		{"start the pump in 2 shakes", false},
		{"set the flow in 2 steps to 50", false},
	} {
		r := x.Resolve(c.text, testCtx())
		require.NotEmpty(t, r.Shortlist, c.text)
		assert.Nil(t, r.When, c.text)
		assert.Equal(t, c.scheduled, r.Scheduled || r.Shortlist[0].Target == "postSchedule", c.text)
	}
}

// A time in the story that says which event a noun names ("the outage of
// this morning") is no time to act at.
func TestResolve_ATimeOfANounInTheStoryIsNoTime(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		timed      bool
	}{
		{"es", "Reconoce la alarma al-17, ya sabemos que es por el corte de fibra de esta mañana.", false},
		{"fr", "Acquitte l'alerte al-17, on sait que c'est à cause de la panne de cette nuit.", false},
		{"es", "Reconoce la alarma al-17 esta tarde.", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		r := x.Resolve(c.text, ctx)
		assert.Equal(t, c.timed, r.When != nil, c.text)
	}
}
