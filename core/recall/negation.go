package recall

// negatesRequest: one of the negations at negAt denies the request, not a
// reason given after it. "haz parpadear el controlador, que el mecánico no
// lo encuentra" asks for the blink; "don't restart it", "quiero que no
// arranques la bomba" and "starte die Pumpe nicht" deny a deed.
func (x *Index) negatesRequest(p *pack, toks []token, cs []conceptTok, negAt []int) bool {
	words := wordsOf(toks, false)
	deed := -1 // the first word of a deed
	for _, ct := range cs {
		if x.action[ct.c] && !ct.typo && (deed < 0 || ct.start < deed) {
			deed = ct.start
		}
	}
	for _, k := range negAt {
		if deed < 0 || k < deed || !x.reasonBetween(p, toks, words, deed, k) {
			return true
		}
	}
	return false
}

// reasonBetween: a causal or subordinating word stands after the deed at from and before
// the negation at to.
func (x *Index) reasonBetween(p *pack, toks []token, words []int, from, to int) bool {
	for n, i := range words {
		if i <= from || i >= to {
			continue
		}
		if _, ok := phraseAt(toks, words, n, p.causal); ok {
			return true
		}
		// "set autonomy to 5 so you don't have to keep asking me": what
		// a clause of purpose denies is the reason
		if _, ok := phraseAt(toks, words, n, p.subordinate); ok {
			return true
		}
	}
	return false
}
