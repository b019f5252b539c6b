package recall

// markQualifiedThing marks @foreign a thing of ours written after two or
// more words no pack knows ("the effluent pit pump", "the RO holding
// tank"): a name built that long points at one particular machine of the
// writer's site, not at the station's one pump or tank.
func (x *Index) markQualifiedThing(p *pack, toks []token, cs []conceptTok, markers marks) {
	if !p.nounModifiers {
		return
	}
	for _, ct := range cs {
		if ct.typo || x.thingOf[ct.c] == "" || !x.hasComponent(x.thingOf[ct.c]) {
			continue
		}
		n := 0
		for k := ct.start - 1; k >= 0 && toks[k].kind == 'w' && adjacentWords(toks[k], toks[k+1]) && x.unknownWord(p, toks, cs, k); k-- {
			n++
		}
		if n >= 2 {
			markers["@foreign"] = append(markers["@foreign"], ct.start-n)
		}
	}
}
