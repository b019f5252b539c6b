package recall

import "slices"

// openToRead reads "open" as "show" when what it opens is a record, not
// the valve: "Open Rhythm entry 12", "öffne das Log", "ouvre la fiche du
// composant pump-1". The open concept and the valve position it names are
// taken out, and the word asks. Only when the word it opens names a record
// of a target, no thing and no value ("open the tank valve" still opens
// it).
func (x *Index) openToRead(p *pack, toks []token, cs []conceptTok, markers marks) []conceptTok {
	open := x.d.concepts.Open
	var reading []int
	record := func(o conceptTok) bool {
		return !o.typo && x.df[o.c] > 0 && !x.action[o.c] && x.thingOf[o.c] == "" && !x.entityWord[o.c]
	}
	var open2 []int // "any alarms open at the moment?", "what alarms are open": open after a record says which, it opens nothing
	for _, ct := range cs {
		if open == "" || ct.c != open {
			continue
		}
		if slices.ContainsFunc(cs, func(o conceptTok) bool {
			return record(o) && (o.end == ct.start || x.isRecord(o.c) && stopWordsBetween(p, toks, o.end, ct.start))
		}) &&
			!slices.ContainsFunc(cs, func(o conceptTok) bool { return o.start == ct.end && (x.thingOf[o.c] != "" || x.entityWord[o.c]) }) {
			open2 = append(open2, ct.start)
			continue
		}
		j := afterDeterminers(p, toks, ct.end)
		if slices.ContainsFunc(cs, func(o conceptTok) bool { return o.start == j && record(o) }) {
			reading = append(reading, ct.start)
		}
	}
	for _, at := range open2 {
		cs = slices.DeleteFunc(cs, func(o conceptTok) bool { return o.start == at })
	}
	for _, at := range reading {
		markers["@read"] = append(markers["@read"], at)
		cs = slices.DeleteFunc(cs, func(o conceptTok) bool { return o.start == at })
	}
	return cs
}

// stopWordsBetween: toks[from:to] are stop words only, or none ("alarms |
// are | open").
func stopWordsBetween(p *pack, toks []token, from, to int) bool {
	if from > to {
		return false
	}
	for k := from; k < to; k++ {
		if toks[k].kind != 'w' || !p.stop[toks[k].text] {
			return false
		}
	}
	return true
}
