package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// German writes a day's number with a dot ("vom 3. bis 10."): such a dot
// ends no sentence, while "auf 40. Dann" does.
func TestNormalize_OrdinalDotEndsNoSentence(t *testing.T) {
	toks := tokenize("Trag mir Urlaub vom 3. bis 10. ein.")
	for _, tk := range toks {
		assert.Equal(t, 0, tk.sentence, tk.text)
	}
	toks = tokenize("Fluss auf 40. Dann Pumpe starten")
	assert.Equal(t, 1, toks[len(toks)-1].sentence)
	assert.Equal(t, 1, sentences("vom 3. bis 10. frei"))
}

// A particle may end its own sentence, not only the message ("can you
// turn the controller off and on again? that's what IT always says").
func TestResolve_ParticleAtTheEndOfItsSentence(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "can you turn the controller off and on again? that's what IT always says", "postSystemRestart"},
		{"de", "Kunden in der Oberstadt rufen an, wenig Druck aus der Leitung.\nWas hat die Pumpe gerade für einen Druck?", "getProperty"},
	})
}

// "there is …" opening a clause tells, unless it asks: the halt before it
// is the request ("il y a …" is no read).
func TestResolve_ThereIsTells(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"fr", "Arrête la pompe ! il y a de l'eau qui sort de la chaussée devant la boulangerie", "com.acme.pump.halt"},
		{"fr", "Arrête la pompe ! il y a de l'eau devant la boulangerie", "com.acme.pump.halt"},
	})
}
