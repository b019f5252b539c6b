package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A question for instructions is no request to this system; one that asks
// how to see a value is a read.
func TestResolve_AQuestionForInstructionsIsAnErrand(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"en", "the kitchen tap is dripping, how do I stop it?", false},
		{"en", "our fish tank at home has a filter that's gurgling, how do I clean it?", false},
		{"de", "Wie kann ich das Alarmpanel im Kühlraum zurücksetzen?", false},
		{"fr", "Le filtre de ma hotte est plein de graisse, comment je le nettoie?", false},
		{"en", "The water pressure in my holiday villa is terrible, what can I do about it?", false},
		{"en", "is it safe to drink the water from that tank?", false},
		{"es", "¿Con qué usuario estoy conectado y qué puedo hacer?", true},
		{"de", "Der Druck im Heizungskeller ist auf 0,8 bar gefallen, soll ich Wasser nachfüllen?", false},
		{"es", "La válvula debería estar un poco más cerrada.", true},
		{"en", "How do I check how full the tank is?", true},
		{"fr", "Comment je vois la température du chauffage ?", true},
		{"en", "how do i see what the pump is pushing out, like the flow thing??", true},
		{"en", "my kitchen sink is blocked, what do I do", false},
		{"en", "Customer's hot water heater keeps tripping her breaker, temperature is set to 60. What should she do?", false},
		{"de", "Der Filter in unserem Aquarium ist verstopft, was soll ich machen?", false},
		{"fr", "la plieuse est bloquée, que faire ?", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}
