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
// request has several clauses and exactly one of them opens with an action
// ("the tank is almost empty, fill it up", "la pompe fait un bruit
// bizarre, arrête-la", "the pump stopped, restart it"), the others are
// context: their action words ("empty", "stopped") name what happened, not
// what to do. It returns which tokens are context, or nil.
func (x *Index) contextTokens(text string, toks []token, cs []conceptTok) []bool {
	clause := clauseOf(text, toks)
	first := map[int]conceptTok{} // clause -> its first concept
	for _, ct := range cs {
		k := clause[ct.start]
		if f, ok := first[k]; !ok || ct.start < f.start {
			first[k] = ct
		}
	}
	if len(first) < 2 {
		return nil
	}
	var requests []int
	for k, ct := range first {
		if x.action[ct.c] {
			requests = append(requests, k)
		}
	}
	if len(requests) != 1 {
		return nil
	}
	ctx := make([]bool, len(toks))
	for i := range toks {
		ctx[i] = clause[i] != requests[0]
	}
	if !slices.Contains(ctx, true) {
		return nil
	}
	return ctx
}
