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

// Who, for a time to come, of nothing of this system: a rota's question.
func TestResolve_WhoLaterIsARota(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Wer melkt heute abend", ""},
		{"fr", "qui est de nuit jeudi ?", ""},
		{"fr", "qui fait la traite ce soir", ""},
		{"en", "who changed the heater setpoint?", "getRhythm"},
		{"en", "what has the system done today and who decided it? the rhythm thing", "getRhythm"},
	})
}

// Who did a deed asks for the record, not for the deed again.
func TestResolve_WhoDidIsNoDeed(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "who restarted the pump last night", "getRhythm"},
		{"fr", "qui a arrêté le convoyeur ?", "getRhythm"},
	})
}

// A year gone by is beyond any record the device keeps; a date the daily
// report takes, or a number with a unit, is not.
func TestResolve_LongAgoIsNoRecord(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "what was the tank level on the 3rd of march last year", ""},
		{"en", "did the pump run while we were away in 2019", ""},
		{"fr", "quelle était la température de l'eau en janvier 2018", ""},
		{"en", "Pull the daily report for 2025-01-14, the customer disputes that day's throughput.", "com.acme.report.daily"},
		{"es", "Muéstrame el informe de producción del 3 de marzo de 2025", "com.acme.report.daily"},
		{"en", "mixer to 1200 rpm", "com.acme.mixer.set_speed"},
	})
}

// When someone comes or something happens that no pack knows is no
// question for this system; when our own things run still is.
func TestResolve_WhenOfOthers(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "when's the vet coming for the TB test", ""},
		{"es", "¿Cuándo es la próxima junta de vecinos?", ""},
		{"de", "wann kommt der Tierarzt?", ""},
		{"en", "when does the backflush run?", "getSchedules"},
		{"en", "when is the pump scheduled to start?", "getSchedules"},
	})
}

// When another's place opens or closes is asked of it, not of the valve:
// a word no target uses, with nothing of ours named, takes the verb.
func TestResolve_WhenAnotherOpensOrCloses(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "what time does the tower close tonight", ""},
		{"es", "¿a qué hora cierra el zoo hoy?", ""},
		{"en", "what time does the park open on Sundays in August?", ""},
		{"en", "what time does the backflush run?", "getTime"}, // ours: still read (the clock, as before)
		{"en", "what time is it", "getTime"},
	})
}
