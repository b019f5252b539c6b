package recall

import (
	"maps"
	"slices"
	"strings"
)

// clauseOf numbers the clauses of text token by token: a clause ends at
// , ; . ! ? or : followed by a space or the end ("2,5", "15:30" and
// "com.acme.tank.fill" go on).
func clauseOf(text string, toks []token) []int {
	out := make([]int, len(toks))
	n, pos := 0, 0
	for i, t := range toks {
		for ; pos < t.start; pos++ {
			if markEndsAt(text, pos, ",;.!?:") {
				n++
			} else if text[pos] == '\n' && pos > 0 && strings.IndexByte(",;.!?:", text[pos-1]) < 0 {
				n++ // a line ends a clause too
			} else if pos > 0 && text[pos-1] == ' ' && dashAt(text, pos) {
				n++ // "quick one before handover - how full is the tank?"
			}
		}
		out[i] = n
	}
	return out
}

// dashAt: a dash between spaces at pos ("-", "–", "—"), which parts
// clauses as a comma does; "pump-1" and "-5" do not.
func dashAt(text string, pos int) bool {
	for _, d := range []string{"- ", "– ", "— "} {
		if strings.HasPrefix(text[pos:], d) {
			return true
		}
	}
	return false
}

// subordinate gives a clause of its own to what follows a subordinating
// word of the pack ("restart it before I leave", "haz un backup antes de
// tocar mixer-1"), unless a time or a number follows ("before 8 am" says
// when). Clause numbers stay in order.
func subordinate(p *pack, toks []token, clause []int) (out []int, sub map[int]bool) {
	out = slices.Clone(clause)
	sub = map[int]bool{}
	shift := 0
	for i := 1; i < len(toks); i++ {
		if clause[i] != clause[i-1] {
			out[i] = clause[i] + shift
		} else {
			out[i] = out[i-1]
		}
		if runOnAt(p, toks, out, i) {
			shift++
			out[i] = out[i-1] + 1
			continue
		}
		phrases := p.subordinate
		if afterComma(toks, i) && strings.ToLower(toks[i].orig) == toks[i].text {
			// "…, que las duchas salen frías"; not "Hola, ¿qué playbooks …?"
			phrases = append(slices.Clip(phrases), p.reasonAfterComma...)
		}
		for _, ph := range phrases {
			end := i + len(ph)
			if end >= len(toks) || toks[i].kind != 'w' {
				continue
			}
			match := true
			for k, w := range ph {
				if toks[i+k].text != w {
					match = false
					break
				}
			}
			// "damit morgen früh alles läuft": a clause of why may begin with a time
			if next := toks[end]; match && next.kind == 'w' && (!next.used || p.has(p.purposeClause, ph) || p.has(p.reasonAfterComma, ph) && afterComma(toks, i)) {
				shift++
				out[i] = out[i-1] + 1
				sub[out[i]] = true
				break
			}
		}
	}
	return out, sub
}

// runOnAt: a subject and its verb of pack runOn begin at toks[i] inside
// a clause, right after a word that is no stop word and after at least
// two words of that clause ("STOP THE PUMP there's water all over the
// floor"): the writer ran two clauses together.
func runOnAt(p *pack, toks []token, out []int, i int) bool {
	if len(p.runOn) == 0 || toks[i].kind != 'w' || toks[i-1].kind != 'w' || out[i] != out[i-1] {
		return false
	}
	// "… if there's an alarm" asks on; a stop word ends the request only
	// when it says now or please ("turn off the pump NOW someone …")
	if prev := toks[i-1].text; p.stop[prev] && !p.has(p.nowWords, []string{prev}) && prev != "please" {
		return false
	}
	words := 0
	for k := i - 1; k >= 0 && out[k] == out[i-1]; k-- {
		if toks[k].kind == 'w' {
			words++
		}
	}
	if words < 2 {
		return false
	}
	_, ok := phraseAtToken(toks, i, p.runOn)
	return ok
}

// afterComma: a comma stands right before toks[i].
func afterComma(toks []token, i int) bool {
	return i > 0 && toks[i-1].kind == 's' && toks[i-1].text == ","
}

