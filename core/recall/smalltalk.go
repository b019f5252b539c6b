package recall

// smallTalk: a greeting followed only by "how are you" words ("salut, ça
// va ?", "hola, ¿qué tal?", "Hallo, wie geht's?") is small talk, not a
// question about the system's state. With anything named after it
// ("hola, ¿qué tal la bomba?") it asks about that.
// greetEnd is greeting's end (0: none).
func (x *Index) smallTalk(toks []token, cs []conceptTok, greetEnd int) bool {
	end := greetEnd
	if end == 0 {
		return false
	}
	asked := false
	for _, ct := range cs {
		if ct.start < end {
			continue // "buenos días": the greeting's own words
		}
		if !containsStr(x.d.concepts.SmallTalk, ct.c) {
			return false
		}
		asked = true
	}
	for _, t := range toks[end:] {
		if t.kind == 'n' {
			return false
		}
	}
	return asked
}

// greeting: the request opens with one of p's greetings; end is the index
// of the first token after it.
func greeting(p *pack, toks []token) (end int, ok bool) {
	var words []int
	for i, t := range toks {
		if t.kind == 'w' {
			words = append(words, i)
		}
	}
	for _, g := range p.greetings {
		if len(g) > len(words) {
			continue
		}
		match := true
		for k, w := range g {
			if toks[words[k]].text != w {
				match = false
				break
			}
		}
		if match {
			return words[len(g)-1] + 1, true
		}
	}
	return 0, false
}

// signOff marks used everything from a letter's closing on ("…\n\nBest
// regards,\nJane Doe, shift lead, Millbrook plant"): the closing and the
// signature say who wrote, not what to do, and the names and places in a
// signature are no objects of the request. Not at the very start.
func signOff(p *pack, toks []token) {
	var words []int
	for i, t := range toks {
		if t.kind == 'w' {
			words = append(words, i)
		}
	}
	for k := 1; k < len(words); k++ {
		for _, c := range p.closings {
			if k+len(c) > len(words) {
				continue
			}
			match := true
			for j, w := range c {
				if toks[words[k+j]].text != w {
					match = false
					break
				}
			}
			if match {
				for i := words[k]; i < len(toks); i++ {
					toks[i].used = true
				}
				return
			}
		}
	}
}
