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
		{"en", "the pump is vibrating badly, stop it", true},
		{"en", "stop the pump, vibration too high", true},
		{"en", "what's the pump pressure?", true},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}
