package recall

import (
	"math"
	"slices"
	"strings"
)

// stateOverOthers: a question that names a property of state and gives
// two answers to choose from ("is the pump running or has it tripped?",
// "is the feed belt going or has it stopped", "¿está en marcha o
// parada?") asks for that state now. The read of the property leads what
// the other answer's words suggest (the faults, Stop, the history) by the
// ambiguity margin, when it is close to them (0.15). A past after the
// alternative ("or did it trip again?") still asks of now.
func (x *Index) stateOverOthers(cands []Candidate, qr *query) {
	if !qr.read || qr.act {
		return
	}
	state := ""
	for _, m := range qr.ents {
		if m.ref.Kind == "property" && x.stateProperty(m.ref.ID) {
			if state != "" && state != m.ref.ID {
				return // two states: which one's?
			}
			state = m.ref.ID
		}
	}
	p := x.d.packs[qr.lang]
	if state == "" || p == nil {
		return
	}
	alt := alternativeAfter(p, qr.toks, qr.span)
	if alt < 0 || qr.past && x.saysPast(qr.toks[:alt], p, storyUpTo(qr.story, alt)) {
		return // "was the pump running or stopped last night?" asks of then; "is it running or did it trip?" of now
	}
	read := x.d.concepts.StateRead
	at := slices.IndexFunc(cands, func(c Candidate) bool {
		return c.Target == read && c.Args["name"] == state && len(c.Missing) == 0
	})
	if at < 0 {
		return
	}
	other := 0.0 // the best of the others
	for i, c := range cands {
		if i != at {
			other = math.Max(other, c.Score)
		}
	}
	x.leadIfClose(cands, at, other)
}

// leadIfClose raises cands[at] to lead the score other by the ambiguity
// margin, when it is at most 0.15 behind it and does not lead by that
// much already: evidence that settles between two close readings, not one
// that lifts a weak reading over a strong one.
func (x *Index) leadIfClose(cands []Candidate, at int, other float64) {
	lead := x.opts.AmbiguityMargin + 0.001
	if s := cands[at].Score; s < other-0.15 || s >= other+lead {
		return
	}
	cands[at].Score = math.Min(1, math.Round((other+lead)*1000)/1000)
}

// stateProperty: a property of the Map with no unit whose name says a state
// ("pump.state"): its value is one of words, not a measure.
func (x *Index) stateProperty(id string) bool {
	for _, ei := range x.entities {
		if ei.e.Kind == "property" && ei.e.ID == id {
			return ei.e.Unit == "" && strings.HasSuffix(id, ".state")
		}
	}
	return false
}

// alternativeAfter: the first word of alternatives ("or", "oder", "o",
// "ou") after the request's first concept, in one sentence with it; -1 if
// none.
func alternativeAfter(p *pack, toks []token, span map[string][2]int) int {
	first := -1
	for _, sp := range span {
		if first < 0 || sp[0] < first {
			first = sp[0]
		}
	}
	for i := first + 1; first >= 0 && i < len(toks); i++ {
		if _, ok := phraseAtToken(toks, i, p.alternatives); ok && sentenceOf(toks, i) == sentenceOf(toks, first) {
			return i
		}
	}
	return -1
}

// storyUpTo is story cut at token n; nil when there is none, or when it
// does not reach n (then no token counts as the story's).
func storyUpTo(story []bool, n int) []bool {
	if len(story) < n {
		return nil
	}
	return story[:n]
}
