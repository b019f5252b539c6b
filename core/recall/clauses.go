package recall

import (
	"slices"
	"strings"
)

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
// what happened, not what to do. In a question only a clause that asks
// can be the request. It returns which tokens are context, or nil.
func (x *Index) contextTokens(text string, toks []token, cs []conceptTok, markers marks, question bool) []bool {
	clause := clauseOf(text, toks)
	first := map[int]conceptTok{} // clause -> its first concept
	known := map[int]int{}        // clause -> the token of its first concept a target uses
	for _, ct := range cs {
		k := clause[ct.start]
		if f, ok := first[k]; !ok || ct.start < f.start {
			first[k] = ct
		}
		if f, ok := known[k]; x.df[ct.c] > 0 && (!ok || ct.start < f) {
			known[k] = ct.start
		}
	}
	if len(first) < 2 {
		return nil
	}
	var acts, asks []int
	for k, ct := range first {
		if x.action[ct.c] {
			acts = append(acts, k)
		}
	}
	// a question word or read verb before the clause's first known word
	// ("übrigens, wie hoch ist der Druck?")
	for _, at := range markers["@read"] {
		k := clause[at]
		if f, ok := known[k]; ok && at <= f && !slices.Contains(asks, k) {
			asks = append(asks, k)
		}
	}
	var request int
	switch {
	case question && len(asks) == 1:
		// a question asks, whatever its other clauses say ("is the pump
		// running, or is it switched off?" stops nothing)
		request = asks[0]
	case question:
		return nil
	case len(acts) == 1:
		request = acts[0] // "what a mess, drain the tank"
	case len(acts) == 0 && len(asks) == 1:
		request = asks[0]
	default:
		return nil
	}
	ctx := make([]bool, len(toks))
	for i := range toks {
		ctx[i] = clause[i] != request
	}
	return ctx
}
