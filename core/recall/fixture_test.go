package recall

import (
	"encoding/json"
	"os"
	"testing"
	"time"

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
