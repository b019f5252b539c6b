package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A greeting with only "how are you" after it is small talk; with a thing
// named after it, it asks about the thing.
func TestResolve_AGreetingAndHowAreYouIsSmallTalk(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		smallTalk  bool
	}{
		{"fr", "bonjour ça va ?", true},
		{"fr", "salut, ça va?", true},
		{"es", "hola, ¿qué tal?", true},
		{"de", "Hallo, wie geht's?", true},
		{"en", "hey, how's it going?", true},
		{"es", "hola que tal la bomba", false},
		{"en", "hey how's the pump going", false},
		{"fr", "ça va la pompe ?", false},
		{"de", "moin, Tankfüllstand?", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		if c.smallTalk {
			assert.Equal(t, DecisionNone, res.Decision, c.text)
		} else {
			assert.Equal(t, DecisionMatch, res.Decision, c.text)
			assert.Equal(t, "getProperty", top(t, res).Target, c.text)
		}
	}
}

func TestGreeting_OpensTheRequest(t *testing.T) {
	d, err := load()
	if !assert.NoError(t, err) {
		return
	}
	for _, c := range []struct {
		lang, text string
		end        int
		ok         bool
	}{
		{"es", "buenos dias, como va todo", 2, true},
		{"de", "guten Morgen", 2, true},
		{"en", "hi", 1, true},
		{"en", "the hi-fi", 0, false},
		{"fr", "ça va, bonjour", 0, false},
	} {
		end, ok := greeting(d.packs[c.lang], tokenize(c.text))
		assert.Equal(t, c.ok, ok, c.text)
		assert.Equal(t, c.end, end, c.text)
	}
}

// A greeting is no time: "good morning" asks nothing for the morning.
func TestResolve_AGreetingIsNoTime(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("good morning, what's the tank level?", testCtx())
	assert.Nil(t, res.When)
	assert.Equal(t, "getProperty", top(t, res).Target)
	assert.NotNil(t, x.Resolve("good morning, restart the system tomorrow morning", testCtx()).When)
}
