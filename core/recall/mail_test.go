package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const pastedMail = `Hi all,

> On Mon, 3 Mar at 08:12, Priya Nair <p.nair@example.com> wrote:
> Can someone start the pump before the delivery truck turns up at ten?

Following up on Priya's note - how full is the tank right now?

Cheers,
Dan Whitley
Shift Supervisor | Acme Water Services Ltd | +44 20 7946 0321

This e-mail and any attachments are confidential and intended solely for the addressee.`

// A pasted mail is read on its request's words: quotes, attribution,
// signature and notice are blanked, offsets kept.
func TestBlankMail_KeepsOnlyTheRequest(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		name, text string
		kept       []string // words still read
		gone       []string // words blanked
	}{
		{"quote, signature, notice", pastedMail, []string{"Following up", "how full is the tank"}, []string{"start the pump", "wrote", "Dan Whitley", "Shift Supervisor", "confidential"}},
		{"signature after dashes", "what rpm is the mixer turning at?\n\nthx\nBea\n--\nBeatrice Lowe, Process Technician", []string{"what rpm"}, []string{"Beatrice", "Bea", "thx"}},
		{"chat speakers", "Marcus Fell: morning all\nMarcus Fell: what's the pump flow right now?", []string{"morning all", "pump flow"}, []string{"Marcus"}},
		{"German attribution and closing", "Hallo,\n\n> Am Mittwoch schrieb Jürgen Haas:\n> Bitte den Tank füllen.\n\nHeute den Tank auf drei Viertel füllen.\n\nGruß\nJürgen", []string{"drei Viertel"}, []string{"schrieb", "Bitte den Tank", "Gruß"}},
		{"a greeting is no signature", "Hello,\nper ticket INC-20931 the shift lead asks to fill the tank.", []string{"Hello", "fill the tank"}, nil},
		{"a request in capitals is no name", "Hi,\nplease check the pressure.\nStop Pump", []string{"Stop Pump"}, nil},
		{"one line stays", "stop the pump -- now", []string{"stop the pump -- now"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := blankMail(c.text, x.frameOf, x.knownAnywhere)
			require.Len(t, out, len(c.text))
			for _, w := range c.kept {
				assert.Contains(t, out, w)
			}
			for _, w := range c.gone {
				assert.NotContains(t, out, w)
			}
		})
	}
}

// The request in a pasted mail is found, not the quoted one.
func TestResolve_PastedMailAsksItsOwnRequest(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve(pastedMail, testCtx())
	require.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "getProperty", top(t, res).Target)
	assert.Equal(t, "tank.level", top(t, res).Args["name"])
}

// blankMail only ever turns bytes into spaces and keeps new lines.
func FuzzBlankMail(f *testing.F) {
	x := fixtureIndex(f)
	for _, s := range []string{pastedMail, "> quoted\nasked", "A B: c\n--\nd", "\xff\n\xfe", "Thanks\n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := blankMail(s, x.frameOf, x.knownAnywhere)
		if len(out) != len(s) {
			t.Fatalf("length %d, want %d", len(out), len(s))
		}
		for i := range s {
			if out[i] != s[i] && (out[i] != ' ' || s[i] == '\n') {
				t.Fatalf("byte %d changed from %q to %q", i, s[i], out[i])
			}
		}
	})
}

// A new line ends a clause: a verb on one line takes no particle from the
// next ("batch looks lumpy\nturn the mixer up a bit").
func TestResolve_NewLineEndsAParticleVerb(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("batch looks lumpy\nturn the mixer up a bit", testCtx())
	require.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "com.acme.mixer.set_speed", top(t, res).Target)
}

// Telephone numbers of signatures, by hand: digits with spaces, brackets
// and dashes; no dots, no short numbers.
func TestPhoneNumber(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"+44 20 7946 0321", true},
		{"T: 0161 496 0833", true},
		{"Mob. +1 (503) 555-0147", true},
		{"ext. 4417", true},
		{"Acme Pump Station, Line 2", false},
		{"IP 192.168.10.50", false},
		{"set the flow to 40 l/min", false},
		{"next to 1200", false},
	} {
		assert.Equal(t, c.want, phoneNumber(c.line), c.line)
	}
}
