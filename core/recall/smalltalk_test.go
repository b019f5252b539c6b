package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// A greeting to the system by name alone is small talk; a question after
// the name still asks.
func TestResolve_AGreetingToTheSystemByNameIsSmallTalk(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "good morning skid :)"},
		{"de", "hallo Station!"},
		{"fr", "bonjour la station"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, DecisionNone, x.Resolve(c.text, ctx).Decision, c.text)
	}
	res := x.Resolve("good morning, station status please", testCtx())
	assert.Equal(t, DecisionMatch, res.Decision)
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
		end, ok := greeting(d.packs[c.lang], c.text, tokenize(c.text))
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

// A letter: its salutation names nothing, and its closing and signature
// are no part of the request (a place in a signature is no object).
func TestResolve_ALettersFrameIsNoRequest(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, target string }{
		{"fr", "Bonjour,\n\nPourriez-vous régler la vitesse du convoyeur à 22 mètres par minute?\n\nCordialement,\nJean-François Tremblay\nContremaître, usine de Lévis", "com.acme.conveyor.set_speed"},
		{"de", "Sehr geehrte Damen und Herren,\n\nbitte stellen Sie das Förderband auf 12 Meter pro Minute ein.\n\nMit freundlichen Grüßen\nIng. Huber, Werk Linz", "com.acme.conveyor.set_speed"},
		{"en", "Dear Sir/Madam,\n\nplease set the pump flow to 40 l/min.\n\nKind regards,\nJane Doe, Millbrook Water", "com.acme.pump.set_flow"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		require.NotEqual(t, DecisionNone, res.Decision, c.text)
		assert.Equal(t, c.target, top(t, res).Target, c.text)
	}
	// "Morgen Jungs" greets; it is no time
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Nil(t, x.Resolve("Morgen Jungs, wie hoch ist der Druck?", ctx).When)
}

// A long message: greetings, the writer's situation, the request (asked
// politely, its verb at the end) and thanks. The request is what this
// system's words explain; a title's name is no word to correct; the
// story's past is no question about what was.
func TestResolve_ALongMessageAroundOneRequest(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, target string }{
		{"de", "Guten Morgen zusammen! Ich bin heute zum ersten Mal allein in der Schicht und ein bisschen nervös. Könnten Sie bitte den Tank auf 80 Prozent befüllen? Vielen Dank im Voraus, und entschuldigen Sie die vielen Fragen heute.", "com.acme.tank.fill"},
		{"en", "Hey, so the client visit is tomorrow and I want everything tidy. Can you fill the tank to 80 percent? Thanks, you're a star.", "com.acme.tank.fill"},
		{"fr", "Bonjour à tous, j'espère que vous allez bien. Je remplace Paul cette semaine et je découvre l'installation. Pouvez-vous me dire la vitesse actuelle du convoyeur ? Merci d'avance.", "getProperty"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		require.NotEqual(t, DecisionNone, res.Decision, c.text)
		assert.Equal(t, c.target, top(t, res).Target, c.text)
	}
	ctx := testCtx()
	ctx.Lang = "de"
	qr := x.analyse("Hallo, hier ist Herr Becker von der Instandhaltung. Wir haben gestern den Filter getauscht. Wie hoch ist der Differenzdruck am Filter gerade?", ctx)
	assert.False(t, qr.past, "the story's yesterday")
	_, tank := qr.q["tank"]
	assert.False(t, tank, "Becker is a name, not Becken")
	// three sentences with no one request told apart: unknown words say less
	assert.Equal(t, 3, sentences("Hallo! Wir haben morgen früh eine Abnahme. Bitte lass die Pumpe um 6:30 anlaufen."))
	assert.Equal(t, 1, sentences("set the flow to 2.5 l/s"))
	res := x.Resolve("Hallo! Wir haben morgen früh eine Abnahme mit dem TÜV. Bitte lass die Pumpe morgen um 6:30 anlaufen, damit alles warm ist, wenn der Prüfer kommt.", ctx)
	require.NotEqual(t, DecisionNone, res.Decision)
	assert.Equal(t, "com.acme.pump.start", top(t, res).Target)
	assert.NotNil(t, res.When)
	// thanks end only the last sentence: what follows them still counts
	res = x.Resolve("Thanks for yesterday. Now please drain the tank to 30 percent.", testCtx())
	assert.Equal(t, "com.acme.tank.drain", top(t, res).Target)
	// nor do thanks end a request that follows them in the same sentence
	res = x.Resolve("Hallo. Danke, und jetzt bitte die Pumpe starten", ctx)
	assert.Equal(t, "com.acme.pump.start", top(t, res).Target)
}

// "Morgen!" alone greets; "Morgen, …" and "Morgen um 6" may be a time.
func TestResolve_GreetingAloneIsNoTime(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Nil(t, x.Resolve("Morgen! Die Packer sind da. Förderband starten bitte", ctx).When)
	assert.NotNil(t, x.Resolve("Morgen, Pumpe starten", ctx).When)
	assert.NotNil(t, x.Resolve("Morgen um 6 Pumpe starten", ctx).When)
}

// Forecasts, correlations and tests of significance are analyses no
// operation makes: an errand, even when they name our signals. The
// statistics a target computes (standard deviation, trend) stay.
func TestResolve_AnalysesNoOperationMakesAreErrands(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		off        bool
	}{
		{"en", "Predict when the filter dp will hit 1.5 bar so I can plan the cartridge swap", true},
		{"en", "What's the correlation coefficient between mixer speed and power consumption over the last month?", true},
		{"de", "Prognose für den Energieverbrauch nächste Woche?", true},
		{"es", "¿Hay correlación entre la temperatura del calentador y el consumo eléctrico?", true},
		{"fr", "Fais-moi une prévision de la consommation électrique pour demain", true},
		{"en", "standard deviation of the pump flow over the last 10 minutes", false},
		{"fr", "écart type du débit de la pompe sur la dernière heure", false},
		{"en", "is the tank level trending up?", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.off, x.Resolve(c.text, ctx).Decision == DecisionNone, c.text)
	}
}

// The Core's own day or weekend is chit-chat, whatever "going" means.
func TestResolve_YourDayIsChitChat(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Hey, how's your day going?", ""},
		{"de", "Na, wie war dein Wochenende?", ""},
		{"es", "¿Qué tal tu día?", ""},
		{"fr", "Ça se passe bien, ta journée ?", ""},
		{"en", "how's the pump going?", "getProperty"},
	})
}

// Frost and freezing weather are the weather's; freezing the automatic
// actions is still Stop.
func TestResolve_FrostIsWeather(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Is it going to freeze tonight? Need to know whether to salt the lorry park", ""},
		{"en", "Is there a frost warning for tonight?", ""},
		{"fr", "Est-ce qu'il va geler cette nuit ?", ""},
		{"es", "¿Va a helar esta noche?", ""},
		{"en", "freeze all automatic actions", "postTendingStop"},
		{"fr", "gèle toutes les actions automatiques", "postTendingStop"},
		{"en", "set the heater to frost protection, 5 degrees", "com.acme.heater.set_setpoint"},
	})
}

// Thanks with nothing more of this system asks nothing.
func TestResolve_ThanksOnly(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Danke, gute Nacht!", ""},
		{"en", "thanks mate, you're a star", ""},
		{"en", "thanks, what's the tank level?", "getProperty"},
		{"en", "thanks, now start the pump", "com.acme.pump.start"},
		{"fr", "merci, et le niveau de la cuve ?", "getProperty"},
	})
}
