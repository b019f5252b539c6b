package recall

// markTimeOfOther marks @off a question of when something else happens
// ("what time is the blast today?", "¿a qué hora cierra el zoo hoy?", "À
// quelle heure est le tir ?", "wie spät ist es in Tokio?"): a word no pack
// knows in the question's clause, with nothing of this system named there,
// is the event or the place asked about; the station's clock is neither.
// "what time is it?" and "what time does the backflush run?" stay reads.
//
// Questions of who do the same ("who's on the loader this arvo?", "who's
// got the key to the tool shed?"): "who changed the heater setpoint?"
// names ours.
func (x *Index) markTimeOfOther(p *pack, toks []token, cs []conceptTok, clause []int, markers marks) {
	x.markQuestionOfOther(p.timeOf, toks, cs, clause, markers, p)
	x.markQuestionOfOther(p.whoOf, toks, cs, clause, markers, p)
}

func (x *Index) markQuestionOfOther(openers [][]string, toks []token, cs []conceptTok, clause []int, markers marks, p *pack) {
	if len(openers) == 0 {
		return
	}
	words := wordsOf(toks, false)
	for k, i := range words {
		ph, ok := phraseAt(toks, words, k, openers)
		if !ok {
			continue
		}
		other := -1
		for _, j := range words[k+len(ph):] {
			if clause[j] != clause[i] {
				break
			}
			if x.thingAt(cs, j) || x.systemWordAt(cs, j) || x.namesEntityAt(cs, j) {
				other = -1
				break // "what time does the pump start?"
			}
			if other < 0 && len(toks[j].text) > 2 && !p.stop[toks[j].text] && x.unknownWord(p, toks, cs, j) {
				other = j
			}
		}
		if other >= 0 {
			markers["@off"] = append(markers["@off"], other)
		}
	}
}

// namesEntityAt: the concept at token i is a word of an entity or a target
// of ours ("the backflush", "the schedule").
func (x *Index) namesEntityAt(cs []conceptTok, i int) bool {
	for _, ct := range cs {
		if ct.start <= i && i < ct.end && !ct.typo && (x.entityWord[ct.c] || x.df[ct.c] > 0 && x.action[ct.c]) {
			return true
		}
	}
	return false
}
