package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A machine no pack knows, restarted or reset, is another machine; the
// system's own names, a thing qualified by such a word and a name of a
// person are not.
func TestResolve_UnknownMachineRestartedIsNotOurs(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"en", "restart the palletizer, it's thrown a fault again", false},
		{"fr", "Redémarre l'étiqueteuse, elle est plantée.", false},
		{"de", "Schalt mal den Backenbrecher ab, da klemmt ein Brocken drin", false},
		{"de", "Starte Outlook neu, der Kalender hängt.", false},
		{"en", "restart the controller, it's thrown a fault again", true},
		{"en", "reboot the PLC please", true},
		{"en", "restart the booster pump", true},
		{"en", "revoke the contractor's token tok-5", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}
