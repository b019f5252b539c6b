package recall

import "strings"

// KindSystemName is the entity kind of the system's own name (the Card's
// "Acme pump station"): its words that no pack knows ("acme") claim what
// they stand before for this system ("the Acme unit", "la station Acme"),
// like "our". It names no entity a target reads.
const KindSystemName = "system-name"

// addOwnName keeps the words of name that no pack gives a meaning.
func (x *Index) addOwnName(name string) {
	for _, w := range strings.Fields(Normalize(name)) {
		known := false
		for _, l := range Languages {
			p := x.d.packs[l]
			if _, ok := p.lex[w]; ok || p.stop[w] {
				known = true
			}
		}
		if !known && len(w) > 2 {
			x.ownNames[w] = true
		}
	}
}

// namesUs: toks[i] is a word of the system's own name, not denied ("not
// the Acme one", "nicht die Acme-Pumpe").
func (x *Index) namesUs(p *pack, toks []token, i int) bool {
	if !x.ownNames[toks[i].text] {
		return false
	}
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if toks[k].kind == 'w' && wordMeans(p, toks[k].text, func(c string) bool { return c == "@neg" }) {
			return false
		}
	}
	return true
}