// contextTokens finds the clauses that only describe the situation. When a
// request has several clauses and exactly one of them asks for something
// (it opens with an action: "the tank is almost empty, fill it up", "la
// pompe fait un bruit bizarre, arrête-la"; or it asks a question: "Kaffee
// ist alle. Wie hoch ist der Druck?"), the others are context: they tell
// what happened, not what to do. Two such clauses are two requests, not a
// story; a word found only by a typo guess opens nothing; in a question
// only a clause that asks can be the request. It returns which tokens are
// context, or nil, and whether the context is about something else
// altogether (oursBesideElse), so that its objects do not count either.
func (x *Index) contextTokens(p *pack, text string, toks []token, cs []conceptTok, markers marks, question bool, values []int) (context []bool, elsewhere bool) {
	clause, sub := subordinate(p, toks, clauseOf(text, toks))
	first := map[int]conceptTok{} // clause -> its first concept (typo guesses left out)
	known := map[int]int{}        // clause -> the token of its first concept a target uses
	for _, ct := range cs {
		if ct.typo {
			continue
		}
		k := clause[ct.start]
		if f, ok := first[k]; !ok || ct.start < f.start {
			first[k] = ct
		}
		// known to a target or an entity ("der Druck": a property)
		if f, ok := known[k]; (x.df[ct.c] > 0 || x.cz.known[ct.c]) && (!ok || ct.start < f) {
			known[k] = ct.start
		}
	}
	// a clause of only an errand ("Kaffee ist alle.") is a clause of the
	// story too
	for _, m := range []string{"@off", "@foreign"} {
		for _, at := range markers[m] {
			if _, ok := first[clause[at]]; !ok {
				first[clause[at]] = conceptTok{start: at}
			}
		}
	}
	if len(first) < 2 {
		return nil, false
	}
	asks := map[int]bool{}
	// "- Band gereinigt\n- Schutzgitter dran\nBand starten": in a pack
	// whose commands put the verb last, a clause ending in an infinitive
	// of an action asks for it
	if p.verbFinal && !question {
		for k := range first {
			if x.endsInInfinitive(toks, clause, cs, k) {
				asks[k] = true
			}
		}
	}
	// a question word or read verb before the clause's first known word
	// ("übrigens, wie hoch ist der Druck?")
	for _, at := range markers["@read"] {
		// "…, quand l'électricité est moins chère": a conjunction that
		// opens a later clause asks nothing
		if !question && clause[at] > 0 && containsStr(x.d.concepts.Conjunctions, toks[at].text) {
			continue
		}
		// "Hay una fuga en la manguera, ¡para la bomba ya!": "there is"
		// tells, unless the message asks a question
		if !question && p.existential[toks[at].text] {
			continue
		}
		// "FIC-301 is on manual, …": a copula after its subject tells;
		// only first ("is the pump on") or in a question does it ask
		if !question && p.copulas[toks[at].text] && firstWordOf(toks, clause, clause[at]) != at {
			continue
		}
		if f, ok := known[clause[at]]; ok && at <= f {
			asks[clause[at]] = true
		}
	}
	// "Can I have the daily report for the water station? Mr Okafor likes
	// to read it with his coffee.": a clause that ends in a question mark
	// and names something a target knows asks
	// and names a thing or value of ours, when it is the one clause that
	// asks so and comes first (a question after a story may be about it)
	if question && len(asks) == 0 && len(known) > 0 {
		var asked []int
		for k := range known {
			if questionClause(text, toks, clause, k) {
				asked = append(asked, k)
			}
		}
		opening := slices.Min(slices.Collect(maps.Keys(first)))
		if len(asked) == 1 && asked[0] == opening && slices.ContainsFunc(cs, func(ct conceptTok) bool {
			return clause[ct.start] == asked[0] && !ct.typo && (x.thingOf[ct.c] != "" || x.entityWord[ct.c])
		}) {
			asks[asked[0]] = true
		}
	}
	// "tank level??", "pression pompe ?": a few words, all known to a
	// target, ending in a question mark ask with no question word
	if question {
		for k, i := range x.shortKnownQuestions(p, text, toks, cs, clause) {
			if _, ok := known[k]; ok && i >= 0 {
				asks[k] = true
			}
		}
	}
	// a thing and a value to reach ask for the change without a verb,
	// when no other clause asks ("Valve to 120%, the kitchens need more
	// water", "Heizung auf 2 Grad, wir machen Pause"; not "la sonda marca
	// dos grados más … Calibra el sensor", nor "tank left at 60%")
	valued := map[int]bool{}
	if !question {
		for _, at := range values {
			// "Push the flow up to 200 litres a minute so the pool fills
			// faster": a value of ours names its thing
			thingBefore := slices.ContainsFunc(cs, func(ct conceptTok) bool {
				return clause[ct.start] == clause[at] && ct.start < at && !ct.typo && (x.thingOf[ct.c] != "" || x.isComponentWord(ct.c) || x.valueWord[ct.c])
			})
			if _, ok := first[clause[at]]; ok && thingBefore && !sub[clause[at]] && at > 0 && p.toValue[toks[at-1].text] {
				valued[clause[at]] = true
			}
		}
		// "make the conveyor go a bit faster, orders are piling up": a
		// thing and a change by an amount not said ask too
		for _, at := range markers["@nudge"] {
			thingBefore := slices.ContainsFunc(cs, func(ct conceptTok) bool {
				return clause[ct.start] == clause[at] && ct.start < at && !ct.typo && (x.thingOf[ct.c] != "" || x.isComponentWord(ct.c))
			})
			if _, ok := first[clause[at]]; ok && thingBefore && !sub[clause[at]] {
				valued[clause[at]] = true
			}
		}
	}
	// "don't restart now. do it at 6am": a word standing for the deed
	// asks for it, in its own clause
	proAt := map[int]int{} // clause -> where its first such word begins
	if words := wordsOf(toks, false); len(p.proVerbs) > 0 {
		for k, i := range words {
			if _, ok := phraseAt(toks, words, k, p.proVerbs); ok {
				asks[clause[i]] = true
				if _, has := first[clause[i]]; !has {
					first[clause[i]] = conceptTok{start: i}
				}
				if _, has := proAt[clause[i]]; !has {
					proAt[clause[i]] = i
				}
			}
		}
	}
	// a polite opener asks for something to be done wherever the verb
	// stands ("Könnten Sie bitte den Tank auf 80 Prozent befüllen?")
	for _, at := range markers["@ask"] {
		asks[clause[at]] = true
	}
	// "heater to 104 F please, the recipe sheet is in fahrenheit": a
	// clause that says please asks, when no other clause does
	if len(asks) == 0 {
		for _, at := range markers["@please"] {
			asks[clause[at]] = true
		}
	}
	var requests []int
	for k, ct := range first {
		// "start the pump so I can take a sample": what a subordinate
		// clause tells is why or when, never the request
		if sub[k] {
			continue
		}
		// "c'est réglé", "Backflushed the filter at 07:40": a participle
		// tells a state, it asks for no deed
		if asks[k] || (!question && x.action[ct.c] && !participle(p, toks[ct.start].orig)) {
			requests = append(requests, k)
			continue
		}
		// "take a config backup before I swap the heater": a light verb
		// first, then the deed's noun
		// "Make the station blink or beep, I'm in the pump shed": a light
		// verb opens the clause even when it is no concept
		lead := ct.start
		if w := firstWordOf(toks, clause, k); w >= 0 && w < lead && p.lightVerbs[toks[w].text] {
			lead = w
		}
		if !question && p.lightVerbs[toks[lead].text] && (lead < ct.start || ct.end == ct.start+1) && slices.ContainsFunc(cs, func(o conceptTok) bool {
			return clause[o.start] == k && o.start > lead && o.start <= lead+3 && x.action[o.c] && !o.typo
		}) {
			requests = append(requests, k)
		}
	}
	if len(requests) == 0 {
		for k := range valued {
			requests = append(requests, k)
		}
	}
	// "ne redémarre rien ! dis-moi juste le débit": a clause that says
	// what not to do is no request beside one that asks for something
	negated := map[int]bool{}
	for _, at := range markers["@neg"] {
		negated[clause[at]] = true
	}
	if kept := slices.DeleteFunc(slices.Clone(requests), func(k int) bool { return negated[k] }); len(kept) > 0 {
		requests = kept
	} else if len(valued) > 0 {
		// "Calentador a 2 grados, que no caliente nada": what not to do is
		// the reason, the thing and its value ask
		requests = requests[:0]
		for k := range valued {
			if !negated[k] {
				requests = append(requests, k)
			}
		}
	}
	requests = toldBySubject(p, text, toks, clause, asks, requests)
	request, elsewhere := x.oursBesideElse(clause, cs, markers, requests)
	if elsewhere && (sub[request] || !asks[request] && tellsBySubject(p, text, toks, clause, request)) {
		// "restart the chiller on the roof, it tripped when we cut the
		// power", "… auf allen Laptops installieren, damit morgen früh
		// alles läuft": the clause of ours only tells, or says why; the
		// other one asks
		request, elsewhere = 0, false
	}
	together := map[int]bool{} // clauses that ask for one thing with the request
	if !elsewhere {
		// one request and a story; two requests are not a story, unless
		// one of them is far better explained by this system's words than
		// any other (a long message: greetings, reasons, thanks around it)
		switch {
		case len(requests) == 1:
			request = requests[0]
		case len(requests) > 1:
			best, ok := x.bestExplained(clause, cs, requests)
			if now, one := nowClause(p, toks, clause, requests); !ok && one {
				// "Jobs this week: Mon filter backflush, Thu config backup.
				// Let's do the config backup right now instead": of a plan's
				// items, the one asked for now
				best, ok = now, true
			}
			if !ok {
				// "La pause est finie … Ils attendent les cartons. Redémarre
				// le convoyeur.": of a long message's clauses, the one that
				// opens with the deed and names something of ours asks; so
				// do a question and the order right after it that says it
				// again ("¿Qué resultados dio el último autodiagnóstico?
				// Enséñame los diagnósticos.")
				if group := x.imperatives(p, text, toks, clause, cs, markers, requests); consecutive(group) {
					best, ok = group[len(group)-1], true
					for _, k := range group {
						together[k] = true
					}
				}
			}
			if !ok {
				return nil, false
			}
			request = best
		default:
			return nil, false
		}
	}
	context = make([]bool, len(toks))
	for i := range toks {
		context[i] = clause[i] != request && !together[clause[i]]
	}
	// "don't restart now. do it at 6am": the deed a word of the request
	// stands for is the request's own, the last one told before it
	if pro, ok := proAt[request]; ok {
		deed := -1
		for _, ct := range cs {
			if x.action[ct.c] && ct.start < pro && clause[ct.start] != request && ct.start > deed {
				deed = ct.start
			}
		}
		if deed >= 0 {
			for _, ct := range cs {
				if ct.start == deed {
					for k := ct.start; k < ct.end; k++ {
						context[k] = false
					}
				}
			}
		}
	}
	return context, elsewhere
}

