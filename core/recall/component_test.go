package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A state asked of a component's written id is the component's state.
func TestResolve_StateOfAWrittenComponent(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "status of pump-1?", "getComponent"},
		{"fr", "montre-moi l'état de pump-1", "getComponent"},
		// a value beside the id stays the property's
		{"en", "what's the flow of pump-1", "getProperty"},
		{"en", "Conveyor-1's the only belt I care about, the mill ones are someone else's problem. What speed is it doing?", "getProperty"},
		// without the id, the thing's state property
		{"en", "what's the state of the pump", "getProperty"},
	})
}

// A value denied after a negation is not the one asked for.
func TestResolve_ADeniedValueIsNotAsked(t *testing.T) {
	x := fullIndex(t)
	for _, text := range []string{
		"What temperature is heater-1 actually at, not the setpoint?",
		"What temperature is the heater actually at right now? I need the real reading, not the setpoint",
	} {
		c := top(t, x.Resolve(text, testCtx()))
		assert.Equal(t, "getProperty", c.Target, text)
		assert.Equal(t, "heater.temperature", c.Args["name"], text)
	}
	assert.Equal(t, "heater.setpoint", top(t, x.Resolve("what's the heater setpoint", testCtx())).Args["name"])
}
