package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A negation denies the request unless it stands in the reason given after
// the deed ("…, que el mecánico no lo encuentra").
func TestResolve_NegationInAReasonDeniesNothing(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		target     string // "" when nothing is asked for
	}{
		{"es", "haz parpadear el controlador que el mecánico no lo encuentra", "postSystemIdentify"},
		{"es", "pon el calentador a 30 grados para que no se congele", "com.acme.heater.set_setpoint"},
		{"en", "restart the controller because the screen does not respond", "postSystemRestart"},
		{"en", "don't restart the controller", ""},
		{"es", "quiero que no arranques la bomba", ""},
		{"de", "starte die Pumpe nicht", ""},
		{"fr", "ne redémarre pas le contrôleur", ""},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		if c.target == "" {
			assert.Equal(t, DecisionNone, res.Decision, c.text)
			continue
		}
		if assert.NotEmpty(t, res.Shortlist, c.text) {
			assert.Equal(t, c.target, res.Shortlist[0].Target, c.text)
			assert.NotEqual(t, DecisionNone, res.Decision, c.text)
		}
	}
}
