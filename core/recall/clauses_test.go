package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Clause numbers of the words and numbers (marks left out).
func TestClauseOf_EndsAtMarksFollowedBySpace(t *testing.T) {
	for text, want := range map[string][]int{
		"the tank is low, fill it":         {0, 0, 0, 0, 1, 1},
		"set it to 2,5; then stop":         {0, 0, 0, 0, 0, 1, 1},
		"show com.acme.tank.fill":          {0, 0, 0, 0, 0},
		"at 15:30. restart":                {0, 0, 0, 1},
		"c'est bizarre! arrête la pompe ?": {0, 0, 0, 1, 1, 1},
	} {
		toks := tokenize(text)
		var got []int
		for i, c := range clauseOf(text, toks) {
			if toks[i].kind != 's' {
				got = append(got, c)
			}
		}
		assert.Equal(t, want, got, text)
	}
}

// When one clause of several asks for an action, the others describe the
// situation: their action words neither set the mood nor weigh fully.
func TestResolve_ContextClausesDescribe(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ text, want string }{
		{"the tank is almost empty, fill it up", "com.acme.tank.fill"},
		{"what a mess, drain the tank", "com.acme.tank.drain"},
		{"el tanque está casi vacío, llénalo", "com.acme.tank.fill"},
		{"the tank is nearly drained, fill it", "com.acme.tank.fill"},
		{"die Pumpe ist aus, schalte sie ein", "com.acme.pump.start"},
		// a light verb that is no concept opens the request: "make … blink"
		{"Make the station blink or beep, I'm standing in the pump shed and can't tell which skid is ours", "postSystemIdentify"},
		// what not to do is the reason; the thing and its value ask
		{"Calentador a 20 grados, que no caliente tanto", "com.acme.heater.set_setpoint"},
		// a copula after its subject tells ("FIC-301 is on manual")
		{"FIC-301 is on manual, E-12 is fouled and the lab wants a T-402 sample. Meanwhile set pump-1 to 45 l/min.", "com.acme.pump.set_flow"},
	} {
		res := x.Resolve(c.text, testCtx())
		if assert.GreaterOrEqual(t, len(res.Shortlist), 2, c.text) {
			assert.Equal(t, c.want, res.Shortlist[0].Target, c.text)
			assert.Greater(t, res.Shortlist[0].Score-res.Shortlist[1].Score, 0.02, c.text) // the Core's margin
		}
	}
	// a question asks, whatever its clauses
	res := x.Resolve("is the pump running at the moment, or is it switched off?", testCtx())
	assert.Equal(t, "getProperty", top(t, res).Target)
	assert.Empty(t, res.Thing)
}

// A request told apart from a long story is judged on its own words when
// the story sinks it, for another reading of the shortlist too when its
// own words name a thing of ours or the system; not when they point back
// at the story's ("… can you restart it?").
func TestResolve_OwnWordsOfALongStory(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("The touchscreen froze again, it's showing the same values as twenty minutes ago and doesn't react when I tap it. Production is stopped anyway for the changeover. Restart the system now, please.", testCtx())
	assert.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "postSystemRestart", top(t, res).Target)
	res = x.Resolve("Renal unit says the RO plant's prefilter is blocked and its feed pump tripped, can you restart it?", testCtx())
	assert.Equal(t, DecisionNone, res.Decision)
}

// One clause asks and the others tell a story: the story's words need not
// be explained, and an errand in it is no errand of the request.
func TestResolve_AStoryBeforeAQuestion(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	res := x.Resolve("Morgen Jungs, Kaffee ist alle. übrigens wie hoch ist der Druck an der Pumpe?", ctx)
	c := top(t, res)
	assert.Equal(t, "getProperty", c.Target)
	assert.Equal(t, "pump.pressure", c.Args["name"])
	assert.Greater(t, c.Score, 0.45) // well above not-understood
}

// The request may name only a property ("der Druck"), and the story may be
// only an errand ("Kaffee ist alle."): it is still a story.
func TestResolve_AStoryOfOnlyAnErrand(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	for _, text := range []string{"Kaffee ist alle. Wie hoch ist der Druck?", "Morgen Jungs, Kaffee ist alle. Übrigens, wie hoch ist der Druck?"} {
		res := x.Resolve(text, ctx)
		assert.Equal(t, DecisionMatch, res.Decision, text)
		assert.Equal(t, "pump.pressure", top(t, res).Args["name"], text)
	}
	assert.Equal(t, DecisionNone, x.Resolve("Kaffee ist alle.", ctx).Decision)
}

