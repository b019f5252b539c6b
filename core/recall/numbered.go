package recall

import (
	"strconv"
	"strings"
	"unicode"
)

// markNumberedUnknowns marks @foreign a word no pack knows and no target
// uses, followed right after by a whole number that is no value ("Mangel 2
// Temperatur auf 180 Grad", "open cell 14 on B wing", "how many litres did
// the Dash 8 on stand 2 take"): a numbered thing the Core has
// never heard of is one of many somewhere else, not this system's. A
// number with a unit or a time after it is a value ("Sollwert 60 Grad");
// a word corrected as a typo may be ours ("flwo 40"). Not when the request
// names a thing of ours: then the numbered one says where ("STOP THE PUMP,
// water all over the floor by rack 2").
func (x *Index) markNumberedUnknowns(p *pack, text string, toks []token, cs []conceptTok, markers marks, taken []bool, qty []Quantity) {
	if x.namesOwnThing(cs, make([]bool, len(toks))) {
		return // "kill the pump!! water everywhere on road 6": our thing is named; the numbered one is where
	}
	at := map[int]conceptTok{}
	for _, ct := range cs {
		if ct.end == ct.start+1 {
			at[ct.start] = ct
		}
	}
	for i := 0; i+1 < len(toks); i++ {
		w, n := toks[i], toks[i+1]
		ct, ok := at[i]
		if !ok || ct.typo || w.kind != 'w' || w.used || len(w.text) < 3 || p.stop[w.text] || x.df[ct.c] > 0 {
			continue
		}
		if _, known := lookup(p, w.text); known || timeWord(p, w.text) || innerCapital(w.orig) || text[w.end] != ' ' {
			continue // "around 3", "zwischen 4 und 5 Uhr": a time; "litresPerMin 35", "windowSec=900": an argument's name
		}
		if n.kind != 'n' || taken[i+1] || !adjacentWords(w, n) || unitAfter(x.d.units, text, toks, i+2) || inUnitQuantity(qty, n) {
			continue
		}
		if rest := text[n.end:]; len(rest) > 1 && strings.ContainsRune(",.:h", rune(rest[0])) && rest[1] >= '0' && rest[1] <= '9' {
			continue // "2,5", "14:30": a value or a time
		}
		if v, err := strconv.Atoi(n.text); err != nil || v < 1 {
			continue
		}
		markers["@foreign"] = append(markers["@foreign"], i)
	}
}

// takenTokens: which tokens an earlier step has taken.
func takenTokens(toks []token) []bool {
	out := make([]bool, len(toks))
	for i, t := range toks {
		out[i] = t.used
	}
	return out
}

// inUnitQuantity: t is part of a quantity with a unit ("2 m³/h").
func inUnitQuantity(qty []Quantity, t token) bool {
	for _, q := range qty {
		if q.Unit != "" && q.Start <= t.start && t.end <= q.End {
			return true
		}
	}
	return false
}

// timeWord: w is one of the pack's words of time ("around", "gegen",
// "zwischen", "vers").
func timeWord(p *pack, w string) bool {
	for _, set := range p.timeSet {
		if set[w] {
			return true
		}
	}
	return false
}

// innerCapital: a capital letter after the first ("litresPerMin").
func innerCapital(s string) bool {
	for i, r := range s {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}
