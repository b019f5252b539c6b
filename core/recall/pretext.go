package recall

// disregards finds a word telling the system to set its rules aside, with
// a word of rules at most four words after it ("ignore all your previous
// rules", "vergiss alle deine Regeln", "olvida todas tus instrucciones",
// "oublie toutes tes consignes"; packs disregard and ruleWords), so the
// lexicon need not list every order of the words between. The words from
// the order to the rules are marked used (they ask for nothing: the rules
// are no Playbook), and the order's positions returned, a pretext each.
func disregards(p *pack, toks []token) (at []int) {
	if len(p.disregard) == 0 {
		return nil
	}
	words := wordsOf(toks, true)
	for k, i := range words {
		if !p.disregard[toks[i].text] {
			continue
		}
		for j := k + 1; j < len(words) && j <= k+4; j++ {
			if p.ruleWords[toks[words[j]].text] {
				for m := i; m <= words[j]; m++ {
					toks[m].used = true
				}
				at = append(at, i)
				break
			}
		}
	}
	return at
}