// A question word that opens a later clause joins it ("…, quand
// l'électricité est moins chère"): that clause tells, it does not ask.
func TestResolve_AConjunctionAsksNothing(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "fr"
	res := x.Resolve("Programme le remplissage du réservoir pour 3 heures du matin, quand l'électricité est moins chère.", ctx)
	assert.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "com.acme.tank.fill", top(t, res).Target)
	assert.NotNil(t, res.When)
}

// Two requests in one, one about this system and one about something else:
// the one about ours is answered. A story about something else is still
// what the request is about.
func TestResolve_OursBesideSomethingElse(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, prop string }{
		{"en", "what's the tank level? and who is on the night shift tonight?", "tank.level"},
		{"en", "how full is the tank? also, what's the weather tomorrow?", "tank.level"},
		{"es", "¿cuál es el nivel del tanque? ¿y qué día es festivo el mes que viene?", "tank.level"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		require.NotEqual(t, DecisionNone, res.Decision, c.text)
		assert.Equal(t, c.prop, top(t, res).Args["name"], c.text)
	}
	for _, text := range []string{
		"the coffee machine shows descaling, how do I stop the alarm?",
		"the temperature in the meeting room is too high, lower it",
		"Brandmeldezentrale zeigt Störung an, wen muss ich anrufen?",
	} {
		assert.Equal(t, DecisionNone, x.Resolve(text, testCtx()).Decision, text)
	}
}

// A thing the story names is the one to halt only when the request names
// nothing else: "stop all automatic actions, I'm working on the pump" is
// Stop, "the pump is leaking, stop it!" the pump's halt.
func TestResolve_TheStorysThingIsHaltedOnlyForABareStop(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("stop all automatic actions, I'm working on the pump", testCtx())
	assert.Empty(t, res.Thing)
	assert.Equal(t, "postTendingStop", top(t, res).Target)
	assert.Equal(t, "pump", x.Resolve("the pump is leaking, stop it!", testCtx()).Thing)
}

// "que vamos tarde" is being late, not the afternoon.
func TestResolve_LateIsNoAfternoon(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	res := x.Resolve("cinta a 20 metros por minuto, que vamos tarde", ctx)
	assert.Nil(t, res.When)
	assert.Equal(t, "com.acme.conveyor.set_speed", top(t, res).Target)
	assert.NotNil(t, x.Resolve("llena el tanque esta tarde", ctx).When)
}

// What follows "before" (antes de, bevor, avant de) tells when, not what
// to do; a clause that says what not to do is no request beside one that
// asks.
func TestResolve_SubordinateAndNegatedClausesAreTheStory(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, target string }{
		{"es", "Haz un backup de la configuración antes de tocar mixer-1", "postConfigBackup"},
		{"en", "Could you show me the alerts before I sign anything off?", "getAlerts"},
		{"es", "no arranques la cinta, solo dime a que velocidad va", "getProperty"},
		{"fr", "ne redémarre rien ! dis-moi juste le débit actuel de la pompe", "getProperty"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		require.NotEqual(t, DecisionNone, res.Decision, c.text)
		assert.Equal(t, c.target, top(t, res).Target, c.text)
	}
	// "before 8 am" says when
	assert.NotNil(t, x.Resolve("drain the tank tomorrow before 8 am", testCtx()).When)
}

// The person's own things in the story are their affairs when the request
// names a thing of ours itself; without one, they are what it is about.
func TestResolve_TheStorysOwnThings(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("The filter looked sluggish during my walkround this morning. Can you backflush the filter for 2 minutes?", testCtx())
	require.NotEqual(t, DecisionNone, res.Decision)
	assert.Equal(t, "com.acme.filter.backflush", top(t, res).Target)
	assert.Equal(t, DecisionNone, x.Resolve("my car's tyre pressure warning came on, what should the pressure be?", testCtx()).Decision)
}

