package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIsUUID(t *testing.T) {
	for s, want := range map[string]bool{
		"11111111-2222-4333-8444-555555555555": true,
		"9b1e4c7a-2d3f-4e5a-8b6c-0d1e2f3a4b5c": true,
		"11111111-2222-4333-8444":              false,
		"2026-01-05":                           false,
		"1111111g-2222-4333-8444-555555555555": false,
	} {
		assert.Equal(t, want, isUUID(s), s)
	}
}

// An Action's id of digits only is the id, never numbers to fill other
// arguments with.
func TestResolve_AUUIDOfDigitsIsOneID(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	r := x.Resolve("Deniega la acción 11111111-2222-4333-8444-555555555555, nadie la ha pedido.", ctx)
	require.NotEmpty(t, r.Shortlist)
	c := top(t, r)
	assert.Equal(t, "postActionDeny", c.Target)
	assert.Equal(t, "11111111-2222-4333-8444-555555555555", c.Args["id"])
	assert.NotContains(t, c.Args, "digest")
}