// oursBesideElse: two requests in one, one about this system's things and
// the others about something else ("tank level, and is it supposed to rain
// this afternoon?", "quick one: is the belt running, and who's on the night
// shift tonight?"): the one about ours is the request, the others are not
// for this system. Only when exactly one clause names something ours and
// nothing alien, every word of it is known, and every clause with an
// errand or an object not ours asks or acts itself and names nothing of
// this system. A story stays a story: in "the coffee
// machine shows descaling, how do I stop the alarm" the alarm is the
// machine's, and "the temperature in the meeting room is too high, lower
// it" is about the meeting room.
func (x *Index) oursBesideElse(clause []int, cs []conceptTok, markers marks, requests []int) (int, bool) {
	alien, ours, unknown := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, m := range []string{"@off", "@foreign"} {
		for _, at := range markers[m] {
			alien[clause[at]] = true
		}
	}
	for _, ct := range cs {
		k := clause[ct.start]
		switch {
		case ct.typo || (x.df[ct.c] == 0 && !x.cz.known[ct.c]):
			unknown[k] = true
		case x.entityWord[ct.c] || x.thingOf[ct.c] != "":
			ours[k] = true
		}
	}
	mine, n := -1, 0
	for k := range ours {
		if alien[k] {
			return 0, false // "the aquarium pump in reception": ours and not
		}
		mine, n = k, n+1
	}
	if n != 1 || len(alien) == 0 {
		return 0, false
	}
	// an alien clause that opens with a question ("… and who's on the
	// night shift?"); "the coffee machine shows descaling" tells
	opens := map[int]int{}
	for _, ct := range cs {
		if f, ok := opens[clause[ct.start]]; !ok || ct.start < f {
			opens[clause[ct.start]] = ct.start
		}
	}
	for _, m := range []string{"@off", "@foreign"} {
		for _, at := range markers[m] {
			if f, ok := opens[clause[at]]; !ok || at < f {
				opens[clause[at]] = at
			}
		}
	}
	asks := map[int]bool{}
	for _, at := range markers["@read"] {
		if at <= opens[clause[at]] {
			asks[clause[at]] = true
		}
	}
	for k := range alien {
		if !slices.Contains(requests, k) && !asks[k] {
			return 0, false // a story: it may be what the request is about
		}
	}
	if unknown[mine] {
		return 0, false // "Brandmeldezentrale zeigt Störung an, wen muss ich anrufen?"
	}
	return mine, true
}

