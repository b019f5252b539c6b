package recall

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func loadFixture(t testing.TB) []Target {
	t.Helper()
	b, err := os.ReadFile("testdata/targets.json")
	require.NoError(t, err)
	var f struct {
		Targets []Target `json:"targets"`
	}
	require.NoError(t, json.Unmarshal(b, &f))
	return f.Targets
}

func fixtureIndex(t testing.TB) *Index {
	t.Helper()
	x, err := Build(loadFixture(t), AcmeEntities(), Options{})
	require.NoError(t, err)
	return x
}

// testNow is Wednesday 2026-12-02 14:30 UTC.
var testNow = time.Date(2026, 12, 2, 14, 30, 0, 0, time.UTC)

func testCtx() Context { return Context{Now: testNow, Loc: time.UTC} }

// resolveCase is a request and what Resolve must make of it: target ""
// means not understood (DecisionNone); otherwise target is first and the
// request is understood (not DecisionNone).
type resolveCase struct{ lang, text, target string }

// assertResolves checks each case against the full demo Index.
func assertResolves(t *testing.T, x *Index, cases []resolveCase) {
	t.Helper()
	for _, c := range cases {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		if c.target == "" {
			assert.Equal(t, DecisionNone, res.Decision, c.text)
			continue
		}
		if assert.NotEmpty(t, res.Shortlist, c.text) {
			assert.Equal(t, c.target, res.Shortlist[0].Target, c.text)
			assert.NotEqual(t, DecisionNone, res.Decision, c.text)
		}
	}
}
