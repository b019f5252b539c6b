package gate

import (
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestAutonomy_Stop_SetsZero_ResumeRestores(t *testing.T) {
	a := NewAutonomy(3)
	a.Stop()
	assert.Equal(t, 0, a.Level())
	assert.Equal(t, ModeObserve, a.Mode())
	assert.True(t, a.Stopped())
	a.Stop() // a second stop keeps the level to go back to
	require.NoError(t, a.Resume(demo("owner")))
	assert.Equal(t, 3, a.Level())
	assert.False(t, a.Stopped())
}

func TestAutonomy_Resume_NeedsHumanAdmin(t *testing.T) {
	for _, name := range []string{"operator", "core", "brain", "viewer"} {
		t.Run(name, func(t *testing.T) {
			a := NewAutonomy(3)
			a.Stop()
			requireProblem(t, a.Resume(demo(name)), 403, api.CodeCallerNotAllowed)
			assert.Equal(t, 0, a.Level())
		})
	}
}

func TestAutonomy_SetLevel_RaiseNeedsHumanAdmin_LowerAlways(t *testing.T) {
	cases := []struct {
		name  string
		from  int
		to    int
		by    string
		ok    bool
		code  string
		final int
	}{
		{"Owner_Raises", 3, 5, "owner", true, "", 5},
		{"Operator_Raise_Refused", 3, 4, "operator", false, api.CodeCallerNotAllowed, 3},
		{"Core_Raise_Refused", 3, 4, "core", false, api.CodeCallerNotAllowed, 3},
		{"Brain_Lowers", 3, 1, "brain", true, "", 1},
		{"Viewer_Lowers", 5, 2, "viewer", true, "", 2},
		{"Same_NoRaise", 3, 3, "viewer", true, "", 3},
		{"OutOfRange_High", 3, 6, "owner", false, api.CodeInvalidRequest, 3},
		{"OutOfRange_Low", 3, -1, "owner", false, api.CodeInvalidRequest, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := NewAutonomy(c.from)
			err := a.SetLevel(c.to, demo(c.by))
			if c.ok {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
				assert.Equal(t, c.code, err.(*api.Problem).Code)
			}
			assert.Equal(t, c.final, a.Level())
		})
	}
}

func TestAutonomy_BrainlessCap_LowersAndLimits(t *testing.T) {
	a := NewAutonomy(5)
	a.SetCap(BrainlessMaxLevel)
	assert.Equal(t, 4, a.Level())
	requireProblem(t, a.SetLevel(5, demo("owner")), 409, api.CodeConflict)
	a.Stop()
	require.NoError(t, a.Resume(demo("owner")))
	assert.Equal(t, 4, a.Level())
	a.SetCap(MaxLevel)
	assert.Equal(t, 4, a.Level(), "lifting the cap never raises")
	require.NoError(t, a.SetLevel(5, demo("owner")))
}

func TestAutonomy_SetLevelAfterStop_EndsStop(t *testing.T) {
	a := NewAutonomy(3)
	a.Stop()
	require.NoError(t, a.SetLevel(2, demo("owner")))
	assert.False(t, a.Stopped())
	require.NoError(t, a.Resume(demo("owner")))
	assert.Equal(t, 2, a.Level(), "resume without a stop does nothing")
}

// Nothing but a person with heart.admin ever raises the level.
func TestAutonomy_OnlyHumanAdminRaises(t *testing.T) {
	tokens := DemoTokens()
	rapid.Check(t, func(t *rapid.T) {
		a := NewAutonomy(rapid.IntRange(0, 5).Draw(t, "start"))
		for i := 0; i < 20; i++ {
			before := a.Level()
			by := rapid.SampledFrom(tokens).Draw(t, "by")
			switch rapid.IntRange(0, 3).Draw(t, "op") {
			case 0:
				a.Stop()
			case 1:
				_ = a.Resume(by)
			case 2:
				_ = a.SetLevel(rapid.IntRange(-1, 6).Draw(t, "lv"), by)
			case 3:
				a.SetCap(rapid.SampledFrom([]int{4, 5}).Draw(t, "cap"))
			}
			if a.Level() > before && !(by.Kind == KindHuman && by.Has(ScopeAdmin)) {
				t.Fatalf("%s raised the level from %d to %d", by.Name, before, a.Level())
			}
			if a.Level() > a.Cap() || a.Level() < 0 {
				t.Fatalf("level %d outside 0..cap %d", a.Level(), a.Cap())
			}
		}
	})
}