// bestExplained picks, of several clauses that each ask or act, the one
// whose words this system's targets explain far better than the others'
// (at least twice the weight of the runner-up), and that names something of
// ours: "Ich bin heute zum ersten Mal allein in der Schicht … Könnten Sie
// bitte den Tank auf 80 Prozent befüllen?". Otherwise they are two requests.
func (x *Index) bestExplained(clause []int, cs []conceptTok, requests []int) (int, bool) {
	known, ours := map[int]float64{}, map[int]bool{}
	for _, ct := range cs {
		if ct.typo || x.df[ct.c] == 0 {
			continue
		}
		k := clause[ct.start]
		known[k] += x.idf(ct.c)
		if x.entityWord[ct.c] || x.thingOf[ct.c] != "" {
			ours[k] = true
		}
	}
	sorted := slices.Clone(requests)
	slices.SortFunc(sorted, func(a, b int) int {
		switch {
		case known[a] > known[b]:
			return -1
		case known[a] < known[b]:
			return 1
		}
		return a - b
	})
	best, second := sorted[0], sorted[1]
	// naming something of ours, or alone in saying anything a target knows
	// ("Salut, c'est Julien. … Tu peux l'acquitter stp ?")
	if (!ours[best] && known[second] > 0) || known[best] < 2*known[second] {
		return 0, false
	}
	return best, true
}

