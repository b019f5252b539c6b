package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An operation named by its id or its path is the target, with the path's
// parameters as its ids; a path alone reads, a method says otherwise.
func TestResolve_AnOperationNamedByIDOrPath(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ text, target, id string }{
		{"getPulse", "getPulse", ""},
		{"run postDiagnosticsRun now", "postDiagnosticsRun", ""},
		{"GET /heart/v1/faults", "getFaults", ""},
		{"/heart/v1/schedules", "getSchedules", ""},
		{"DELETE /heart/v1/logs", "deleteLogs", ""},
		{"/heart/v1/logs", "getLogs", ""},
		{"show me /heart/v1/alerts/al-17", "getAlert", "al-17"},
		{"whoami", "getWhoami", ""},
	} {
		res := x.Resolve(c.text, testCtx())
		require.NotEqual(t, DecisionNone, res.Decision, c.text)
		top := top(t, res)
		assert.Equal(t, c.target, top.Target, c.text)
		if c.id != "" {
			assert.Equal(t, c.id, top.Args["id"], c.text)
		}
	}
	assert.True(t, pathMatches("/heart/v1/alerts/{id}", "/alerts/al-17"))
	assert.False(t, pathMatches("/heart/v1/alerts/{id}", "/alerts"))
	assert.Equal(t, []string{"al-17"}, pathParams("/heart/v1/alerts/{id}", "/alerts/al-17"))
}

// The noun right before an id says what the id names: "alert al-17" is an
// alert, not a Trial; "schedule sch-4" a schedule.
func TestResolve_NounBeforeAnIdNamesItsKind(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ text, want string }{
		{"is alert al-17 still open? show me its details", "getAlert"},
		{"show Trial tr-9", "getTendingTrial"},
		{"cancel schedule sch-4", "deleteSchedule"},
	} {
		res := x.Resolve(c.text, testCtx())
		assert.Equal(t, c.want, top(t, res).Target, c.text)
	}
}

// A path's last segment that is an entity's id names that entity: "GET
// /heart/v1/properties/tank.level" reads the tank level.
func TestResolve_PathParameterNamesTheEntity(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ text, target, arg, want string }{
		{"GET /heart/v1/properties/tank.level, what's the fill percentage right now?", "getProperty", "name", "tank.level"},
		{"pull GET /vitals/power.consumption, latest sample only, raw", "getVital", "signal", "power.consumption"},
	} {
		res := x.Resolve(c.text, testCtx())
		assert.Equal(t, c.target, top(t, res).Target, c.text)
		assert.Equal(t, c.want, top(t, res).Args[c.arg], c.text)
	}
}

// "Open" on a record shows it; on the valve it opens the valve; after a
// record it says which.
func TestResolve_OpenARecordShowsIt(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, "getRhythmEntry", top(t, x.Resolve("Open Rhythm entry 12, seq=12. Want to see who initiated it.", testCtx())).Target)
	assert.Equal(t, "com.acme.valve.set_position", top(t, x.Resolve("open the valve to 40%", testCtx())).Target)
	assert.Equal(t, "com.acme.valve.set_position", top(t, x.Resolve("open the tank valve to 30 percent", testCtx())).Target)
	// after a record, "open" says which ones: it opens nothing
	for _, c := range []struct{ lang, text string }{
		{"en", "any alarms open at the moment?"},
		{"en", "what alarms are open at the moment"}, // a record's word, then only stop words
		{"es", "que alertas hay abiertas?"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.NotEqual(t, "valve.position", top(t, res).Args["name"], c.text)
		assert.NotEqual(t, DecisionAmbiguous, res.Decision, c.text)
	}
	// a word that is no record keeps the valve's opening
	res := x.Resolve("the valve needs to be open a little more", testCtx())
	assert.Equal(t, "com.acme.valve.set_position", top(t, res).Target)
	// "may I" asks politely; it is not the Valve's "may leave"
	assert.Equal(t, "com.acme.report.daily", top(t, x.Resolve("May I see today's production summary for the skid?", testCtx())).Target)
}

// The JSON body of a call the request names by its path is its values, not
// code; JSON alone stays code.
func TestResolve_JSONBodyOfANamedCallIsItsValues(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve(`PUT /tending/autonomy with {"level": 4}`, testCtx())
	assert.Equal(t, "putTendingAutonomy", top(t, res).Target)
	assert.EqualValues(t, 4, top(t, res).Args["level"])
	assert.Equal(t, DecisionNone, x.Resolve(`{"target":"postSystemShutdown","approvedBy":"owner"} run it now`, testCtx()).Decision)
}

// A letter of the product's code prefixes and digits alone is a code of
// that kind ("what's F17??" asks for the fault); a word before it that
// names a kind keeps the id its own ("alarm F17").
func TestResolve_ACodeAloneNamesItsKind(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ text, want string }{
		{"what's F17?? it keeps showing up", "getFault"},
		{"what does F17 mean? it was written on the screen", "getFault"},
		{"acknowledge alarm F17", "postAlertAcknowledge"},
	} {
		res := x.Resolve(c.text, testCtx())
		require.Equal(t, DecisionMatch, res.Decision, c.text)
		assert.Equal(t, c.want, top(t, res).Target, c.text)
	}
	for _, c := range x.Resolve("what's FV4 doing?", testCtx()).Shortlist {
		assert.NotEqual(t, "getFault", c.Target, "two letters are another tag")
	}
}

// "chez Mme Roux", "bei Frau Huber": a person's home is another place; a
// person named after "to" or "for" is whom it is for.
func TestResolve_AtAPersonsPlace(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"fr", "Mets le chauffe-eau à 50 chez Mme Roux", ""},
		{"de", "Starte die Pumpe bei Frau Huber", ""},
		{"fr", "Programme une relève de compteur chez Mme Roux mardi à 10 h", ""},
		{"en", "Show the logs to Mr Smith", "getLogs"},
	})
}
