package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A past question of a property at a time gone asks for its history; the
// same question of now reads it.
func TestResolve_APastQuestionAtATimeGoneReadsTheHistory(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("what was the tank level at 6 this morning", testCtx())
	assert.Equal(t, "getPropertyHistory", top(t, res).Target)
	assert.Equal(t, "tank.level", top(t, res).Args["name"])
	assert.Equal(t, "getProperty", top(t, x.Resolve("what is the tank level now", testCtx())).Target)
}