// participle: w (as written) ends like a past participle of the pack
// ("réglé", "coupée", "cerrado", "stopped").
func participle(p *pack, w string) bool {
	return endsLike(strings.ToLower(w), p.participleEnds)
}

// valueTokens are the tokens that start a quantity in a unit other than
// seconds: a value to set ("120%", "2 Grad", "40 m/min").
func valueTokens(toks []token, qty []Quantity) []int {
	var out []int
	for _, q := range qty {
		if q.Unit == "" || q.Unit == "s" {
			continue
		}
		if i := quantityToken(toks, q); i >= 0 {
			out = append(out, i)
		}
	}
	return out
}

// quantityToken is the index of the token a quantity starts at, or -1.
func quantityToken(toks []token, q Quantity) int {
	for i, t := range toks {
		if t.start == q.Start {
			return i
		}
	}
	return -1
}

// nowClause is the one clause of requests that says now (pack nowWords),
// if exactly one does.
func nowClause(p *pack, toks []token, clause, requests []int) (int, bool) {
	found, n := -1, 0
	words := wordsOf(toks, false)
	for k, i := range words {
		// "ya" is also "already" ("ya revisé filter-1"): it picks nothing
		if ph, ok := phraseAt(toks, words, k, p.nowWords); ok && !(len(ph) == 1 && p.alsoAlready[ph[0]]) && slices.Contains(requests, clause[i]) && clause[i] != found {
			found, n = clause[i], n+1
		}
	}
	return found, n == 1
}

// appositiveClauses are the clauses that open with a word of pack
// appositives ("start the pump, the one in the garden", "la del jardín",
// "celle du jardin"): they say which thing is meant, they tell no reason.
func appositiveClauses(p *pack, toks []token, clause []int) map[int]bool {
	out := map[int]bool{}
	words := wordsOf(toks, false)
	for k, i := range words {
		if i > 0 && clause[i] != clause[i-1] {
			if _, ok := phraseAt(toks, words, k, p.appositives); ok {
				out[clause[i]] = true
			}
		}
	}
	return out
}

// afterDeterminers is the index of the first token from j on that is no
// article, definite article or possessive ("restart the palletizer",
// "open my Rhythm entry").
func afterDeterminers(p *pack, toks []token, j int) int {
	for j < len(toks) && toks[j].kind == 'w' && (p.definite[toks[j].text] || p.articles[toks[j].text] || p.possessive[toks[j].text]) {
		j++
	}
	return j
}

// articlesBefore is i moved back over the articles and definite articles
// right before toks[i] ("the alert al-17": the index of "the"); i < 1 stays.
func articlesBefore(p *pack, toks []token, i int) int {
	for i > 0 && toks[i-1].kind == 'w' && (p.definite[toks[i-1].text] || p.articles[toks[i-1].text]) {
		i--
	}
	return i
}