// Each sentence has a first word: "¡Para la bomba ya!" stops the pump
// after another sentence too; "un programa para la bomba" does not.
func TestResolve_EachSentenceHasAFirstWord(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	assert.Equal(t, "pump", x.Resolve("¡Socorro, se sale el agua! ¡Para la bomba ya!", ctx).Thing)
	assert.Empty(t, x.Resolve("muéstrame el programa para la bomba", ctx).Thing)
	assert.True(t, tokenize("agua. Para")[2].opens) // agua, ".", para
	assert.False(t, tokenize("com.acme.tank")[1].opens)
}

// What a subordinate clause tells (why, so that) is never the request, a
// dash parts clauses, and a polite opener asks for the deed after it even
// when the sentence is a question.
func TestResolve_SubordinatesDashesAndPoliteQuestions(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, want string }{
		{"en", "quick one before handover - how full is the tank right now?", "getProperty"},
		{"en", "can you start the pump so I can take a sample from the tap", "com.acme.pump.start"},
		{"en", "Reboot the station controller at 2 am on Saturday while the mill's down for the shut", "postSystemRestart"},
		{"fr", "Est-ce que tu pourrais lancer un autotest ?", "postDiagnosticsRun"},
		{"fr", "est-ce que tu peux arrêter la pompe ?", "com.acme.pump.halt"},
		{"en", "could you tell me if the valve is open?", "getProperty"},
		{"es", "Dame el historial de la posición de la válvula de las últimas tres horas.", "getPropertyHistory"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.want, top(t, x.Resolve(c.text, ctx)).Target, c.text)
	}
	ctx := testCtx()
	ctx.Lang = "es"
	assert.Nil(t, x.Resolve("Dame el historial de la posición de la válvula de las últimas tres horas.", ctx).When, "a window, not a clock time")
}

// Someone else's thing ("their pump", "leur pompe") is not this system's.
func TestResolve_OthersThingsAreNotOurs(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "can you restart their pump?"},
		{"fr", "Vous pouvez redémarrer leur pompe à distance ?"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, DecisionNone, x.Resolve(c.text, ctx).Decision, c.text)
	}
	ctx := testCtx()
	ctx.Lang = "fr"
	assert.Equal(t, "getComponents", top(t, x.Resolve("J'aimerais bien voir la liste des composants et leur état.", ctx)).Target)
}

// A question about a kind of thing ("a reverse osmosis filter") is general
// knowledge; "is there a pump fault?" and a polite request are not.
func TestResolve_AKindOfThingIsGeneralKnowledge(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		off        bool
	}{
		{"en", "how does a reverse osmosis filter actually work", true},
		{"es", "¿cómo funciona una bomba centrífuga?", true},
		{"fr", "comment marche un filtre à sable ?", true},
		{"en", "is there a pump fault?", false},
		{"en", "can you fill a tank for me?", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.off, x.Resolve(c.text, ctx).Decision == DecisionNone, c.text)
	}
}

// A reason told after a request that names our thing is its why; a story
// told before it may be what the request is about.
func TestResolve_AReasonAfterTheRequest(t *testing.T) {
	x := fullIndex(t)
	for _, text := range []string{
		"Halt the belt, there's a chunk of ice jammed at the hopper",
		"Backflush the intake filter, the pond water's full of silt after the thaw",
		// a request that names an operation's object of ours, not a thing
		"Wipe the logs, they're full of noise from my load test.",
		"Cancel scheduled job sch-4, the pool closure got moved",
	} {
		res := x.Resolve(text, testCtx())
		assert.Equal(t, DecisionMatch, res.Decision, text)
	}
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Equal(t, "deleteLogs", top(t, x.Resolve("lösch die logs, da stehen nur meine fehlversuche drin", ctx)).Target)
	assert.Equal(t, DecisionNone, x.Resolve("the aquarium pump in reception is loud, can you stop the pump?", testCtx()).Decision)
}

// Each line of a message is a clause of its own, and a German clause that
// ends in an infinitive of an action asks for it.
func TestResolve_LinesAndVerbFinalCommands(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	assert.Equal(t, "com.acme.conveyor.start", top(t, x.Resolve("- Band gereinigt\n- Abstreifer nachgestellt\n- Schutzgitter wieder dran\nBand starten, Störung ist behoben.", ctx)).Target)
	ctx.Lang = "es"
	res := x.Resolve("Hola asistente,\nacabo de entrar de turno, todo tranquilo, ni una alarma.\n¿Cómo de lleno está el depósito?\nGracias, Lucía", ctx)
	assert.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "getProperty", top(t, res).Target)
}

