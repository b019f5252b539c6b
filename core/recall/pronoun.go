package recall

import (
	"slices"
	"strings"
)

// saysIt: the request refers to a thing by a pronoun alone ("turn it
// off", "mach das aus", "éteins-le", "apágalo"). Articles are pronouns too
// here: the caller checks that nothing is named.
func saysIt(p *pack, toks []token) bool {
	for _, t := range toks {
		if t.kind != 'w' {
			continue
		}
		if p.pronouns[t.text] {
			return true
		}
		for _, e := range p.enclitics {
			if base, ok := strings.CutSuffix(t.text, e); ok && len(base) >= 3 {
				if _, known := p.lex[t.text]; !known {
					if _, ok := lookup(p, base); ok {
						return true
					}
					for _, r := range p.restore {
						if _, ok := p.lex[base+r]; ok {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// vagueOff: "turn it off" with nothing named before or in it. Switching
// off is not Stop (that stops automatic action, §6.2), and the system's
// shutdown is only one of the things "it" may be: the Core asks, offering
// each thing's halt and the operations that shut down.
func (x *Index) vagueOff(qr *query) []Candidate {
	shutdown := x.d.concepts.SwitchOff
	if !qr.it || !qr.act || qr.read || qr.neg || qr.off || qr.when != nil || qr.namesSomething() {
		return nil
	}
	if _, ok := qr.q[shutdown]; !ok {
		return nil
	}
	for c := range qr.q {
		if !x.haltC[c] {
			return nil
		}
	}
	return x.offered(func(t *tgt) bool {
		halt := t.Halt && t.thing != ""
		shuts := t.Kind == "operation" && t.Risk != "read" && x.mentions(t, []string{shutdown}) > 0
		return halt || shuts
	})
}

// offered is every target pick accepts, as equal choices to ask between;
// nil when fewer than two.
func (x *Index) offered(pick func(t *tgt) bool) []Candidate {
	var out []Candidate
	for ti := range x.targets {
		if t := &x.targets[ti]; pick(t) {
			out = append(out, Candidate{Target: t.ID, Score: 0.5, Args: map[string]any{}, Grounding: map[string]string{}})
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// vagueOn: "start it back up", "mach es wieder an" with nothing named
// before or in it: each thing's start and the resume of automatic action
// are what "it" may be, so the Core asks.
func (x *Index) vagueOn(qr *query) []Candidate {
	start, resume := x.d.concepts.SwitchOn, x.d.concepts.Resume
	if !qr.it || !qr.act || qr.read || qr.neg || qr.off || qr.when != nil || qr.namesSomething() {
		return nil
	}
	if _, ok := qr.q[start]; !ok {
		return nil
	}
	for c := range qr.q {
		opener := containsStr(x.d.concepts.Approval, c) && qr.span[c][0] == 0 // "ok, start it back up"
		if c != start && c != resume && !containsStr(x.d.concepts.Again, c) && !opener {
			return nil // "start it and drain the tank", "reactiva las notificaciones"
		}
	}
	return x.offered(func(t *tgt) bool {
		starts := t.thing != "" && t.Risk != "read" && x.mentions(t, []string{start}) > 0
		resumes := t.Kind == "operation" && t.Risk != "read" && x.mentions(t, []string{resume}) > 0
		return starts || resumes
	})
}

// namesSomething: the request names a thing, a property, a component
// or an id. A state word alone ("off", an enum value) names nothing, nor
// does a definition's last name alone ("halt" is every halt's).
func (qr *query) namesSomething() bool {
	if qr.hasThng || len(qr.idEnts) > 0 || len(qr.idents) > 0 {
		return true
	}
	for _, m := range qr.ents {
		if m.ref.Kind != "enum" && m.ref.Kind != "definition" {
			return true
		}
	}
	return false
}

// vagueState: "is it on or off?", "Ist das Ding an?" with nothing named: a
// question about the state of "it" asks which thing's, offering a read of
// each property that such state words name.
func (x *Index) vagueState(qr *query) []Candidate {
	if !qr.it || !qr.read || qr.act || qr.neg || qr.off || qr.when != nil || qr.namesSomething() || len(qr.q) == 0 {
		return nil
	}
	read, ok := x.byID[x.d.concepts.StateRead]
	if !ok {
		return nil
	}
	var out []Candidate
	stateWords := map[string]bool{}
	for _, ei := range x.entities {
		if ei.e.Kind != "property" {
			continue
		}
		names := false
		for _, alias := range ei.aliases {
			for _, c := range alias {
				if _, said := qr.q[c]; said {
					names = true // "running" in "pump running"
					stateWords[c] = true
				}
			}
		}
		if names {
			out = append(out, Candidate{Target: x.targets[read].ID, Score: 0.5, Args: map[string]any{"name": ei.e.ID}, Grounding: map[string]string{}})
		}
	}
	// every word asks for the state: "what firmware version is it
	// running" asks for something else
	for c := range qr.q {
		if !stateWords[c] {
			return nil
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// storysOther: "Our SCADA historian server is frozen again, restart it
// please": the request's deed of the whole system (restart, reset, shut
// down) names nothing but "it", and the story names nothing of ours but a
// word no pack knows: "it" is that machine. It returns where that word is,
// or -1.
func (x *Index) storysOther(p *pack, toks []token, cs []conceptTok, context []bool) int {
	if context == nil {
		return -1
	}
	start := requestStart(context)
	if !saysIt(p, ownTokens(toks, context)) || start < 0 {
		return -1
	}
	deed, other := false, -1
	for _, ct := range cs {
		ours := !ct.typo && (x.thingOf[ct.c] != "" || x.entityWord[ct.c] || x.isComponentWord(ct.c) || x.df[ct.c] > 0 && !x.action[ct.c] && !context[ct.start])
		switch {
		case !context[ct.start] && containsStr(x.d.concepts.SystemDeeds, ct.c):
			deed = true
		case ours && !x.action[ct.c]:
			return -1 // "the pump is leaking, stop it", "the system hangs, restart it"
		case context[ct.start] && ct.start < start && other < 0 && x.unknownWord(p, toks, cs, ct.start) && len(toks[ct.start].text) > 3:
			other = ct.start
		}
	}
	if !deed {
		return -1
	}
	return other
}

// storysOtherOwner: "Is the reefer truck to Vigo holding minus 18? Check
// its temperature.": the request names a measure of a thing with a
// possessive of a thing before it ("its", "sa", "seine"), names nothing of
// ours itself, and the story names nothing of ours but other equipment or
// a word no pack knows: the measure is that thing's. It returns where the
// possessive is, or -1.
func (x *Index) storysOtherOwner(p *pack, toks []token, cs []conceptTok, context []bool, markers marks) int {
	if context == nil {
		return -1
	}
	start := requestStart(context)
	if start < 0 {
		return -1
	}
	its, other := -1, false
	for _, ct := range cs {
		story := context[ct.start]
		ours := !ct.typo && (x.thingOf[ct.c] != "" || x.isComponentWord(ct.c))
		switch {
		case ours:
			return -1 // "the pump is noisy, check its pressure"
		case !story && x.valueWord[ct.c] && ct.start > 0 && p.itsWords[toks[ct.start-1].text]:
			its = ct.start - 1
		case story && (slices.Contains(markers["@foreign"], ct.start) || x.unknownWord(p, toks, cs, ct.start) && len(toks[ct.start].text) > 3):
			other = true
		}
	}
	if !other {
		return -1
	}
	return its
}

// requestStart is the first token not of the story, or -1.
func requestStart(context []bool) int {
	for i, c := range context {
		if !c {
			return i
		}
	}
	return -1
}
