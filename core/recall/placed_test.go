package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A thing of ours put on or in an object no pack knows is that object's;
// a unit, a time, a word that qualifies the next thing, a phrase such as
// "in front of" and a story sentence beside a request for our own thing
// are not such an object.
func TestResolve_ThingPlacedOnAnUnknownObjectIsNotOurs(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"en", "drain the CIP tank in the syrup room", false},
		{"en", "The radiator valve in classroom 2 is stuck shut, open it please.", false},
		{"de", "Der Leimbehälter an der Etikettiermaschine ist fast leer, füll den mal nach.", false},
		{"en", "The mixer in the bakery downstairs is making a grinding noise, slow it down.", false},
		{"en", "Check the filter on AHU-3, the HVAC guys think its differential pressure is high.", false},
		{"fr", "Mets la vanne V12 de l'automate Schneider M580 à 50 %.", false},
		{"en", "set valve-1 to 50 percent", true},
		{"en", "What's the temperature in FV4? Fermentation should be sitting at 19.", false},
		{"en", "What's the pressure on the CO2 bottle at the bar?", false},
		{"en", "what's the pressure at the pump outlet?", true},
		{"en", "drain the tank", true},
		{"en", "how full is the tank in percent?", true},
		{"en", "set the heater on the liquor tank to 70 degrees", true},
		{"en", "If possible, I'd like to have yesterday's daily report in front of me.", true},
		{"en", "heater temp? need it for the log sheet, the gauge on the pipe is fogged up", true},
		{"en", "hiya, how full's the tank at the mo?", true},
		{"de", "Das Letzte in der Linie, das Band am Ende – wie schnell läuft's?", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}

// A name right after a site word or a thing of ours is another site's.
func TestResolve_ANameAfterASiteIsAnotherSite(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"de", "Wie hoch war der Druck im Werk Augsburg heute Nacht?", false},
		{"de", "Wie ist der Füllstand im Hochbehälter Oberdorf?", false},
		{"de", "Wie ist der Füllstand im Tank gerade?", true},
		{"de", "Wie hoch ist der Druck der Pumpe im Werk gerade?", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}

// Sites counted are other sites: this system is one.
func TestResolve_SitesCountedAreOthers(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, DecisionNone, x.Resolve("Give me the uptime KPI for all ten sites, worst first.", testCtx()).Decision)
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Equal(t, DecisionNone, x.Resolve("Wie hoch ist der Druck in unseren drei Werken?", ctx).Decision)
	assert.NotEqual(t, DecisionNone, x.Resolve("show the uptime of the system", testCtx()).Decision)
}

// A heading that says where a request comes from ("question from the
// office:") tells no object; the request after its colon is read.
func TestResolve_SendersPlaceInAHeading(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "quick question from the office: how full is the tank right now?", "getProperty"},
		{"en", "Data protection question from the office manager: what data is the station allowed to send out, and to where?", "getValve"},
		{"en", "from the office: restart the office printer", ""},
		{"en", "how full is the tank in the office?", ""},
	})
}
