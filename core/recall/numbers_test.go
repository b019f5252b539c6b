package recall

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func numbersIn(lang, text string) []float64 { return numbersWeak(lang, text, false) }

// numbersWeak also returns articles that may be "one" ("un", "une").
func numbersWeak(lang, text string, weak bool) []float64 {
	p := mustLoad().packs[lang]
	var out []float64
	for _, n := range parseNumbers(tokenize(text), p) {
		if weak || !n.weak {
			out = append(out, n.value)
		}
	}
	return out
}

func TestNumbers_DigitsDecimalsAndWords(t *testing.T) {
	cases := []struct {
		lang, text string
		want       []float64
	}{
		{"en", "set it to 40", []float64{40}},
		{"en", "2.5 and -3", []float64{2.5, -3}},
		{"en", "1,200 litres", []float64{1200}},
		{"en", "minus 5 degrees", []float64{-5}},
		{"en", "forty", []float64{40}},
		{"en", "forty-two", []float64{42}},
		{"en", "two and a half", []float64{2.5}},
		{"en", "five zero", []float64{50}},               // digits said one by one
		{"en", "one two zero zero rpm", []float64{1200}}, // not a sum
		{"es", "cuatro cinco", []float64{45}},
		{"en", "a hundred and twenty", []float64{120}},
		{"en", "half", []float64{0.5}},
		{"en", "a quarter", []float64{0.25}},
		{"en", "3 and a half", []float64{3.5}},
		{"en", "one thousand two hundred", []float64{1200}},
		{"de", "2,5", []float64{2.5}},
		{"de", "1.200", []float64{1200}},
		{"de", "vierzig", []float64{40}},
		{"de", "zweiundvierzig", []float64{42}},
		{"de", "zweieinhalb", []float64{2.5}},
		{"de", "hundertzwanzig", []float64{120}},
		{"de", "einhundertzwanzig", []float64{120}},
		{"de", "anderthalb", []float64{1.5}},
		{"es", "2,5", []float64{2.5}},
		{"es", "cuarenta y dos", []float64{42}},
		{"es", "ciento veinte", []float64{120}},
		{"es", "veintidós", []float64{22}},
		{"es", "dos y medio", []float64{2.5}},
		{"fr", "2,5", []float64{2.5}},
		{"fr", "quarante-deux", []float64{42}},
		{"fr", "soixante-dix", []float64{70}},
		{"fr", "soixante et onze", []float64{71}},
		{"fr", "quatre-vingt", []float64{80}},
		{"fr", "quatre-vingt-dix-sept", []float64{97}},
		{"fr", "deux et demi", []float64{2.5}},
		{"fr", "cent vingt", []float64{120}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, numbersIn(c.lang, c.text), "%s %q", c.lang, c.text)
	}
}

func TestNumbers_ArticlesAreNotNumbers(t *testing.T) {
	assert.Empty(t, numbersIn("fr", "acquitte une alerte"))
	assert.Empty(t, numbersIn("es", "muestra una alerta"))
	assert.Empty(t, numbersIn("en", "show a list"))
	assert.Empty(t, numbersIn("de", "starte einen Selbsttest"))
	// "one" standing for a noun is no number
	assert.Empty(t, numbersIn("en", "swap the cartridge for a new one"))
	assert.Empty(t, numbersIn("en", "not this one, the other one"))
	assert.Empty(t, numbersIn("en", "the current one isn't ideal"))
	assert.Empty(t, numbersIn("en", "the old one is broken"))
	assert.Equal(t, []float64{1}, numbersIn("en", "backflush for one minute"))
	assert.Equal(t, []float64{1}, numbersIn("en", "give me a one-hour average"))
}

// spell writes n (0..9999) in words the way people write it.
func spell(lang string, n int) string {
	switch lang {
	case "en":
		return spellEN(n)
	case "de":
		return spellDE(n)
	case "es":
		return spellES(n)
	}
	return spellFR(n)
}

var enSmall = strings.Fields("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen")
var enTens = strings.Fields("_ _ twenty thirty forty fifty sixty seventy eighty ninety")

func spellEN(n int) string {
	if n < 20 {
		return enSmall[n]
	}
	if n < 100 {
		if n%10 == 0 {
			return enTens[n/10]
		}
		return enTens[n/10] + "-" + enSmall[n%10]
	}
	if n < 1000 {
		s := enSmall[n/100] + " hundred"
		if n%100 != 0 {
			s += " and " + spellEN(n%100)
		}
		return s
	}
	s := enSmall[n/1000] + " thousand"
	if n%1000 != 0 {
		s += " " + spellEN(n%1000)
	}
	return s
}

var deSmall = strings.Fields("null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn")
var deTens = strings.Fields("_ _ zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig")

func spellDE(n int) string {
	unit := func(u int) string {
		if u == 1 {
			return "ein"
		}
		return deSmall[u]
	}
	if n < 20 {
		return deSmall[n]
	}
	if n < 100 {
		if n%10 == 0 {
			return deTens[n/10]
		}
		return unit(n%10) + "und" + deTens[n/10]
	}
	if n < 1000 {
		s := unit(n/100) + "hundert"
		if n%100 != 0 {
			s += spellDE(n % 100)
		}
		return s
	}
	s := unit(n/1000) + "tausend"
	if n%1000 != 0 {
		s += spellDE(n % 1000)
	}
	return s
}

