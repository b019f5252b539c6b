package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Rates not listed whole are composed of an amount, a word for "per" and a
// unit of time, in every language; a listed rate still reads as listed,
// and an amount with no unit of time after it is no rate.
func TestUnits_ComposedRates(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		value      float64
		unit       string
	}{
		{"en", "10 cm per second", 6, "m/min"},
		{"en", "20 cm a second", 12, "m/min"},
		{"en", "5 feet every second", 91.44, "m/min"},
		{"en", "3 cubic metres an hour", 50, "L/min"},
		{"de", "2 Kubikmeter pro Stunde", 33.333333333, "L/min"},
		{"de", "30 Zentimeter je Sekunde", 18, "m/min"},
		{"es", "30 litros cada minuto", 30, "L/min"},
		{"es", "600 metros por hora", 10, "m/min"},
		{"fr", "1 litre à la seconde", 60, "L/min"},
		{"fr", "90 litres par heure", 1.5, "L/min"},
		{"en", "40 l/min", 40, "L/min"},
	} {
		qs := quantitiesIn(c.lang, c.text)
		require.Len(t, qs, 1, c.text)
		assert.InDelta(t, c.value, qs[0].Value, 1e-6, c.text)
		assert.Equal(t, c.unit, qs[0].Unit, c.text)
	}
	qs := quantitiesIn("fr", "500 l à la cuve")
	require.Len(t, qs, 1)
	assert.NotEqual(t, "m/min", qs[0].Unit)
	x := fullIndex(t)
	ctx := testCtx()
	cand := top(t, x.Resolve("our Acme tech says the belt should run at 20 cm per second, can you set that?", ctx))
	assert.Equal(t, "com.acme.conveyor.set_speed", cand.Target)
	assert.EqualValues(t, 12, cand.Args["metresPerMin"])
}
