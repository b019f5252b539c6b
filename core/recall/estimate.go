package recall

// asksEstimate: the request asks how long something will take ("how long
// does a 12,000 litre tank take to fill at 40 l/min?", "wie lange dauert
// das Füllen?", "¿cuánto tarda en llenarse?", "combien de temps pour
// remplir ?"): a prediction, which no operation makes. How long the system
// has been up is read ("how long has it been up", "wie lange läuft sie
// schon", "cuánto tiempo lleva encendido"): the words after "how long"
// that look ahead (pack howLongAhead) tell the two apart. A word of the
// sentence that counts back ("since", "seit", "depuis", "lleva") keeps it
// a read.
func asksEstimate(p *pack, toks []token) bool {
	const reach = 8 // "how long would a 40 l/min pump take"
	for i := range toks {
		ph, ok := phraseAtToken(toks, i, p.howLong)
		if !ok {
			continue
		}
		ahead, back := false, false
		for j := i + len(ph); j < len(toks) && j <= i+len(ph)+reach && toks[j].sentence == toks[i].sentence; j++ {
			if toks[j].kind != 'w' {
				continue
			}
			ahead = ahead || p.howLongAhead[toks[j].text]
			back = back || p.howLongBack[toks[j].text]
		}
		if k := i - 1; k >= 0 && toks[k].kind == 'w' && p.howLongBack[toks[k].text] {
			back = true // "depuis combien de temps"
		}
		if ahead && !back {
			return true
		}
	}
	return false
}
