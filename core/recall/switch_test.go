package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A yes/no argument takes the on or off word of the request's language;
// both, neither, or a negated request leave it to be asked.
func TestResolve_YesNoArgumentFromOnOrOffWords(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		text string
		want any // nil: not filled
	}{
		{"turn on auto mode for lost links", true},
		{"disable auto mode", false},
		{"Automodus für Verbindungsverlust einschalten", true},
		{"activa el modo automático para enlaces perdidos", true},
		{"active le mode auto en cas de perte de liaison", true},
		{"set brain auto mode to off", false},
		{"auto mode for lost links", nil},
		{"turn auto mode on and then off", nil},
		{"don't enable auto mode", nil},
	} {
		res := x.Resolve(c.text, testCtx())
		require.NotEmpty(t, res.Shortlist, c.text)
		var got *Candidate
		for i := range res.Shortlist {
			if res.Shortlist[i].Target == "putBrainAuto" {
				got = &res.Shortlist[i]
			}
		}
		require.NotNil(t, got, c.text)
		v, ok := got.Args["enabled"]
		if c.want == nil {
			assert.False(t, ok, c.text)
			continue
		}
		assert.Equal(t, c.want, v, c.text)
		assert.Equal(t, GroundStated, got.Grounding["enabled"], c.text)
	}
}

// A phrase that takes a deed back is no answer to the deed: "cut the
// brain" cuts it, "undo the brain cut" brings it back.
func TestResolve_TakingBackIsNoAnswerToTheDeed(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ text, want string }{
		{"cut the brain now", "postBrainSignal"},
		{"verbindung zum brain sofort kappen", "postBrainSignal"},
		{"corta el cerebro ya, está proponiendo tonterías", "postBrainSignal"},
		{"undo the brain cut", "postBrainRestore"},
		{"restore the brain", "postBrainRestore"},
		{"annule l'essai tr-9 tout de suite", "postTendingTrialUndo"}, // cancelling is the undo's own deed
	} {
		res := x.Resolve(c.text, testCtx())
		assert.Equal(t, c.want, top(t, res).Target, c.text)
		assert.Equal(t, "match", res.Decision, c.text)
	}
}
