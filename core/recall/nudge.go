package recall

// nudged puts first, for a change by an amount not said ("turn the
// conveyor up a bit", "Mach die Pumpe etwas schneller", "Monte un peu le
// convoyeur"), the command of the one thing named that takes a number and
// has none: the Core then asks for the value of that command rather than
// between the thing's start and halt. A number stated, a read, an errand
// or two things named leave the shortlist as it is; so does a command whose
// number has a default (the tank's fill and drain), which no nudge states.
func (x *Index) nudged(qr *query, cands []Candidate) {
	if !qr.nudge || len(qr.qty) > 0 || qr.off || (qr.read && !qr.act) || len(cands) == 0 {
		return
	}
	thing := ""
	for c := range qr.q {
		if th := x.thingOf[c]; th != "" {
			if thing != "" && th != thing {
				return
			}
			thing = th
		}
	}
	if thing == "" {
		return
	}
	for i, c := range cands {
		t := &x.targets[x.byID[c.Target]]
		if t.thing != thing || t.numeric == 0 || t.Halt || len(c.Missing) == 0 {
			continue
		}
		if i > 0 {
			top := cands[0].Score
			copy(cands[1:i+1], cands[:i])
			cands[0] = c
			// clear of the rest: the number is what is asked about, not which command
			cands[0].Score = min(1, max(c.Score, top+x.opts.AmbiguityMargin+0.001))
		}
		return
	}
}
