package recall

import (
	"maps"
	"slices"
)

// stateOfWrittenComponent reads a state property named only by a
// component's written id and a word of state ("status of pump-1",
// "l'état de pump-1") as that component: the id names the component, so
// its state as a component is asked. A value named beside it stays a
// property ("the flow of pump-1").
func (x *Index) stateOfWrittenComponent(ents []entityMatch, ids []EntityRef) []entityMatch {
	var comp *EntityRef
	for i := range ids {
		if ids[i].Kind == "component" {
			comp = &ids[i]
			break
		}
	}
	if comp == nil {
		return ents
	}
	out := slices.Clone(ents)
	for k, m := range out {
		if m.ref.Kind != "property" {
			continue
		}
		if !x.onlyThingAndState(m.covered) {
			return ents // "Conveyor-1 … What speed is it doing?" names a value
		}
		out[k] = entityMatch{ref: *comp, covered: m.covered, score: m.score}
	}
	return out
}

// onlyThingAndState: the concepts are a word of state and things' words.
func (x *Index) onlyThingAndState(cs []string) bool {
	state := false
	for _, c := range cs {
		switch {
		case containsStr(x.d.concepts.SmallTalk, c):
			state = true
		case x.thingOf[c] == "":
			return false
		}
	}
	return state
}

// withoutDenied is q without the words of a value denied right after a
// negation ("What temperature is heater-1 actually at, not the
// setpoint?"): they name no entity the request asks for. Things stay
// ("not the pump's flow, the tank's level" is read by its owners).
func (x *Index) withoutDenied(p *pack, toks []token, q map[string]float64, span map[string][2]int) map[string]float64 {
	var denied []string
	for c := range q {
		if sp, ok := span[c]; ok && x.entityWord[c] && x.thingOf[c] == "" && sp[0] < len(toks) && deniedAt(p, toks, sp[0]) {
			denied = append(denied, c)
		}
	}
	if len(denied) == 0 {
		return q
	}
	out := maps.Clone(q)
	for _, c := range denied {
		delete(out, c)
	}
	return out
}
