package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A quantity this station does not measure (vibration, torque, a bearing's
// temperature, the oil level of a gearbox) asked of a thing of ours is no
// read of ours; the same words in a story beside a request leave it be.
func TestResolve_AQuantityWeDoNotMeasureIsNoRead(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"en", "what's the bearing temperature on the pump?", false},
		{"en", "Is there vibration on the mixer?", false},
		{"de", "Wie hoch ist die Lagertemperatur an der Pumpe?", false},
		{"es", "¿a qué temperatura están los rodamientos de la bomba?", false},
		{"fr", "quelle est la température des roulements de la pompe ?", false},
		{"en", "what's the mixer motor drawing in amps right now", false}, // current, not power
		{"de", "Wie viel Ampere zieht der Motor vom Mischer?", false},
		{"en", "the pump is vibrating badly, stop it", true},
		{"en", "stop the pump, vibration too high", true},
		{"en", "what's the pump pressure?", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}

// Another thing a value is for ("… to 95 for the laundry") is whom the
// request serves, not its object; "the filter for the pool" is the pool's.
func TestResolve_WhomAValueIsForIsNoObject(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"en", "set the heater to 95 for the laundry", true},
		{"fr", "Fixe le débit de la pompe à 0,5 l/s pour la ligne des enneigeurs", true},
		{"en", "backflush the filter for the jacuzzi", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}
