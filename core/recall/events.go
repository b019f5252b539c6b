package recall

import (
	"math"
	"slices"
	"strings"
)

// eventTimed finds a change timed by an event told as a noun: "drain the
// tank after the lunch break", "Spül den Filter nach der Fütterung",
// "Fill the tank after the mash-in", "avant le poste du matin remplis la
// cuve". The Core cannot keep such a time, so the request asks when; the
// event's words are no object of the request ("lunch" is no errand, "die
// Pause" no other place), so they are taken out of cs and markers.
//
// "after" needs an article or a possessive after it ("after 5 minutes" and
// "after lunch" are times the time parser reads), and the event must name
// nothing of ours ("resume after the stop" tells which stop). "before"
// times a deed only by a shift ("before the morning shift"): "back up the
// config before the contractor comes in" asks for the backup now. The
// event stands in the clause of the deed, or is a clause of its own;
// an event gone by ("the dp crept up after the clean") tells a story.
func (x *Index) eventTimed(p *pack, toks []token, clause []int, cs []conceptTok, markers marks) ([]conceptTok, int) {
	words := wordsOf(toks, false)
	for k, i := range words {
		ph, ok := phraseAt(toks, words, k, p.eventAfter)
		before := false
		if !ok {
			if ph, ok = phraseAt(toks, words, k, p.eventBefore); !ok {
				continue
			}
			before = true
		}
		if k > 0 && p.notEventAfter[toks[words[k-1]].text] && words[k-1] == i-1 {
			continue
		}
		n := k + len(ph)
		owned := false // "après ma pause": the person's own break, whatever its word
		if !p.contracted[ph[len(ph)-1]] {
			switch {
			case n >= len(words):
				continue
			case p.definite[toks[words[n]].text] || p.possessive[toks[words[n]].text] || p.contracted[toks[words[n]].text]:
				owned = p.possessive[toks[words[n]].text]
				n++
			case !before && n == len(words)-1 && !startsUpper(toks[words[n]].orig) && x.unknownWord(p, toks, cs, words[n]):
				// "do the backflush after smoko": a last word no pack knows
				// is an event the time parser does not know either
			default:
				continue
			}
		}
		end := x.eventEnd(p, toks, cs, clause, words, n, i)
		if end < 0 || !x.eventFits(p, toks, cs, markers, clause, i, end, before, owned) {
			continue
		}
		for j := i; j <= end; j++ {
			toks[j].used = true
		}
		for m, at := range markers {
			markers[m] = slices.DeleteFunc(at, func(a int) bool { return a >= i && a <= end })
		}
		return slices.DeleteFunc(cs, func(ct conceptTok) bool { return ct.start >= i && ct.start <= end }), i
	}
	return cs, -1
}

// eventEnd is the last token of the event's noun phrase from words[n] on:
// at most four words, up to the end of the clause of toks[i], a connector
// or the deed ("antes del turno de mañana reinicia el controlador"); -1
// when there is none, or a number is in it ("after the 14:00 clean").
func (x *Index) eventEnd(p *pack, toks []token, cs []conceptTok, clause, words []int, n, i int) int {
	end := -1
	for k := n; k < len(words) && k < n+4; k++ {
		w := words[k]
		if clause[w] != clause[i] || p.connectors[toks[w].text] {
			break
		}
		if k > n && slices.ContainsFunc(cs, func(ct conceptTok) bool { return ct.start == w && x.action[ct.c] }) {
			break
		}
		end = w
	}
	if end < 0 {
		return -1
	}
	for j := i; j <= end; j++ {
		if toks[j].kind == 'n' {
			return -1
		}
	}
	return end
}

// eventFits: the event at toks[i:end+1] names nothing of ours (a person's own
// break, "après ma pause", may be told in a word of stopping), a "before"
// names a shift, nothing in its clause is told as past, and the clause
// holds the deed or is the event alone.
func (x *Index) eventFits(p *pack, toks []token, cs []conceptTok, markers marks, clause []int, i, end int, before, owned bool) bool {
	in := func(at int) bool { return at > i && at <= end }
	if slices.ContainsFunc(cs, func(ct conceptTok) bool {
		deed := x.action[ct.c] || slices.Contains(x.d.concepts.Incidents, ct.c)
		return in(ct.start) && (deed && !owned || x.thingOf[ct.c] != "" || x.entityWord[ct.c] && !(deed && owned))
	}) {
		return false
	}
	if before {
		shift := slices.ContainsFunc(markers["@crew"], in)
		for j := i + 1; j <= end; j++ {
			shift = shift || p.timeSet["shifts"][toks[j].text]
		}
		if !shift {
			return false
		}
	}
	if slices.ContainsFunc(markers["@past"], func(at int) bool { return clause[at] == clause[i] }) {
		return false
	}
	// the last deed told is the one asked for: an event in a sentence
	// before it tells the story ("Filler's about to come back up after
	// the changeover. Can we get the pump going?")
	last := -1
	for _, ct := range cs {
		if x.action[ct.c] && !in(ct.start) && ct.start != i {
			last = max(last, ct.start)
		}
	}
	if last >= 0 && sentenceOf(toks, last) != sentenceOf(toks, i) {
		return false
	}
	deed := slices.ContainsFunc(cs, func(ct conceptTok) bool {
		return clause[ct.start] == clause[i] && !in(ct.start) && ct.start != i && x.action[ct.c]
	})
	alone := (i == 0 || clause[i-1] != clause[i]) && (end+1 == len(toks) || clause[end+1] != clause[i] || toks[end+1].kind == 's')
	return deed || alone
}