// shortKnownQuestions: the clauses of at most four words, each a stop word
// or a concept a target or an entity knows, one naming a thing or a
// property of ours and none a deed, that end in a question mark ("tank
// level??", "pression pompe ?"), by clause to their last token.
func (x *Index) shortKnownQuestions(p *pack, text string, toks []token, cs []conceptTok, clause []int) map[int]int {
	knownAt, names, deed := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, ct := range cs {
		if !ct.typo && (x.df[ct.c] > 0 || x.cz.known[ct.c]) {
			for k := ct.start; k < ct.end; k++ {
				knownAt[k] = true
			}
		}
		if !ct.typo && (x.thingOf[ct.c] != "" || x.entityWord[ct.c] || x.isComponentWord(ct.c)) {
			names[clause[ct.start]] = true
		}
		if x.action[ct.c] {
			deed[clause[ct.start]] = true // "¿lo reinicias?" asks for a deed on what the story names
		}
	}
	words, unknown, last := map[int]int{}, map[int]bool{}, map[int]int{}
	for i, t := range toks {
		last[clause[i]] = i
		if t.kind != 'w' {
			continue
		}
		if !p.stop[t.text] {
			words[clause[i]]++ // "serial number of the pump station?": four words of weight
		}
		if !knownAt[i] && !p.stop[t.text] {
			unknown[clause[i]] = true
		}
	}
	out := map[int]int{}
	for k, i := range last {
		if words[k] > 0 && words[k] <= 4 && !unknown[k] && names[k] && !deed[k] && strings.HasPrefix(strings.TrimLeft(text[toks[i].end:], " "), "?") {
			out[k] = i
		}
	}
	return out
}

// imperatives are the clauses of requests that open with an action
// (only fillers, hesitations and words of pack beforeImperative before it:
// "go ahead and fill the tank", "Redémarre le convoyeur", "Zeig mir die
// geplanten Aktionen") and names a thing or an entity of ours; the others
// tell ("the driver hates waiting", "ils attendent les cartons", "Nach dem
// Stopp von vorhin"). In the order of the message.
func (x *Index) imperatives(p *pack, text string, toks []token, clause []int, cs []conceptTok, markers marks, requests []int) []int {
	opens := map[int]int{} // clause -> its first word not a stop word
	for i, t := range toks {
		if _, seen := opens[clause[i]]; !seen && t.kind == 'w' && !t.used && !p.beforeImp[t.text] && !p.hesitations[t.text] {
			opens[clause[i]] = i
		}
	}
	var found []int
	for _, k := range slices.Sorted(slices.Values(requests)) {
		at, ok := opens[k]
		if !ok {
			continue
		}
		// a read verb opening the clause asks ("Affiche le niveau", "Show
		// me …"), and so does a polite opener ("Could you …", "Tu peux …");
		// a word before a copula is what something is said of, no verb ("On
		// a eu une alerte"), unless the clause is a question ("what is …?")
		told := at+1 < len(toks) && p.copulas[toks[at+1].text] && !questionClause(text, toks, clause, k)
		// "il y a de l'eau devant la boulangerie", "there's water on the
		// road": "there is" tells, unless the clause asks
		tells := !questionClause(text, toks, clause, k) && (p.existential[toks[at].text] || at+1 < len(toks) && p.existential[toks[at+1].text])
		deed := !told && !tells && slices.Contains(markers["@read"], at) || slices.ContainsFunc(markers["@ask"], func(a int) bool { return clause[a] == k })
		ours := false
		if p.verbFinal && x.endsInInfinitive(toks, clause, cs, k) {
			deed = true // "Alle Logs löschen"
		}
		for _, ct := range cs {
			if clause[ct.start] != k || ct.typo {
				continue
			}
			if ct.start == at && x.action[ct.c] && !participle(p, toks[at].orig) && !(ct.end < len(toks) && p.copulas[toks[ct.end].text]) {
				deed = true
			}
			if x.thingOf[ct.c] != "" || x.entityWord[ct.c] || x.isComponentWord(ct.c) || (x.df[ct.c] > 0 && !x.action[ct.c]) {
				ours = true
			}
		}
		if deed && ours {
			found = append(found, k)
		}
	}
	return found
}

