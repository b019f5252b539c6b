package recall

import "testing"

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
