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
