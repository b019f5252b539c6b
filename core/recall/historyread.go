package recall

import "slices"

// historyAtTimePast: a question in the past tense of a property at a time
// already gone ("what was the tank level at 6 this morning") asks for its
// history, not its value now. The history of the same property leads the
// read of it by the ambiguity margin when it is close behind (0.15).
func (x *Index) historyAtTimePast(cands []Candidate, qr *query) {
	if !qr.read || qr.act || !qr.past || qr.when == nil || qr.when.Until || qr.when.At.After(qr.now) {
		return
	}
	read := slices.IndexFunc(cands, func(c Candidate) bool { return c.Target == x.d.concepts.StateRead })
	if read < 0 {
		return
	}
	hist := slices.IndexFunc(cands, func(c Candidate) bool {
		return c.Target == x.d.concepts.HistoryRead && c.Args["name"] != nil && c.Args["name"] == cands[read].Args["name"]
	})
	if hist < 0 {
		return
	}
	x.leadIfClose(cands, hist, cands[read].Score)
}