// A name written before a thing of ours is another site's thing.
func TestResolve_ANamedThingIsAnothersThing(t *testing.T) {
	x := fullIndex(t)
	assert.Equal(t, DecisionNone, x.Resolve("what's the level in the Millbrook tank", testCtx()).Decision)
	assert.Equal(t, "com.acme.pump.start", top(t, x.Resolve("Start the Pump please", testCtx())).Target)
}

// An operation the story names is not the request when the request's own
// words name something else.
func TestResolve_AnOperationNamedInTheStory(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("I've been calling GET /heart/v1/pulse without trouble. Now show me the alerts please.", testCtx())
	assert.Equal(t, "getAlerts", top(t, res).Target)
}

// Where the writer is, told before a request that names our thing, is no
// object of it; another place's thing, or the writer's own, stays.
func TestResolve_WhereTheWriterIs(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Hello, I work in the QA lab next door and we need a good amount of water for our tests. Could you fill the tank to 75 percent now?", testCtx())
	assert.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "com.acme.tank.fill", top(t, res).Target)
	assert.Equal(t, DecisionNone, x.Resolve("its freezing in the admin office, can you turn the heating up to 22", testCtx()).Decision)
	assert.Equal(t, DecisionNone, x.Resolve("My bike tyre keeps losing pressure and I'm cycling home later. What pressure should I pump it up to?", testCtx()).Decision)
}

// "there is" tells unless the message asks; a participle tells a state and
// opens no request.
func TestResolve_ExistentialsAndParticiplesTell(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	res := x.Resolve("Hay una fuga en la manguera de salida, ¡para la bomba ya!", ctx)
	assert.Equal(t, "com.acme.pump.halt", top(t, res).Target)
	assert.Equal(t, "pump", res.Thing)
	ctx.Lang = "en"
	assert.Equal(t, "postConfigBackup", top(t, x.Resolve("Before I touch any of the alarm thresholds: take a config backup please.", ctx)).Target)
}

// A thing and a value ask for the change without a verb, so the clause
// after them is its reason; a calibration story with a value does not.
func TestResolve_ThingAndValueAsk(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text, target string }{
		{"en", "Valve to 60%, the kitchens need more water", "com.acme.valve.set_position"},
		{"de", "Heizung auf 40 Grad, wir machen Pause", "com.acme.heater.set_setpoint"},
		{"es", "La sonda de temperatura marca dos grados más que el termómetro patrón. Calibra el sensor de temperatura.", "com.acme.sensors.calibrate"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		assert.Equal(t, DecisionMatch, res.Decision, c.text)
		assert.Equal(t, c.target, top(t, res).Target, c.text)
	}
}

// A request told apart from a long story is judged on its own words when
// they explain one target well; unknown objects still sink it.
func TestResolve_OwnWordsBesideALongStory(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Hi, I'm the new intern, Sam. Martin said I could use the read-only login for now. Could you start the conveyor for me? The packers are waiting.", testCtx())
	assert.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "com.acme.conveyor.start", top(t, res).Target)
	assert.Equal(t, DecisionNone, x.Resolve("Restart the slicer on the packing line, it stopped mid-batch", testCtx()).Decision)
	assert.Equal(t, DecisionNone, x.Resolve("I'd like to know how many litres make a cubic metre, it's for a pub quiz.", testCtx()).Decision)
}

// Of a plan's items, the one asked for now is the request.
func TestResolve_PlanItemAskedForNow(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "es"
	res := x.Resolve("Esta semana toca: resetear la mezcladora, revisar alarmas, actualizar firmware. Resetea el mezclador ahora.", ctx)
	assert.Equal(t, "postComponentReset", top(t, res).Target)
	assert.Equal(t, "postAlertAcknowledge", top(t, x.Resolve("Reconoce la alerta al-17, ya revisé filter-1", ctx)).Target)
}

