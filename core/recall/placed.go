package recall

import (
	"strings"
	"unicode"
)

// markPlacedThings marks @foreign the object a thing of ours is put on or
// in when no pack knows that object ("check the filter on AHU-3", "drain
// the CIP tank in the syrup room", "el filtro sobre la campana", "der
// Behälter an der Etikettiermaschine"): this system's things stand in the
// station, not on some other machine or in some other room. Articles may
// stand between; a unit, a number or a time after the word of place is no
// object ("the tank in percent", "the pump at 40", "am Montag"), nor is a
// word that qualifies the next ("the heater on the liquor tank", "at odd
// hours") or a part of a bigger phrase ("in front of me", "at the end of").
// The marks are @placed: in a story told beside a request that names a
// thing of ours, they are the story's ("heater temp? the gauge on the pipe
// is fogged up"), and they are dropped there (index.go).
func (x *Index) markPlacedThings(p *pack, text string, toks []token, cs []conceptTok, markers marks, idents []string) {
	// an id no entity of ours has, written where the object stands, is
	// another machine's tag ("the filter on AHU-3", "la vanne V12 de
	// l'automate")
	tagAt := map[int]bool{}
	for _, id := range idents {
		if k := tokenAt(text, toks, id); k >= 0 && strings.ContainsFunc(id, unicode.IsLetter) {
			tagAt[k] = true
		}
	}
	var placed []int
	placedThing := map[int]bool{}
	for _, ct := range cs {
		if ct.typo {
			continue
		}
		// a property word placed on a tag is another machine's too ("the
		// temperature in FV4", "the pressure on the CO2 bottle"); placed on
		// an unknown word it may be ours ("the pressure at the outlet")
		if x.thingOf[ct.c] == "" {
			if k := placeAfter(p, toks, ct.end); x.entityWord[ct.c] && k >= 0 && tagAt[k] {
				placed = append(placed, k)
				placedThing[ct.start] = true
			}
			continue
		}
		if tagAt[ct.end] {
			placed = append(placed, ct.end) // "la vanne V12"
			placedThing[ct.start] = true
			continue
		}
		k := placeAfter(p, toks, ct.end)
		if k < 0 {
			continue
		}
		if tagAt[k] {
			placed = append(placed, k) // "the filter on AHU-3"
			placedThing[ct.start] = true
			continue
		}
		if k >= len(toks) || toks[k].kind != 'w' || toks[k].used || toks[k].opens || calendarWord(p, toks[k].text) {
			continue
		}
		if _, _, unit := x.d.units.match(toks, k); unit {
			continue
		}
		if !x.unknownWord(p, toks, cs, k) {
			continue
		}
		if n := k + 1; n < len(toks) && toks[n].kind == 'w' && (x.thingAt(cs, n) || p.timeSet["genitive"][toks[n].text]) {
			continue
		}
		if _, _, unit := x.d.units.match(toks, k+1); unit {
			continue
		}
		placed = append(placed, k)
		placedThing[ct.start] = true
	}
	// a sentence that names a thing of ours unplaced is the request; a
	// thing placed in another one is the story's ("heater temp? need it for
	// the log sheet, the gauge on the pipe is fogged up")
	plain := map[int]bool{}
	for _, ct := range cs {
		if !ct.typo && x.thingOf[ct.c] != "" && !placedThing[ct.start] {
			plain[sentenceOf(toks, ct.start)] = true
		}
	}
	for _, k := range placed {
		if len(plain) == 0 || plain[sentenceOf(toks, k)] {
			markers["@placed"] = append(markers["@placed"], k)
		}
	}
}

// thingAt: a thing of ours is named at toks[i].
func (x *Index) thingAt(cs []conceptTok, i int) bool {
	for _, ct := range cs {
		if ct.start == i && !ct.typo && x.thingOf[ct.c] != "" {
			return true
		}
	}
	return false
}

// placeAfter is the token after a word of place at toks[at] and the stop
// words that follow it ("on the", "im"), or -1 when no word of place is there.
func placeAfter(p *pack, toks []token, at int) int {
	if at >= len(toks) || toks[at].kind != 'w' || !p.thingPlace[toks[at].text] {
		return -1
	}
	k := at + 1
	for k < len(toks) && toks[k].kind == 'w' && p.stop[toks[k].text] && !toks[k].opens {
		k++
	}
	return k
}
