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
	for c := range qr.q {
		if x.uses(&x.targets[ia], c) && !x.uses(&x.targets[ib], c) {
			return false
		}
	}
	return true
}
