package recall

import "slices"

// dropRelayingRelatives keeps a relative of the writer from making the
// request an errand when the sentence names a thing of ours or an id: "my
// son wants the stirrer at 2000 rpm", "Stell die Sicherung bk-2 wieder
// her, hat mein Bruder gesagt", "mon frère a dit de changer la rampe de la
// pompe"), or in the sentence after it ("mi padre apuntó: rampa de la
// bomba 2,5"). The relative passes the request on, or owns the station
// ("je garde la station de mon frère"); "pick up my son at five" names
// nothing of ours and stays an errand. A relative is a word of the
// pack's relatives after a possessive, or a family word of the lexicon.
func (x *Index) dropRelayingRelatives(p *pack, text string, toks []token, cs []conceptTok, markers marks, idents []string) {
	if len(markers["@foreign"]) == 0 {
		return
	}
	ours := map[int]bool{} // sentences that name a thing of ours or an id
	for _, ct := range cs {
		if !ct.typo && (x.thingOf[ct.c] != "" || x.isComponentWord(ct.c)) {
			ours[sentenceOf(toks, ct.start)] = true
		}
	}
	for _, id := range idents {
		if k := tokenAt(text, toks, id); k >= 0 {
			ours[sentenceOf(toks, k)] = true
		}
	}
	relative := func(at int) bool {
		if at > 0 && p.possessive[toks[at-1].text] && p.relatives[toks[at].text] {
			return true
		}
		return slices.ContainsFunc(cs, func(ct conceptTok) bool { return ct.start <= at && at < ct.end && ct.c == x.d.concepts.Family })
	}
	markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool {
		n := sentenceOf(toks, at)
		return (ours[n] || ours[n+1]) && relative(at) // "mi padre apuntó: rampa de la bomba 2,5", "je garde la station de mon frère"
	})
}
