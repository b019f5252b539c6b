package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// How much of a thing, with no value named, asks for what it measures
// (entities-acme.json "amounts"), in German, Spanish and French.
func TestResolve_HowMuchOfAThing(t *testing.T) {
	x := fullIndex(t)
	for text, want := range map[string]string{
		"Il tourne à combien le mélangeur ?":          "mixer.speed",
		"che, ¿cuánto marca el tanque?":               "tank.level",
		"cuánto le queda al depósito, en porcentaje?": "tank.level",
		"wie viel Wasser ist im Tank?":                "tank.volume", // a value named stays
	} {
		res := x.Resolve(text, testCtx())
		require.NotEmpty(t, res.Shortlist, text)
		assert.Equal(t, "getProperty", res.Shortlist[0].Target, text)
		assert.Equal(t, want, res.Shortlist[0].Args["name"], text)
	}
}
