package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The number of a numbered item's heading is no value, id or time: "Task 4:
// set the pump flow." asks for the flow, "Task 11: open … pump-1" is no
// 11 % valve; a number after the colon still counts.
func TestResolve_ItemLabelNumberIsNoValue(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text, target string
		args               map[string]any
	}{
		{"en", "Task 4: set the pump flow.", "com.acme.pump.set_flow", map[string]any{}},
		{"en", "Exercise 5: set the pump flow to 2.4 m³/h (you may need to convert).", "com.acme.pump.set_flow", map[string]any{"litresPerMin": 40.0}},
		{"en", "Task 11: open the details of component pump-1.", "getComponent", map[string]any{"id": "pump-1"}},
		{"de", "Übung 5: Ändern Sie den Durchfluss der Pumpe.", "com.acme.pump.set_flow", map[string]any{}},
		{"fr", "Exercice 3 : réglez la vitesse du convoyeur.", "com.acme.conveyor.set_speed", map[string]any{}},
		{"en", "Scenario 4: a trainee's sleeve is caught near the belt rollers - stop the conveyor NOW", "com.acme.conveyor.halt", map[string]any{}},
		{"en", "set the pump flow to 4 l/min", "com.acme.pump.set_flow", map[string]any{"litresPerMin": 4.0}},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		got := top(t, res)
		assert.Equal(t, c.target, got.Target, c.text)
		for k, v := range c.args {
			assert.EqualValues(t, v, got.Args[k], c.text)
		}
		if len(c.args) == 0 {
			assert.NotContains(t, got.Args, "litresPerMin", c.text)
			assert.NotContains(t, got.Args, "metresPerMin", c.text)
		}
	}
}

func TestLineStart(t *testing.T) {
	assert.True(t, lineStart("Task 4: x", 0))
	assert.True(t, lineStart("Hi,\n  Task 4: x", 6))
	assert.False(t, lineStart("do task 4: x", 3))
}

// The number words of an idiom count nothing: "quick one" is no id 1,
// "cada dos por tres" no sum.
func TestResolve_NumberIdiomsCountNothing(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("quick one, is the pump running or not? the panel light is dead", testCtx())
	assert.Equal(t, "getProperty", top(t, res).Target)
	assert.Equal(t, "pump.state", top(t, res).Args["name"])
	ctx := testCtx()
	ctx.Lang = "es"
	assert.Equal(t, "getNetwork", top(t, x.Resolve("¿Cómo está la red? La pantalla pierde la conexión cada dos por tres.", ctx)).Target)
	// a conversion asked beside a story is still a conversion
	assert.Equal(t, DecisionNone, x.Resolve("Quick one: how many litres per minute is 3 m³/h? Doing the sums for a quote.", testCtx()).Decision)
}

// "One" as a pronoun is no number: "Please restore the backup. You know the
// one.", "drain the tank, the aquarium one"; "set the belt to one" is 1.
func TestResolve_PronounOneIsNoNumber(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("drain the tank, the aquarium one", testCtx())
	assert.NotEqual(t, 1.0, top(t, res).Args["targetPercent"])
	res = x.Resolve("set the belt to one", testCtx())
	assert.EqualValues(t, 1, top(t, res).Args["metresPerMin"])
}

// A clause that says which thing is meant is no story: "start the pump,
// the one in the garden" is the garden's pump.
func TestResolve_AppositiveIsNoReason(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, DecisionNone, x.Resolve("start the pump, the one in the garden", testCtx()).Decision)
}

// A label with its number in words at a sentence's start, and "one" after
// a light verb, count nothing.
func TestMarkLabels_WordsAndLightVerbOne(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Before I touch anything I want a backup of the config. Take one now please.", testCtx())
	for _, c := range res.Shortlist {
		assert.Nil(t, c.Args["id"], c.Target)
	}
	for _, q := range x.Resolve("ok restart sequence. step one: start the pump", testCtx()).Quantities {
		assert.NotEqual(t, 1.0, q.Value)
	}
}
