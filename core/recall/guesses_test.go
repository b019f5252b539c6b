package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A guess two letters off never makes a plan ("geplatzt" is not
// "geplant"); one letter off it still does ("shedule a restart at 3am").
func TestSpell_NoPlanByAFarGuess(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Mach die Pumpe aus, der Schlauch bei Parzelle 12 ist geplatzt!", testCtx())
	require.NotEmpty(t, res.Shortlist)
	assert.Equal(t, "com.acme.pump.halt", res.Shortlist[0].Target)
	for _, c := range res.Shortlist {
		assert.NotEqual(t, "postSchedule", c.Target)
	}
	assert.NotNil(t, x.Resolve("shedule a restart at 3am", testCtx()).When)
}
