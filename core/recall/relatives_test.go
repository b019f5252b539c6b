package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A relative who passes a request on does not make it an errand; one in
// a sentence that names nothing of ours does.
func TestResolve_ARelativePassesARequestOn(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"en", "my son wants the stirrer at 2000 rpm, can you?", true},
		{"de", "Stell die Sicherung bk-2 wieder her, hat mein Bruder gesagt", true},
		{"fr", "mon frère a dit de changer la rampe de la pompe", true},
		{"es", "mi padre apuntó: rampa de la bomba 2,5. ¿lo puedes poner?", true},
		{"en", "pick up my son from school at five", false},
		{"en", "remind my wife to call the plumber", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}
