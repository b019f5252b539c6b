package recall

import "strings"

// clauseOf numbers the clauses of text token by token: a clause ends at
// , ; . ! ? or : followed by a space or the end ("2,5", "15:30" and
// "com.acme.tank.fill" go on).
func clauseOf(text string, toks []token) []int {
	out := make([]int, len(toks))
	n, pos := 0, 0
	for i, t := range toks {
		for ; pos < t.start; pos++ {
			if strings.IndexByte(",;.!?:", text[pos]) >= 0 && (pos+1 == len(text) || text[pos+1] == ' ') {
				n++
			}
		}
		out[i] = n
	}
	return out
}

// contextTokens finds the clauses that only describe the situation. When a
// request has several clauses and exactly one of them asks for something
// (it opens with an action: "the tank is almost empty, fill it up", "la
// pompe fait un bruit bizarre, arrête-la"; or it asks a question: "Kaffee
// ist alle. Wie hoch ist der Druck?"), the others are context: they tell
// what happened, not what to do. Two such clauses are two requests, not a
// story; a word found only by a typo guess opens nothing; in a question
// only a clause that asks can be the request. It returns which tokens are
// context, or nil.
func (x *Index) contextTokens(text string, toks []token, cs []conceptTok, markers marks, question bool) []bool {
	clause := clauseOf(text, toks)
	first := map[int]conceptTok{} // clause -> its first concept (typo guesses left out)
	known := map[int]int{}        // clause -> the token of its first concept a target uses
	for _, ct := range cs {
		if ct.typo {
			continue
		}
		k := clause[ct.start]
		if f, ok := first[k]; !ok || ct.start < f.start {
			first[k] = ct
		}
		// known to a target or an entity ("der Druck": a property)
		if f, ok := known[k]; (x.df[ct.c] > 0 || x.cz.known[ct.c]) && (!ok || ct.start < f) {
			known[k] = ct.start
		}
	}
	// a clause of only an errand ("Kaffee ist alle.") is a clause of the
	// story too
	for _, m := range []string{"@off", "@foreign"} {
		for _, at := range markers[m] {
			if _, ok := first[clause[at]]; !ok {
				first[clause[at]] = conceptTok{start: at}
			}
		}
	}
	if len(first) < 2 {
		return nil
	}
	asks := map[int]bool{}
	// a question word or read verb before the clause's first known word
	// ("übrigens, wie hoch ist der Druck?")
	for _, at := range markers["@read"] {
		// "…, quand l'électricité est moins chère": a conjunction that
		// opens a later clause asks nothing
		if !question && clause[at] > 0 && containsStr(x.d.concepts.Conjunctions, toks[at].text) {
			continue
		}
		if f, ok := known[clause[at]]; ok && at <= f {
			asks[clause[at]] = true
		}
	}
	var requests []int
	for k, ct := range first {
		if asks[k] || (!question && x.action[ct.c]) {
			requests = append(requests, k)
		}
	}
	// one request and a story; two requests are not a story
	if len(requests) != 1 {
		return nil
	}
	request := requests[0]
	ctx := make([]bool, len(toks))
	for i := range toks {
		ctx[i] = clause[i] != request
	}
	return ctx
}
