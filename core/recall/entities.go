package recall

import (
	"slices"
	"sort"
	"strings"
)

// entityIdx is an entity with the concept sets that name it.
type entityIdx struct {
	e       Entity
	aliases [][]string // each a set of concepts; all must be present
}

// idWords turns an id into words: "tank.level" -> "tank level",
// "pump-1" -> "pump", "ramp_rate" -> "ramp rate", "setFlow" -> "set flow".
func idWords(id string) string {
	var b strings.Builder
	prevLower := false
	for _, r := range id {
		switch {
		case r == '.' || r == '_' || r == '-' || r == '/' || r == ' ' || (r >= '0' && r <= '9'):
			b.WriteByte(' ')
			prevLower = false
		case r >= 'A' && r <= 'Z':
			if prevLower {
				b.WriteByte(' ')
			}
			b.WriteRune(r + 'a' - 'A')
			prevLower = false
		default:
			b.WriteRune(r)
			prevLower = true
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// textConcepts analyses text written for targets and entities (English
// first, other packs for words English does not know), without typo
// correction. Markers are dropped.
func (c *conceptizer) textConcepts(text string) []string {
	cs, _ := c.analyse(c.d.packs["en"], tokenize(text), false, false)
	return uniqConcepts(cs)
}

func uniqConcepts(cs []conceptTok) []string {
	out := make([]string, 0, len(cs))
	seen := map[string]bool{}
	for _, ct := range cs {
		if !seen[ct.c] {
			seen[ct.c] = true
			out = append(out, ct.c)
		}
	}
	return out
}

func (c *conceptizer) indexEntity(e Entity) entityIdx {
	ei := entityIdx{e: e}
	add := func(cs []string) {
		if len(cs) > 0 {
			ei.aliases = append(ei.aliases, cs)
		}
	}
	base := c.textConcepts(idWords(e.ID))
	add(base)
	if e.Kind == "property" && strings.Contains(e.ID, ".") {
		// the attribute alone ("flow" for pump.flow)
		add(c.textConcepts(idWords(e.ID[strings.LastIndex(e.ID, ".")+1:])))
	}
	for _, a := range e.Aliases {
		add(c.textConcepts(a))
	}
	return ei
}

// entityMatch is an entity named by the request.
type entityMatch struct {
	ref     EntityRef
	covered []string
	score   float64
}

// matchEntities finds the entities whose aliases are all present in q. An
// entity named by a strict subset of another's concepts gives way: "filter
// pressure" names filter.dp, not pump.pressure.
func matchEntities(ents []entityIdx, q map[string]float64, span map[string][2]int, text string, toks []token) []entityMatch {
	var ms []entityMatch
	for _, ei := range ents {
		// the union of every alias that is fully present
		best := entityMatch{ref: EntityRef{Kind: ei.e.Kind, ID: ei.e.ID}, score: -1}
		for _, a := range ei.aliases {
			ok := true
			for _, c := range a {
				if _, in := q[c]; !in {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			for _, c := range a {
				if !containsStr(best.covered, c) {
					best.covered = append(best.covered, c)
				}
			}
		}
		if len(best.covered) > 0 {
			best.score = 0.01 * float64(len(best.covered))
			for _, c := range best.covered {
				best.score += q[c]
			}
		}
		if best.score > 0 {
			lo, hi := len(text), 0
			for _, c := range best.covered {
				if sp, ok := span[c]; ok {
					lo, hi = min(lo, toks[sp[0]].start), max(hi, toks[sp[1]-1].end)
				}
			}
			if lo < hi {
				best.ref.Text = text[lo:hi]
			}
			ms = append(ms, best)
		}
	}
	var out []entityMatch
	for i, m := range ms {
		dominated := false
		for j, o := range ms {
			// across kinds too: "is the pump running" names pump.state, and
			// the pump only as part of it
			// a definition's title ("Set pump ramp rate") hides nothing: it
			// names a command, not a part of the plant
			if i != j && o.ref.Kind != "definition" && len(o.covered) > len(m.covered) && subset(m.covered, o.covered) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, m)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

func subset(a, b []string) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			if x == y {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// bestOfKind returns the best entity of a kind; unique is false when two
// share the best score (the request is ambiguous about it), ok is false
// when there is none.
func bestOfKind(ms []entityMatch, kind string) (m entityMatch, unique, ok bool) {
	var best []entityMatch
	for _, m := range ms {
		if m.ref.Kind != kind {
			continue
		}
		if len(best) == 0 || m.score > best[0].score+1e-9 {
			best = []entityMatch{m}
		} else if m.score >= best[0].score-1e-9 {
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return entityMatch{}, false, false
	}
	return best[0], len(best) == 1, true
}

// refined puts first, of two properties that share a word, the one whose
// match also holds a word of concepts refining ("what's the hot water
// heater set to … the target": heater.setpoint over heater.temperature,
// which the water in "water heater" would otherwise favour), or the one
// unit named.
func (x *Index) refined(ms []entityMatch) []entityMatch {
	// a unit refines too when it is the only one named ("how many litres a
	// minute is the pump moving": the flow, not whether it runs)
	units := map[string]bool{}
	for _, m := range ms {
		for _, c := range m.covered {
			if strings.HasPrefix(c, "unit:") {
				units[c] = true
			}
		}
	}
	refines := func(m entityMatch) bool {
		return slices.ContainsFunc(m.covered, func(c string) bool {
			return containsStr(x.d.concepts.Refining, c) || len(units) == 1 && units[c]
		})
	}
	for i := range ms {
		if ms[i].ref.Kind != "property" || !refines(ms[i]) {
			continue
		}
		for j := range ms {
			if j != i && ms[j].ref.Kind == "property" && !refines(ms[j]) && ms[j].score >= ms[i].score && shareConcept(ms[i].covered, ms[j].covered) {
				ms[i].score = ms[j].score + 0.01
			}
		}
	}
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].score > ms[j].score })
	return ms
}

// shareConcept: a and b hold a concept in common.
func shareConcept(a, b []string) bool {
	return slices.ContainsFunc(a, func(c string) bool { return containsStr(b, c) })
}