var esSmall = strings.Fields("cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés veinticuatro veinticinco veintiséis veintisiete veintiocho veintinueve")
var esTens = strings.Fields("_ _ _ treinta cuarenta cincuenta sesenta setenta ochenta noventa")
var esHundreds = strings.Fields("_ ciento doscientos trescientos cuatrocientos quinientos seiscientos setecientos ochocientos novecientos")

func spellES(n int) string {
	if n < 30 {
		return esSmall[n]
	}
	if n < 100 {
		if n%10 == 0 {
			return esTens[n/10]
		}
		return esTens[n/10] + " y " + esSmall[n%10]
	}
	if n < 1000 {
		if n == 100 {
			return "cien"
		}
		s := esHundreds[n/100]
		if n%100 != 0 {
			s += " " + spellES(n%100)
		}
		return s
	}
	s := "mil"
	if n/1000 > 1 {
		s = esSmall[n/1000] + " mil"
	}
	if n%1000 != 0 {
		s += " " + spellES(n%1000)
	}
	return s
}

var frSmall = strings.Fields("zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf")
var frTens = strings.Fields("_ _ vingt trente quarante cinquante soixante")

func spellFR(n int) string {
	switch {
	case n < 20:
		return frSmall[n]
	case n < 70:
		switch n % 10 {
		case 0:
			return frTens[n/10]
		case 1:
			return frTens[n/10] + "-et-un"
		}
		return frTens[n/10] + "-" + frSmall[n%10]
	case n < 80:
		if n == 71 {
			return "soixante-et-onze"
		}
		return "soixante-" + frSmall[n-60]
	case n < 100:
		if n == 80 {
			return "quatre-vingts"
		}
		return "quatre-vingt-" + frSmall[n-80]
	case n < 1000:
		s := "cent"
		if n/100 > 1 {
			s = frSmall[n/100] + " cent"
			if n%100 == 0 {
				s += "s"
			}
		}
		if n%100 != 0 {
			s += " " + spellFR(n%100)
		}
		return s
	}
	s := "mille"
	if n/1000 > 1 {
		s = frSmall[n/1000] + " mille"
	}
	if n%1000 != 0 {
		s += " " + spellFR(n%1000)
	}
	return s
}

func TestNumbers_WordsRoundTrip0To9999InEveryLanguage(t *testing.T) {
	for _, lang := range Languages {
		t.Run(lang, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				n := rapid.IntRange(0, 9999).Draw(t, "n")
				text := spell(lang, n)
				got := numbersWeak(lang, text, true)
				if len(got) != 1 || got[0] != float64(n) {
					t.Fatalf("%s %q: got %v, want %d", lang, text, got, n)
				}
			})
		})
	}
}

func TestNumbers_DigitsRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(-100000, 100000).Draw(t, "n")
		got := numbersIn("en", fmt.Sprintf("set it to %d now", n))
		require.Equal(t, []float64{float64(n)}, got)
	})
}

func FuzzNumbers(f *testing.F) {
	for _, s := range []string{"forty-two", "zweiundvierzig", "quatre-vingt-dix-sept", "2,5", "-3.5", "cuarenta y dos", "ünd-und-und", "9999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, l := range Languages {
			_ = numbersIn(l, s)
		}
	})
}

// "one by one", "uno por uno" is one after the other, not a sum.
func TestArithmetic_OneByOneIsNoSum(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	res := x.Resolve("Muéstrame los valores del nivel del tanque de las últimas dos horas, uno por uno.", ctx)
	assert.NotEqual(t, DecisionNone, res.Decision)
	assert.Equal(t, "getPropertyHistory", top(t, res).Target)
	assert.Equal(t, "getPropertyHistory", top(t, x.Resolve("show me the tank level readings for the past hour, one by one", testCtx())).Target)
	assert.Equal(t, DecisionNone, x.Resolve("cuánto es siete por ocho", ctx).Decision)
}

// "medio" right after a noun is the average; before a noun, or after "y",
// it is a half.
func TestParseNumbers_MeanAfterANoun(t *testing.T) {
	p := mustLoad().packs["es"]
	for _, c := range []struct {
		text string
		n    int
	}{
		{"el consumo electrico medio de hoy", 0},
		{"la presion media de la bomba", 0},
		{"silencia las alertas media hora", 1},
		{"dos y medio", 1},
	} {
		assert.Len(t, parseNumbers(tokenize(c.text), p), c.n, c.text)
	}
}

// "un demi" is a half: the article that is also "one" is the article.
func TestParseNumbers_AnArticleBeforeAFraction(t *testing.T) {
	p := mustLoad().packs["fr"]
	n := parseNumbers(tokenize("un demi litre"), p)
	require.Len(t, n, 1)
	assert.InDelta(t, 0.5, n[0].value, 1e-9)
	n = parseNumbers(tokenize("un et demi"), p)
	require.Len(t, n, 1)
	assert.InDelta(t, 1.5, n[0].value, 1e-9)
}