// dropTimeGloss: a clause opened by a word of eventWhen right after an
// exact time says again when it is ("do it at 6am when the day shift is
// in", "à 22 h, quand l'équipe de nuit arrive"): its crew and errand words
// are no errand, and it times nothing more.
func dropTimeGloss(p *pack, text string, toks []token, clause []int, markers marks, when *TimeExpr) {
	if when == nil || when.Vague {
		return
	}
	start := exprStart(text, toks, when)
	if start < 0 {
		return
	}
	end := start
	for end+1 < len(toks) && toks[end+1].used && clause[end+1] == clause[start] {
		end++
	}
	words := wordsOf(toks, false)
	for k, i := range words {
		if i <= end || i > end+2 {
			continue // right after the time (a comma may stand between)
		}
		if _, ok := phraseAt(toks, words, k, p.eventWhen); !ok {
			continue
		}
		last := i
		for last+1 < len(toks) && clause[last+1] == clause[i] {
			last++
		}
		for _, m := range []string{"@crew", "@off", "@foreign"} {
			markers[m] = slices.DeleteFunc(markers[m], func(at int) bool { return at >= i && at <= last })
		}
		return
	}
}

// recordOverHistory: a question about what changed or happened that names
// no value ("What changed since this morning?", "Qu'est-ce qui a changé
// depuis ce matin ?") is for the record of what happened, not for the
// history of some value it would have to ask for.
func (x *Index) recordOverHistory(cands []Candidate, qr *query) {
	if _, _, named := bestOfKind(qr.ents, "property"); named {
		return
	}
	top, record := -1, -1
	for i, c := range cands {
		if top < 0 || c.Score > cands[top].Score {
			top = i
		}
		if c.Target == x.d.concepts.ChangeRecord {
			record = i
		}
	}
	if top < 0 || record < 0 || top == record || !slices.Contains(cands[top].Missing, "name") {
		return
	}
	if t := &x.targets[x.byID[cands[top].Target]]; !x.takesKind(t, "property") {
		return
	}
	cands[record].Score = math.Min(1, math.Round((cands[top].Score+0.03)*1000)/1000)
}

// dropEventErrands drops the errand marks of a word right after a word of
// before, after or during (an article and one word may stand between:
// "remplis le réservoir avant le petit-déjeuner", "während des
// Frühstücks"), when the request acts on a thing of ours: the meal or the
// meeting says when, it is no errand.
func (x *Index) dropEventErrands(p *pack, toks []token, cs []conceptTok, markers marks) {
	if !x.namesOwnThing(cs, make([]bool, len(toks))) || !x.anyAction(cs) {
		return
	}
	words := wordsOf(toks, false)
	at := wordIndex(words)
	markers["@off"] = slices.DeleteFunc(markers["@off"], func(j int) bool {
		n, ok := at[j]
		if !ok {
			return false
		}
		for back := 1; back <= 3 && n-back >= 0; back++ {
			k := n - back
			if toks[words[k]].opens || clauseBreak(toks, words[k], j) {
				return false
			}
			if p.timeSet["during"][toks[words[k]].text] {
				return true
			}
			for _, list := range [][][]string{p.eventBefore, p.eventAfter} {
				if ph, ok := phraseAt(toks, words, k, list); ok && k+len(ph) <= n {
					return true
				}
			}
		}
		return false
	})
}

// clauseBreak: a mark parts the tokens from i to j.
func clauseBreak(toks []token, i, j int) bool {
	for k := i + 1; k < j; k++ {
		if toks[k].kind == 's' && strings.ContainsAny(toks[k].text, ",;.:!?") {
			return true // not the hyphen of "petit-déjeuner"
		}
	}
	return false
}
