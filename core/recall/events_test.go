package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A deed after an incident ("nach dem Stromausfall") is asked for now: a
// power cut is nobody's plan to wait for.
func TestResolve_ADeedAfterAnIncidentIsForNow(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	res := x.Resolve("Lass mal einen Selbsttest laufen, nach dem Stromausfall will ich sicher sein.", ctx)
	require.Equal(t, DecisionMatch, res.Decision)
	assert.Nil(t, res.When)
	assert.False(t, res.Scheduled)
	assert.Equal(t, "postDiagnosticsRun", top(t, res).Target)
}
