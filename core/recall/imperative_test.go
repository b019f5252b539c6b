package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Of a long message's clauses that each tell of a deed, the one that opens
// with it (or asks politely, or reads) and names something of ours is the
// request; a deed's word that something is said of ("Stopp ist vorbei")
// asks for nothing.
func TestResolve_TheClauseThatOpensWithTheDeedIsTheRequest(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text, want string
	}{
		{"en", "The van is parked outside and the driver hates waiting. Everyone is standing around. Start the conveyor, please.", "com.acme.conveyor.start"},
		{"fr", "La pause est finie et les gars sont revenus à leur poste. Ils attendent les cartons. Démarre le convoyeur.", "com.acme.conveyor.start"},
		{"de", "So, Stopp ist vorbei: autonome Aktionen wieder aufnehmen.", "postTendingResume"},
		{"fr", "Qu'est-ce qui est sorti du système ? Montre le journal du Valve.", "getValveLog"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		r := x.Resolve(c.text, ctx)
		require.NotEmpty(t, r.Shortlist, c.text)
		assert.Equal(t, c.want, r.Shortlist[0].Target, c.text)
	}
}

// A story told in sentences of its own, naming nothing the request names,
// does not make the request about another thing; a heading does, and so
// does a story about the same kind of thing.
func TestResolve_AStoryApartIsNotTheRequestsObject(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"fr", "La pause est finie et les gars sont revenus à leur poste. Ils attendent les cartons. Démarre le convoyeur.", true},
		{"en", "The delivery truck is already on its way. Fill the tank, please.", true},
		{"de", "Kesselhaus: Druck fällt, Speisepumpe neu starten", false},
		{"en", "The aquarium pump in reception is loud. Can you stop the pump?", false},
		{"en", "I just got back from lunch and my phone buzzed twice. Show me the pending actions.", true},
		{"es", "La olla exprés del comedor no coge presión, ¿qué le pasa?", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}

// "Pull", "grab", "sors-moi", "hol mir" fetch what they name: a read.
func TestResolve_FetchVerbsRead(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Pull today's production report for the morning call.", "com.acme.report.daily"},
		{"en", "grab me the station logs", "getLogs"},
		{"fr", "Sors-moi les journaux de la station, j'en ai besoin pour l'audit ANSSI.", "getLogs"},
		{"de", "Hol mir mal die Logs der Station", "getLogs"},
	})
}

// "Needs changing", "would you mind changing" ask for the change: the
// gerund here is no history of changes.
func TestResolve_NeedsChangingAsksForTheChange(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Would you mind changing the heater setpoint?", "com.acme.heater.set_setpoint"},
		{"en", "the pump flow needs changing for the new product", "com.acme.pump.set_flow"},
		{"en", "what has been changing on the heater setpoint?", "getPropertyHistory"},
	})
}