// A plan the story lists schedules nothing; a vague time before the
// request still asks when.
func TestResolve_PlanInStorySchedulesNothing(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "fr"
	res := x.Resolve("Planning de la semaine : nettoyage filtre, reset du convoyeur, vérif des journaux. Fais le contre-lavage tout de suite, 5 minutes.", ctx)
	assert.False(t, res.Scheduled)
	assert.Equal(t, "com.acme.filter.backflush", top(t, res).Target)
	assert.True(t, x.Resolve("Later on, I'd like the station restarted.", testCtx()).Scheduled)
}

// A few known words ending in a question mark ask, after a story of other
// things ("bon. courant revenu, groupe coupé, pompiers partis. pression
// pompe ?"); a deed on what the story names ("¿lo reinicias?") does not.
func TestResolve_AShortKnownQuestionAfterAStory(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		ours       bool
	}{
		{"fr", "bon. courant revenu, groupe coupé, pompiers partis. pression pompe ?", true},
		{"en", "Link LED on the cabinet router was amber when I walked past. Network status?", true},
		{"es", "El cañón de nieve 31 de la pista negra no arranca, ¿lo reinicias?", false},
		{"es", "Se me acabó el tanque de gas de la estufa, ¿a quién le hablo?", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		assert.Equal(t, c.ours, x.Resolve(c.text, ctx).Decision != DecisionNone, c.text)
	}
}

// A pronoun in the story does not point the request back to the story's
// other places: "tank level??" after a flood story is a read.
func TestResolve_APronounInTheStoryKeepsItsPlacesTheStorys(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("water everywhere down here, fire brigade is pumping the yard, generator coughing... tank level?? is it about to overflow", testCtx())
	require.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "getProperty", top(t, res).Target)
}

// "went", "came", "broke" tell what happened: a reason after the request,
// no question about the past.
func TestResolve_IrregularPastTellsTheStory(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("Restore the configuration from backup bk-2, yesterday's change broke the alarm routing.", testCtx())
	assert.Equal(t, "postConfigRestore", top(t, res).Target)
	assert.NotEqual(t, DecisionNone, res.Decision)
}

// The story's numbers and words of extent belong to its own things: "tank's
// down to 20 now, so go ahead and backflush the filter" is the default
// backflush; "Ablass ist wieder dicht. Tank wieder befüllen." fills to the
// default, not to 0 %. "first thing before we start" is no morning.
func TestResolve_TheStorysValuesAreItsOwn(t *testing.T) {
	x := fullIndex(t)
	c := top(t, x.Resolve("tank's down to 20 now, so go ahead and backflush the filter", testCtx()))
	assert.Equal(t, "com.acme.filter.backflush", c.Target)
	assert.EqualValues(t, 60, c.Args["durationSec"])
	ctx := testCtx()
	ctx.Lang = "de"
	c = top(t, x.Resolve("Ablass ist wieder dicht. Tank wieder befüllen.", ctx))
	assert.Equal(t, "com.acme.tank.fill", c.Target)
	assert.EqualValues(t, 90, c.Args["targetPercent"])
	assert.Nil(t, x.Resolve("ok first thing before we start the LOTO: hands off, stop all automatic actions on the station", testCtx()).When)
	require.NotNil(t, x.Resolve("restart the controller first thing tomorrow", testCtx()).When)
}

// A light verb before the deed's noun asks for the deed, so what follows
// is its story: "take a config backup before I swap the heater element".
func TestResolve_ALightVerbAsks(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("take a config backup before I swap the heater element", testCtx())
	assert.Equal(t, DecisionMatch, res.Decision)
	assert.Equal(t, "postConfigBackup", top(t, res).Target)
}

// A word of the story found only by a typo guess ("filler" for filter)
// says less than the request's own words; "da" after a comma in German
// gives the reason, not the request; "coupée" is French for cut.
func TestResolve_TheStorysGuessesAndReasons(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Shift just started and the filler upstream is already thirsty. How many litres have we actually got in tank-1?", "getProperty"},
		{"de", "Pumpe aus, da leckt was an der Dichtung!", "com.acme.pump.halt"},
		{"de", "Pumpe an, denn der Tank ist leer", "com.acme.pump.start"},
		{"fr", "La pompe a été coupée hier soir. Quelle pression maintenant ?", "getProperty"},
	})
}

