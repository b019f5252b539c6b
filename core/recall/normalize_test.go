package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestNormalize_FoldsCaseAccentsAndPunctuation(t *testing.T) {
	cases := []struct{ in, want string }{
		{"How FULL is the tank?", "how full is the tank"},
		{"Wie hoch ist der Füllstand?", "wie hoch ist der fullstand"},
		{"Straße", "strasse"},
		{"¿Cuál es el caudal?", "cual es el caudal"},
		{"Quel est le débit de l'eau ?", "quel est le debit de l eau"},
		{"qu'est-ce que c'est", "qu est ce que c est"},
		{"what's the flow", "what s the flow"},
		{"niño ÉLAN œuvre", "nino elan oeuvre"},
		{"set 40L/min", "set 40 l min"},
		{"m³/h", "m 3 h"},
		{"e\u0301te\u0301", "ete"}, // decomposed accents
		{"  lots   of\tspace ", "lots of space"},
		{"", ""},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, Normalize(c.in), c.in)
	}
}

func TestNormalize_IsIdempotent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		n := Normalize(s)
		if Normalize(n) != n {
			t.Fatalf("Normalize(%q) = %q, again %q", s, n, Normalize(n))
		}
	})
}

func TestTokenize_KeepsOffsetsIntoTheOriginal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		for _, tok := range tokenize(s) {
			if tok.start < 0 || tok.end > len(s) || tok.start >= tok.end || s[tok.start:tok.end] != tok.orig {
				t.Fatalf("bad token %+v in %q", tok, s)
			}
		}
	})
}

// Regional words read as the standard words they stand for: Swiss German
// "Stell d Heizig uf sächzg Grad" is 60 °C, and the claim checks.
func TestResolve_RegionalWordsReadAsStandard(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	res := x.Resolve("Stell d Heizig uf sächzg Grad", ctx)
	assert.Equal(t, "com.acme.heater.set_setpoint", top(t, res).Target)
	assert.EqualValues(t, 60, top(t, res).Args["celsius"])
	assert.True(t, Stated("Stell d Heizig uf sächzg Grad", 60.0, "°C"))
	res = x.Resolve("Zeig mer bitte d Logs vo hüt am Morge", ctx)
	assert.Equal(t, "getLogs", top(t, res).Target)
	// "grad" is "gerade" unless an amount stands before it
	res = x.Resolve("Sag mal, wie viel Prozent hat der Tank grad?", ctx)
	assert.Equal(t, "tank.level", top(t, res).Args["name"])
	res = x.Resolve("wie viel Grad hat das Wasser?", ctx)
	assert.Equal(t, "heater.temperature", top(t, res).Args["name"])
}

// "Valve" with a capital inside an English sentence is the HEART Valve, the
// data that may leave; the valve and valve-1 stay the physical valve.
func TestResolve_CapitalValveIsTheDataValve(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, "getValve", top(t, x.Resolve("What is the Valve letting out of the system, and to where?", testCtx())).Target)
	assert.Equal(t, "com.acme.valve.set_position", top(t, x.Resolve("open the valve to 40%", testCtx())).Target)
	assert.Equal(t, "com.acme.valve.set_position", top(t, x.Resolve("Valve to 30 percent", testCtx())).Target)
	assert.Equal(t, "getComponent", top(t, x.Resolve("show me component Valve-1", testCtx())).Target)
}
