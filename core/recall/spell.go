package recall

// spell corrects the sure slips of the hand in toks before anything reads
// them (sureTypo: two letters swapped, a doubled letter dropped, added or
// moved), so that numbers, times and phrases of several words see the word
// meant: "tomorow at 6", "Ventil gnaz auf", "Netzwerkstauts". A word any
// pack knows, a name (capitalised inside a sentence, except in German) and
// a word a target itself uses are left alone; other guesses stay with
// wordConcepts, where they weigh less.
func (c *conceptizer) spell(p *pack, toks []token) {
	first := true
	for i := range toks {
		t := &toks[i]
		if t.kind != 'w' {
			continue
		}
		initial := first
		first = false
		if t.used || len(t.text) < 3 || !c.unknown(p, t.text) {
			continue
		}
		if !initial && p.lang != "de" && startsUpper(t.orig) {
			continue
		}
		// only when no other guess is as close: "heatr" may be "heart"
		// swapped, but "heater" needs one letter fewer
		if v, sure, ok := c.correct(p.lang, t.text, false); ok && sure && c.fitForTypo(p, t.text, v, true) {
			t.text = v
			continue
		}
		if p.compounds {
			if v, ok := c.spellCompound(p, t.text); ok {
				t.text = v
			}
		}
	}
}

// unknown: no pack, number list or target knows w.
func (c *conceptizer) unknown(p *pack, w string) bool {
	if _, ok := c.lexical(p, w); ok {
		return false
	}
	if _, ok := p.nums[w]; ok {
		return false
	}
	return !c.known[w] && !c.known[stem(p, w)]
}

// spellCompound corrects a sure slip in the last part of a compound whose
// first part is known: "netzwerkstauts" -> "netzwerkstatus".
func (c *conceptizer) spellCompound(p *pack, w string) (string, bool) {
	for cut := 3; cut <= len(w)-4; cut++ {
		left, right := w[:cut], w[cut:]
		if _, ok := lookupLinked(p, left); !ok {
			if _, ok := compound(p, left, 1); !ok {
				continue
			}
		}
		v, sure, ok := c.correct(p.lang, right, true)
		if !ok || !sure || c.spellOnly[p.lang][v] {
			continue
		}
		if _, ok := lookup(p, v); ok {
			return left + v, true
		}
	}
	return "", false
}
