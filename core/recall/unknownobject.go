package recall

// markUnknownObject marks @foreign the object of an action that is a word
// no pack knows and no target uses ("restart the palletizer, it's thrown a
// fault again", "Redémarre l'étiqueteuse, elle est plantée"): a machine the
// Core has never heard of is another machine, not this system, whose own
// names (controller, box, PLC, station …) the packs know. Only when the
// object's clause names nothing of ours, and the word heads its phrase (in
// "restart the booster pump" it qualifies the pump). Only for the deeds
// whose object is the whole system when none is named (restart, reset,
// shut down): a word the packs lack after "set" or "show" is more often
// a word of ours they lack.
func (x *Index) markUnknownObject(p *pack, toks []token, clause []int, cs []conceptTok, markers marks) {
	deedAt := map[int]bool{} // "Schalt" is stop and shutdown: a state word of the verb names nothing of ours
	for _, ct := range cs {
		if x.action[ct.c] {
			deedAt[ct.start] = true
		}
	}
	ours := map[int]bool{}
	for _, ct := range cs {
		if !ct.typo && (x.thingOf[ct.c] != "" || x.entityWord[ct.c] && !deedAt[ct.start]) {
			ours[clause[ct.start]] = true
		}
	}
	at := map[int]conceptTok{}
	for _, ct := range cs {
		at[ct.start] = ct
	}
	for _, verb := range cs {
		if !containsStr(x.d.concepts.SystemDeeds, verb.c) || verb.typo {
			continue
		}
		j := afterDeterminers(p, toks, verb.end)
		if _, has := at[j]; !has && j < len(toks) && toks[j].kind == 'w' && p.stop[toks[j].text] {
			j = afterDeterminers(p, toks, j+1) // "Schalt mal den Backenbrecher ab"
		}
		obj, ok := at[j]
		if !ok || obj.typo || ours[clause[j]] || clause[j] != clause[verb.start] || toks[j].opens || toks[j].used || len(toks[j].text) < 4 || p.stop[toks[j].text] {
			continue
		}
		if _, known := lookup(p, toks[j].text); known || x.df[obj.c] > 0 {
			continue
		}
		after := obj.end
		if after < len(toks) && toks[after].text == "s" {
			after++ // "the contractor's token"
		}
		if next, ok := at[after]; ok && clause[after] == clause[j] && !next.typo && x.df[next.c] > 0 {
			continue // "the booster pump", "the HLT tank"
		}
		markers["@foreign"] = append(markers["@foreign"], j)
	}
}
