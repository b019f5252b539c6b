package recall

import "testing"

// A thing of ours named after two or more words no pack knows is one
// particular machine of the writer's site; one such word, or known
// words, still name ours. Only English stacks nouns so.
func TestResolve_LongQualifiedThingIsElsewhere(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "is the effluent pit pump working?", ""},
		{"en", "switch the parlour vacuum pump on", ""},
		{"en", "is the pump working?", "getProperty"},
		{"en", "raise the hot water heater to 60", "com.acme.heater.set_setpoint"},
		{"de", "Pumpe starten nee warte Pumpe stoppen", "com.acme.pump.halt"},
	})
}
