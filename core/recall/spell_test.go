package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSureTypo_SwapsAndDoubledLettersOnly(t *testing.T) {
	for _, c := range []struct {
		w, v string
		want bool
	}{
		{"shwo", "show", true},      // two neighbours swapped
		{"runing", "running", true}, // a doubled letter dropped
		{"accross", "across", true}, // one doubled that is single
		{"arette", "arrete", true},  // the doubling moved
		{"fil", "fill", true},       // short words too
		{"lock", "look", false},     // another letter is another word
		{"heatr", "heater", false},  // a missing letter is a guess
		{"stop", "stop", false},     // the same word is no slip
		{"drin", "drain", false},
		{"stauts", "status", true},
		{"temprature", "temperature", false},
	} {
		assert.Equal(t, c.want, sureTypo(c.w, c.v), "%s -> %s", c.w, c.v)
	}
}

// Sure slips are read as the word meant, before numbers, times and phrases
// of several words are looked for; other guesses are left to wordConcepts.
func TestResolve_SureSlipsReadAsTheWordMeant(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ text, lang, want string }{
		{"shwo alert 3", "en", "getAlert"},
		{"fil the tank", "en", "com.acme.tank.fill"},
		{"arette le tapis", "fr", "com.acme.conveyor.halt"},
		{"Netzwerkstauts", "de", "getNetwork"},
		{"Ventil gnaz auf", "de", "com.acme.valve.set_position"},
		{"is the pump runing", "en", "getProperty"}, // "running", not run+ing = start
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.want, top(t, x.Resolve(c.text, ctx)).Target, c.text)
	}
	// "heatr" is one missing letter from "heater" and a swap from "heart":
	// the closer word wins
	assert.Equal(t, "com.acme.heater.set_setpoint", top(t, x.Resolve("heatr to 45 degrees", testCtx())).Target)
}

// A slip found in a time expression is read before the time is.
func TestResolve_SureSlipInATimeExpression(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("restart the system tomorow at 6", testCtx())
	if assert.NotNil(t, res.When) {
		assert.Equal(t, 6, res.When.At.Hour())
	}
}

// A slip in the stem of an inflected word is found too: "alrets" is
// "alert" and "s".
func TestSpell_ASlipInTheStem(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, "getAlerts", top(t, x.Resolve("show me teh alrets", testCtx())).Target)
	assert.Equal(t, "getSchedules", top(t, x.Resolve("list the scheduels", testCtx())).Target)
}

// A word of a phrase the lexicons list is no slip: "audit trail" is not
// an "audit trial".
func TestSpell_AWordOfAPhraseIsNoSlip(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, "getRhythm", top(t, x.Resolve("show the audit trail", testCtx())).Target)
}

// A word of consonants only shortens the one vocabulary word it fits
// ("pmp" pump, "lvl" level, "htr" heater); a word with vowels is no
// abbreviation.
func TestResolve_ConsonantAbbreviations(t *testing.T) {
	x := fullIndex(t)
	for text, prop := range map[string]string{"pmp pressure now": "pump.pressure", "lvl tank?": "tank.level", "htr temp": "heater.temperature"} {
		assert.Equal(t, prop, top(t, x.Resolve(text, testCtx())).Args["name"], text)
	}
	assert.Equal(t, "pmp", consonants("pump"))
	_, ok := x.cz.abbreviation("fr", "vers")
	assert.False(t, ok)
}

// A word of a three-word phrase is no typo of another word.
func TestSpell_KeepsWordsOfLongerPhrases(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "fr"
	assert.Equal(t, DecisionNone, x.Resolve("Température de l'eau en sortie de tour de refroidissement ?", ctx).Decision)
}

// A thing of ours and another known word typed as one are read as both;
// other words typed together are not taken apart.
func TestResolve_GluedWords(t *testing.T) {
	x := fullIndex(t)
	for text, want := range map[string]string{"mixerspeed to 1600rpm": "com.acme.mixer.set_speed", "tanklevel?": "getProperty", "whats the pumpflow": "getProperty"} {
		res := x.Resolve(text, testCtx())
		assert.Equal(t, DecisionMatch, res.Decision, text)
		assert.Equal(t, want, top(t, res).Target, text)
	}
	assert.NotEqual(t, DecisionMatch, x.Resolve("Restart the WinCC runtime on HMI-02.", testCtx()).Decision)
}

// A message in capitals may hold slips like any other; a known word and
// an article typed as one are read apart.
func TestResolve_ShoutedSlipsAndGluedArticles(t *testing.T) {
	x := fullIndex(t)
	for text, want := range map[string]string{"WHATS THE PUMP PRESURE AT": "getProperty", "STARTTHE CONVEYOR BELT": "com.acme.conveyor.start"} {
		res := x.Resolve(text, testCtx())
		assert.NotEqual(t, DecisionNone, res.Decision, text)
		assert.Equal(t, want, top(t, res).Target, text)
	}
}

// A name of a thing elsewhere is a word, never a slip of one of ours
// ("shower" is no "slower"); a short one may still be ("la van" for la
// vanne).
func TestResolve_AThingElsewhereIsNoTypo(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Room 14 rang down again, the shower is only lukewarm. Please raise the heater setpoint to 60 degrees.", "com.acme.heater.set_setpoint"},
		{"fr", "la van est ouverte à combien pour sang", "getProperty"},
	})
}
