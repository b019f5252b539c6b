package recall

// foreign: the request names an object this system does not have ("the
// diesel generator", "le silo à chaux", "la oficina"). The packs mark such
// nouns @foreign; one counts only when no target or entity of this system
// uses its concept, so a product that has a generator still finds it. The
// request is then treated like an errand no device serves.
func (x *Index) foreign(cs []conceptTok, markers marks) bool {
	for _, at := range markers["@foreign"] {
		ours := false
		for _, ct := range cs {
			if ct.start <= at && at < ct.end && x.cz.known[ct.c] {
				ours = true
			}
		}
		if !ours {
			return true
		}
	}
	return false
}