// A clause that opens with a subject tells what someone or something did;
// beside a clause that asks, it is the story ("it tripped when we cut the
// power"), and a thing of ours it names does not make it the request.
func TestResolve_ASubjectTellsBesideARequest(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "restart the chiller on the roof, it tripped when we cut the power", ""},
		{"en", "We're switching to the heavier product this afternoon and it needs to be warmer, so please raise the heater to 95 degrees C.", "com.acme.heater.set_setpoint"},
		{"en", "start the pump, it stopped when we cut the power", "com.acme.pump.start"},
		{"en", "we need the tank filled, start the pump", "com.acme.pump.start"},
	})
}

// A clause of why is the reason even when a time opens it, and the thing
// of ours it names does not make it the request.
func TestResolve_APurposeClauseMayBeginWithATime(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Windows-Updates bitte heute Abend auf allen Laptops installieren, damit morgen früh alles läuft", ""},
		{"de", "Tank bitte auffüllen, damit morgen früh genug Wasser da ist", "com.acme.tank.fill"},
		{"en", "start the pump at 6 am so that the tank is full by 7", "com.acme.pump.start"}, // with its time
	})
}

// A subject and its verb run on after the request without a mark begin
// the story ("STOP THE PUMP there's water all over the floor"); after
// "if" or "that" they stay the request's.
func TestResolve_ARunOnClauseIsTheStory(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "STOP THE PUMP there's water all over the floor by rack 2", "com.acme.pump.halt"},
		{"en", "turn off the pump NOW someone left the hose running on plot 9 and the path is flooding", "com.acme.pump.halt"},
		{"en", "tell me if there's an alarm on the pump", "getAlerts"},
	})
}

// A thing and a change by an amount not said ask for that change, so the
// clause beside them is the story and its errand words do not count.
func TestResolve_ANudgeAsksBesideAStory(t *testing.T) {
	res := fullIndex(t).Resolve("make the conveyor go a bit faster, orders are piling up", testCtx())
	assert.Equal(t, "com.acme.conveyor.set_speed", top(t, res).Target)
	assert.NotEqual(t, DecisionNone, res.Decision)
}

// A question that opens the message, names something of ours and is the
// one clause that asks is the request; what follows is its story, and
// the story's errands do not count.
func TestResolve_AnOpeningQuestionBeforeItsStory(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Can I have the daily report for the water station? Mr Okafor likes to read it with his coffee.", "com.acme.report.daily"},
		{"en", "average power use over the last week? the mayor's office wants a figure for the council", "getVitalFeatures"},
		{"de", "Wird es morgen schneien? Geht die Temperatur unter null?", ""},
		{"es", "La heladera del comedor hace un ruido raro, ¿le avisás al técnico?", ""},
	})
}

// A story sentence that shares only a value with the request, and not the
// thing the request names, is not the request's object: the shower feels
// the pump's pressure.
func TestResolve_AStoryThatFeelsTheValueIsNotTheObject(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Zimmer 5 beschwert sich über schwachen Wasserdruck in der Dusche. Welchen Druck macht die Pumpe im Moment?", "getProperty"},
		{"fr", "La chambre 9 se plaint d'une douche sans pression. Quelle est la pression de la pompe ?", "getProperty"},
		{"en", "the aquarium pump in reception is loud. Can you stop the pump?", ""},
	})
}

// Other equipment in a clause that only says when or why is never the
// object of a request that names its own thing of ours.
func TestResolve_AClauseOfWhenOrWhyHoldsNoObject(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Tomorrow morning, before the pool opens, backflush the filter.", "com.acme.filter.backflush"},
		{"en", "the aquarium pump in reception is loud, can you stop it?", ""},
	})
}

// A value of ours and a value to reach ask for the change without a verb
// of ours, so the clause of why beside them is the story.
func TestResolve_AValueToReachAsksBesideItsWhy(t *testing.T) {
	res := fullIndex(t).Resolve("Push the flow up to 200 litres a minute so the pool fills faster.", testCtx())
	c := top(t, res)
	assert.Equal(t, "com.acme.pump.set_flow", c.Target)
	assert.Equal(t, 200.0, c.Args["litresPerMin"])
}
