package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An amount with no unit of time after its "per" word is no rate; a
// composed rate is a value the command takes (the composed rates
// themselves are in TestUnits_ConvertToTheCanonicalUnit).
func TestUnits_ComposedRates(t *testing.T) {
	qs := quantitiesIn("fr", "500 l à la cuve")
	require.Len(t, qs, 1)
	assert.NotEqual(t, "m/min", qs[0].Unit)
	cand := top(t, fullIndex(t).Resolve("our Acme tech says the belt should run at 20 cm per second, can you set that?", testCtx()))
	assert.Equal(t, "com.acme.conveyor.set_speed", cand.Target)
	assert.EqualValues(t, 12, cand.Args["metresPerMin"])
}
