package check

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestCheck_Validate(t *testing.T) {
	ok := Check{Signal: "pump.flow", Op: "<", Value: 5}
	cases := []struct {
		name  string
		c     Check
		field string // "" when valid
	}{
		{"Minimal_Valid", ok, ""},
		{"EveryFeature_Valid", Check{Signal: "s", Feature: "overshoot", Op: ">=", Value: 1, WindowSec: 300, WithinSec: 600}, ""},
		{"NoSignal_Refused", Check{Op: "<", Value: 1}, "signal"},
		{"UnknownFeature_Refused", Check{Signal: "s", Feature: "median", Op: "<"}, "feature"},
		{"UnknownOp_Refused", Check{Signal: "s", Op: "=<"}, "op"},
		{"EmptyOp_Refused", Check{Signal: "s"}, "op"},
		{"NaN_Refused", Check{Signal: "s", Op: "<", Value: math.NaN()}, "value"},
		{"Inf_Refused", Check{Signal: "s", Op: "<", Value: math.Inf(1)}, "value"},
		{"NegativeWindow_Refused", Check{Signal: "s", Op: "<", WindowSec: -1}, "windowSec"},
		{"NegativeWithin_Refused", Check{Signal: "s", Op: "<", WithinSec: -1}, "withinSec"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.c.Validate()
			if c.field == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			p := err.(*api.Problem)
			assert.Equal(t, 400, p.Status)
			assert.Equal(t, api.CodeInvalidRequest, p.Code)
			assert.Equal(t, c.field, p.Field)
		})
	}
	for _, f := range Features {
		assert.NoError(t, Check{Signal: "s", Feature: f, Op: "!="}.Validate(), f)
	}
}

func TestCheck_FeatureDefaultsToValue(t *testing.T) {
	var c Check
	require.NoError(t, json.Unmarshal([]byte(`{"signal":"pump.flow","op":"<","value":5}`), &c))
	assert.Equal(t, "value", c.FeatureOrDefault())
	raw, _ := json.Marshal(Check{Signal: "pump.flow", Feature: "overshoot", Op: "<", Value: 5, WindowSec: 300, WithinSec: 600})
	assert.JSONEq(t, `{"signal":"pump.flow","feature":"overshoot","op":"<","value":5,"windowSec":300,"withinSec":600}`, string(raw))
}

func TestCheck_Holds(t *testing.T) {
	cases := []struct {
		op   string
		x    float64
		want bool
	}{
		{"<", 4, true}, {"<", 5, false}, {"<=", 5, true}, {"<=", 6, false},
		{">", 6, true}, {">", 5, false}, {">=", 5, true}, {">=", 4, false},
		{"==", 5, true}, {"==", 5.0001, false}, {"!=", 4, true}, {"!=", 5, false},
		{"~", 5, false},
	}
	for _, c := range cases {
		t.Run(c.op, func(t *testing.T) {
			assert.Equal(t, c.want, Check{Signal: "s", Op: c.op, Value: 5}.Holds(c.x), "%g %s 5", c.x, c.op)
		})
	}
	assert.False(t, Check{Signal: "s", Op: "!=", Value: 5}.Holds(math.NaN()), "NaN never holds")
}

func TestCheck_Opposite_LearnedTrigger(t *testing.T) {
	cases := []struct{ op, want string }{{"<", ">="}, {"<=", ">"}, {">", "<="}, {">=", "<"}}
	for _, c := range cases {
		t.Run(c.op, func(t *testing.T) {
			o, ok := Check{Signal: "s", Feature: "overshoot", Op: c.op, Value: 5, WindowSec: 60}.Opposite()
			require.True(t, ok)
			assert.Equal(t, Check{Signal: "s", Feature: "overshoot", Op: c.want, Value: 5, WindowSec: 60}, o)
		})
	}
	for _, op := range []string{"==", "!=", "?"} {
		_, ok := Check{Signal: "s", Op: op}.Opposite()
		assert.False(t, ok, "%s cannot be learned", op)
	}
}

// The opposite holds exactly when the check does not (for ordinary numbers).
func TestCheck_Opposite_HoldsExactlyWhenCheckDoesNot(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := Check{Signal: "s", Op: rapid.SampledFrom([]string{"<", "<=", ">", ">="}).Draw(t, "op"), Value: rapid.Float64Range(-1e6, 1e6).Draw(t, "v")}
		x := rapid.Float64Range(-1e6, 1e6).Draw(t, "x")
		o, _ := c.Opposite()
		if c.Holds(x) == o.Holds(x) {
			t.Fatalf("%v and its opposite agree on %g", c, x)
		}
	})
}

func TestUndoIf_Validate(t *testing.T) {
	good := Check{Signal: "pump.flow", Op: ">", Value: 100}
	cases := []struct {
		name  string
		u     UndoIf
		field string
	}{
		{"ChecksOnly_Valid", UndoIf{Any: []Check{good}}, ""},
		{"AlertOnly_Valid", UndoIf{NewAlert: "major"}, ""},
		{"Both_Valid", UndoIf{Any: []Check{good}, NewAlert: "critical"}, ""},
		{"Neither_Refused", UndoIf{}, "undoIf"},
		{"UnknownSeverity_Refused", UndoIf{NewAlert: "severe"}, "undoIf.newAlert"},
		{"BadCheck_Refused", UndoIf{Any: []Check{{Signal: "x", Op: "<>"}}}, "undoIf.any.op"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.u.Validate()
			if c.field == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, c.field, err.(*api.Problem).Field)
		})
	}
}

func TestUndoIf_AlertTriggers_AtLeastSeverity(t *testing.T) {
	u := UndoIf{NewAlert: "major"}
	assert.False(t, u.AlertTriggers("info"))
	assert.False(t, u.AlertTriggers("warning"))
	assert.True(t, u.AlertTriggers("major"))
	assert.True(t, u.AlertTriggers("critical"))
	assert.False(t, u.AlertTriggers("bogus"))
	assert.False(t, UndoIf{}.AlertTriggers("critical"))
}