// consecutive: clauses one after another, at least one.
func consecutive(clauses []int) bool {
	for i := 1; i < len(clauses); i++ {
		if clauses[i] != clauses[i-1]+1 {
			return false
		}
	}
	return len(clauses) > 0
}

// endsInInfinitive: clause k's last concept is an action written as an
// infinitive ("Band starten", "Alle Logs löschen"), which in a pack whose
// commands put the verb last asks for it.
func (x *Index) endsInInfinitive(toks []token, clause []int, cs []conceptTok, k int) bool {
	last, found := conceptTok{}, false
	for _, ct := range cs {
		if clause[ct.start] == k && (!found || ct.start > last.start) {
			last, found = ct, true
		}
	}
	return found && x.action[last.c] && !last.typo && strings.HasSuffix(toks[last.end-1].text, "en")
}

// questionClause: a question mark follows clause k's last word.
func questionClause(text string, toks []token, clause []int, k int) bool {
	for i := len(toks) - 1; i >= 0; i-- {
		if clause[i] == k {
			return markFollows(text, toks[i], "?")
		}
	}
	return false
}

// dropApartStory drops the @foreign marks of the story's sentences that
// hold no word of the request, are no heading and name no thing or value
// (ours says which concepts are) the request names too.
func dropApartStory(text string, toks []token, cs []conceptTok, context []bool, markers marks, ours, thing func(c string) bool) {
	request, named := map[int]bool{}, map[string]bool{}
	for i, t := range toks {
		if !context[i] {
			request[t.sentence] = true
		}
		// a heading ("Kesselhaus: …", "Freibad: wie warm ist das
		// Becken?") says where the request is about
		if i+1 == len(toks) || toks[i+1].sentence != t.sentence {
			if t.text == ":" || markFollows(text, t, ":") {
				request[t.sentence] = true
			}
		}
	}
	for _, ct := range cs {
		if !context[ct.start] && ours(ct.c) {
			named[ct.c] = true
		}
	}
	// a value both name ties the story to the request only when the story
	// names every thing the request does: "Zimmer 5 beschwert sich über
	// schwachen Wasserdruck in der Dusche. Welchen Druck macht die Pumpe?"
	// asks about the pump, whose pressure the shower only feels
	shared, things := map[int]bool{}, map[int]map[string]bool{}
	for _, ct := range cs {
		s := toks[ct.start].sentence
		if context[ct.start] && thing(ct.c) && !ct.typo {
			if things[s] == nil {
				things[s] = map[string]bool{}
			}
			things[s][ct.c] = true
		}
	}
	for _, ct := range cs {
		if !context[ct.start] || !named[ct.c] {
			continue
		}
		s := toks[ct.start].sentence
		if thing(ct.c) || !slices.ContainsFunc(slices.Collect(maps.Keys(named)), func(c string) bool { return thing(c) && !things[s][c] }) {
			shared[s] = true
		}
	}
	markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool {
		s := toks[at].sentence
		return context[at] && !request[s] && !shared[s]
	})
}

// firstWordOf is the first word token of clause k, or -1.
func firstWordOf(toks []token, clause []int, k int) int {
	for i, t := range toks {
		if clause[i] == k && t.kind == 'w' {
			return i
		}
	}
	return -1
}

// toldBySubject leaves out of several requests the clauses that tell by
// a subject (tellsBySubject), unless they ask; all stay when every one
// would go.
func toldBySubject(p *pack, text string, toks []token, clause []int, asks map[int]bool, requests []int) []int {
	kept := slices.DeleteFunc(slices.Clone(requests), func(k int) bool {
		return !asks[k] && tellsBySubject(p, text, toks, clause, k)
	})
	if len(kept) == 0 {
		return requests
	}
	return kept
}

// tellsBySubject: clause k opens with a subject (pack subjects) and no
// wish after it, and is no question ("it tripped when we cut the power",
// "wir haben den Filter getauscht"): it tells what someone or something
// did.
func tellsBySubject(p *pack, text string, toks []token, clause []int, k int) bool {
	if len(p.subjects) == 0 || questionClause(text, toks, clause, k) {
		return false
	}
	for i, t := range toks {
		if clause[i] != k || t.kind != 'w' || t.used || p.beforeImp[t.text] || p.hesitations[t.text] {
			continue
		}
		next := i + 1
		return p.subjects[t.text] && !(next < len(toks) && toks[next].kind == 'w' && p.wish[toks[next].text])
	}
	return false
}
