package recall

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestBlankMarkup_LeavesTheWordsAroundIt(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"<script>fetch('/heart/v1/tokens')</script> tank level?", "tank level?"},
		{"<SCRIPT src=x>alert(1)</Script>fill the tank", "fill the tank"},
		{"<b>fill</b> the tank", "fill the tank"},
		{"<img src=x onerror=alert(1)> prendé la banda", "prendé la banda"},
		{"<style>p{}</style><!-- x -->stop", "stop"},
		{"<script>alert(1) fill the tank", ""}, // a script never closed hides the rest
		{"is the level < 20 %?", "is the level < 20 %?"},
		{"flow <= 40", "flow <= 40"},
		{"@assistant how full is the tank?", "how full is the tank?"},
		{"Morning @assistant,\nhow full is the tank?", "Morning , how full is the tank?"},
		{"mail ops@acme.example the level", "mail ops@acme.example the level"},
		{"From: a@b.example\nSubject: URGENT belt\n\nplease stop the conveyor", "URGENT belt please stop the conveyor"},
		{"Ticket #48213 (OTRS)\nErstellt: 14.03.2025 09:12\n---\nBitte das Ventil auf 35 % öffnen.", "Bitte das Ventil auf 35 % öffnen."},
		{"[zabbix] PROBLEM: what are the open alerts?", "PROBLEM: what are the open alerts?"},
		{"de la pompe: le débit", "de la pompe: le débit"},
	} {
		got := blankMarkup(c.in)
		assert.Equal(t, c.want, strings.Join(strings.Fields(got), " "), c.in)
	}
}

// Offsets into the text hold: the blanked text is as long, and only markup
// becomes spaces.
func TestBlankMarkup_KeepsLength(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		out := blankMarkup(s)
		if len(out) != len(s) {
			t.Fatalf("length %d, want %d", len(out), len(s))
		}
		for i := range out {
			if out[i] != s[i] && out[i] != ' ' {
				t.Fatalf("byte %d changed to %q", i, out[i])
			}
		}
	})
}

// The system addressed by name at the start asks for nothing.
func TestBlankWakeWord(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"hey heart stop stop stop", "          stop stop stop"},
		{"HEART: detén todo", "       detén todo"},
		{"heart rate of the pump?", "heart rate of the pump?"},
		{"what's my heart rate", "what's my heart rate"},
	} {
		assert.Equal(t, c.out, blankWakeWord(c.in), c.in)
	}
	x := fullIndex(t)
	assert.Equal(t, "postTendingStop", top(t, x.Resolve("hey heart stop stop stop", testCtx())).Target)
}
