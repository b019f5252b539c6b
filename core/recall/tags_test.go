package recall

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An equipment tag no entity of ours has, beside a thing or a value word,
// is another machine's; our own records' ids, codes and the short forms of
// our components are not.
func TestResolve_ATagBesideOurWordsIsAnotherMachine(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"es", "¿qué presión tiene la P-201?", false},
		{"en", "TK-3 level? the cream tank, not the acme one", false},
		{"de", "Füllstand TK-3 (Sahnetank)?", false},
		{"en", "show me the HX-2 outlet temperature trend over the last hour", false},
		{"fr", "pression au refoulement de la P-201 ?", false},
		{"en", "P-1 pressure?", true},
		{"en", "TK1 level", true},
		{"en", "acknowledge alert AL-17", true},
		{"en", "what's F17 on the pump?", true},
		{"es", "para la bomba de la estación (la P-201 déjala como está)", true},
		{"en", "drain TK-7 down to 20%", false},
		{"fr", "arrête la pompe de charge du R-101", false},
		{"en", "schedule the P-305 strainer clean for tomorrow 8am", false},
		{"en", "What does fault code P17 mean?", true},
		{"fr", "perte de charge du filtre à manches du sécheur D-3 ?", false},
		{"en", "P-201B tripped on low suction again, can you restart it", false},
		{"fr", "acquitte l'alarme niveau très haut sur le TK-12", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}

func TestEquipmentTag(t *testing.T) {
	for _, c := range []struct {
		id, letters, number string
		ok                  bool
	}{
		{"P-201", "P", "201", true},
		{"TK3", "TK", "3", true},
		{"AHU-3", "AHU", "3", true},
		{"P-201A", "P", "201", true},
		{"al-17", "", "", false},
		{"pump-1", "", "", false},
		{"ABCDE-1", "", "", false},
		{"P-20a", "", "", false},
		{"fw-2.4.1", "", "", false},
	} {
		l, n, ok := equipmentTag(c.id)
		assert.Equal(t, c.ok, ok, c.id)
		assert.Equal(t, c.letters, l, c.id)
		assert.Equal(t, c.number, n, c.id)
	}
}

// The system's own name claims a thing for it, as "our" does, unless
// denied ("not the acme one").
func TestNamesUs_TheSystemsOwnNameUnlessDenied(t *testing.T) {
	tg, ents := fullTargets(t)
	x, err := Build(tg, append(ents, Entity{Kind: KindSystemName, ID: "Acme pump station"}), Options{})
	require.NoError(t, err)
	assert.Equal(t, map[string]bool{"acme": true}, x.ownNames, "pump and station are words of the packs")
	for _, c := range []struct {
		lang, text string
		at         int
		us         bool
	}{
		{"de", "Förderband der Acme-Station anhalten", 2, true},
		{"en", "how much power is the Acme unit pulling", 5, true},
		{"en", "the cream tank, not the acme one", 6, false},
		{"en", "the cream tank", 1, false},
	} {
		p := x.d.packs[c.lang]
		toks := tokenize(c.text)
		require.Greater(t, len(toks), c.at, c.text)
		assert.Equal(t, c.us, x.namesUs(p, toks, c.at), c.text)
	}
}

// The system's own name says which system, as "station" does: it weighs
// against no target.
func TestResolve_TheSystemsOwnNameWeighsNothing(t *testing.T) {
	tg, ents := fullTargets(t)
	x, err := Build(tg, append(ents, Entity{Kind: KindSystemName, ID: "Acme pump station"}), Options{})
	require.NoError(t, err)
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Equal(t, "getFaults", top(t, x.Resolve("Welche Fehlercodes hat die Acme-Steuerung gerade aktiv?", ctx)).Target, "the system's name with a word is no id")
	for _, text := range []string{"make the Acme controller blink", "what does fault F17 on the acme controller mean"} {
		with, without := x.Resolve(text, testCtx()), x.Resolve(strings.ReplaceAll(strings.ReplaceAll(text, "Acme ", ""), "acme ", ""), testCtx())
		require.NotEmpty(t, with.Shortlist, text)
		assert.Equal(t, without.Shortlist[0], with.Shortlist[0], text)
		assert.Equal(t, without.Decision, with.Decision, text)
	}
}
