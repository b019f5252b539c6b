package recall

import "strings"

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
		if t.used || len(t.text) < 3 || (!initial && p.lang != "de" && startsUpper(t.orig)) || c.exact(p, t.text) || c.inPhrase(p, toks, i) {
			continue
		}
		unknown := c.unknown(p, t.text)
		// only when no other guess is as close: "heatr" may be "heart"
		// swapped, but "heater" needs one letter fewer
		if v, sure, ok := c.correct(p.lang, t.text, false); ok && sure && c.fitForTypo(p, t.text, v, true) {
			// a word known only by its stem ("runing" as run+ing) is
			// corrected only to a word the lexicons list as it is
			if unknown || c.listed(p, v) {
				t.text = v
			}
			continue
		}
		// the slip in the stem of an inflected word: "alrets" is "alert"
		// and "s"
		if s := stem(p, t.text); unknown && s != t.text && len(s) >= 4 {
			if v, sure, ok := c.correct(p.lang, s, false); ok && sure && c.fitForTypo(p, s, v, true) {
				t.text = v + t.text[len(s):]
				continue
			}
		}
		if p.compounds && unknown {
			if v, ok := c.spellCompound(p, t.text); ok {
				t.text = v
			}
		}
	}
}

// inPhrase: toks[i] with the words next to it is a phrase of two or three
// words of the lexicons ("audit trail" is no "audit trial", "tour de
// refroidissement" no "refroidir").
func (c *conceptizer) inPhrase(p *pack, toks []token, i int) bool {
	for _, q := range []*pack{p, c.d.packs["en"]} {
		for n := 2; n <= 3; n++ {
			for a := i - n + 1; a <= i; a++ {
				if a < 0 || a+n > len(toks) {
					continue
				}
				words := make([]string, n)
				for k := range words {
					words[k] = toks[a+k].text
				}
				if _, ok := q.lex[strings.Join(words, " ")]; ok {
					return true
				}
			}
		}
	}
	return false
}

// exact: w is listed as written (a lexicon, stop or number word) or a
// word the targets use.
func (c *conceptizer) exact(p *pack, w string) bool {
	return p.stop[w] || c.listed(p, w) || c.known[w] || p.numberWord(w) || c.d.units.word(w)
}

// numberWord: w is a number or a multiplier of the pack ("tres", "mil").
func (p *pack) numberWord(w string) bool {
	_, num := p.nums[w]
	_, mul := p.mult[w]
	return num || mul
}

// listed: p's or the English lexicon has w as it is.
func (c *conceptizer) listed(p *pack, w string) bool {
	_, inP := p.lex[w]
	_, inEn := c.d.packs["en"].lex[w]
	return inP || inEn
}

// unknown: no pack, number list or target knows w.
func (c *conceptizer) unknown(p *pack, w string) bool {
	if _, ok := c.lexical(p, w); ok {
		return false
	}
	if p.numberWord(w) {
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
