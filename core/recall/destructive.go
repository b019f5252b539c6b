package recall

// destructiveUnasked: target a cannot be undone (a factory reset) and the
// request has no word that a's texts use and b's do not ("factory",
// "erase", "wipe"): "could you reset it?" after a story may mean a
// component or the whole system's settings, and the Core asks rather than
// offer the one that cannot be undone.
func (x *Index) destructiveUnasked(qr *query, a, b string) bool {
	ia, okA := x.byID[a]
	ib, okB := x.byID[b]
	if !okA || !okB || x.targets[ia].Risk != "destructive" {
		return false
	}
	theirs := map[string]bool{}
	for _, d := range x.targets[ib].docs {
		for _, c := range x.docs[d].concepts {
			theirs[c] = true
		}
	}
	for _, d := range x.targets[ia].docs {
		for _, c := range x.docs[d].concepts {
			if _, asked := qr.q[c]; asked && !theirs[c] {
				return false
			}
		}
	}
	return true
}
