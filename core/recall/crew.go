package recall

import "slices"

// crewOrOff decides what a word for a crew or its gathering ("shift",
// "meeting", "Schicht", "turno", "réunion") means. In a request that names
// a thing of ours, or after a word like "for" or "during" in one that
// names a target ("a new token for the night shift", "the daily report
// ready for the meeting", "the tank's minimum during last night's
// shift"), it is whom or when the request is for: the word is dropped.
// Otherwise the request is about them ("who's on the night shift?",
// "schedule a meeting with HR"): an errand.
func crewOrOff(x *Index, p *pack, toks []token, cs []conceptTok, markers marks) {
	crew := markers["@crew"]
	if len(crew) == 0 {
		return
	}
	delete(markers, "@crew")
	// "¿Quién está de turno esta noche en la estación?": who is on a
	// crew is the crew's affair even where a thing of ours is named; "who
	// stopped the pump during the night shift" (a deed) asks the record
	nowhere := make([]bool, len(toks))
	person := func(ct conceptTok) bool { return containsStr(x.d.concepts.Person, ct.c) }
	// "who" names the record of who did what, not whom a request is for
	target := x.namesOwnTarget(slices.DeleteFunc(slices.Clone(cs), person), nowhere)
	ownThing := x.namesOwnThing(cs, nowhere)
	if slices.ContainsFunc(cs, person) && !slices.ContainsFunc(cs, func(ct conceptTok) bool { return x.action[ct.c] && !ct.typo }) {
		for _, at := range crew {
			if !target || !afterCrewPreposition(p, toks, at) || ownThing {
				markers["@off"] = append(markers["@off"], at) // not "the Rhythm for the night shift: who changed things"
			}
		}
		return
	}
	if ownThing {
		return
	}
	for _, at := range crew {
		if !target || !afterCrewPreposition(p, toks, at) {
			markers["@off"] = append(markers["@off"], at)
		}
	}
}

// afterCrewPreposition: one of the pack's crew prepositions stands at most
// three words before the token ("for the planning meeting", "durante el
// turno"), in the same sentence.
func afterCrewPreposition(p *pack, toks []token, at int) bool {
	for k, words := at-1, 0; k >= 0 && words < 4; k-- {
		if toks[k].kind == 's' || toks[k+1].opens {
			return false
		}
		if p.crewPreps[toks[k].text] {
			return true
		}
		words++
	}
	return false
}

// markWeather marks @off a question of how cold or warm it is that names
// no thing of this system (pack weather): the weather's, not the heater's.
// "how warm is it in the tank" names the tank.
func (x *Index) markWeather(p *pack, toks []token, cs []conceptTok, markers marks) {
	if len(p.weather) == 0 || slices.ContainsFunc(cs, func(ct conceptTok) bool { return !ct.typo && (x.thingOf[ct.c] != "" || x.isComponentWord(ct.c)) }) {
		return
	}
	at, ok := firstPhrase(p.weather, toks, func(int) bool { return true })
	// "the warm one, how hot is it?": "it" points back at a thing
	if ok && !slices.ContainsFunc(toks[:at], func(t token) bool { return t.kind == 'w' && p.pronounOne[t.text] }) {
		markers["@off"] = append(markers["@off"], at)
	}
}

// markCountedOthers marks @off the object of a question of how many that
// no pack knows ("how many people live in the block", "how many bags went
// through belt 1", "wie viele Kälber"): this system counts litres and
// alerts, not what the word names. A unit counts ("how many litres").
func (x *Index) markCountedOthers(p *pack, toks []token, cs []conceptTok, markers marks) {
	words := wordsOf(toks, false)
	for k := range words {
		ph, ok := phraseAt(toks, words, k, p.howMany)
		if !ok || k+len(ph) >= len(words) {
			continue
		}
		j := afterDeterminers(p, toks, words[k+len(ph)])
		if j >= len(toks) || toks[j].kind != 'w' || toks[j].used {
			continue
		}
		if _, _, unit := x.d.units.match(toks, j); unit {
			continue
		}
		if x.unknownWord(p, toks, cs, j) {
			markers["@off"] = append(markers["@off"], j)
		}
	}
}
