package recall

import (
	"slices"
	"strings"
)

// smallTalk: a greeting followed only by "how are you" words ("salut, ça
// va ?", "hola, ¿qué tal?", "Hallo, wie geht's?") is small talk, not a
// question about the system's state. With anything named after it
// ("hola, ¿qué tal la bomba?") it asks about that. So is a greeting to
// the system by name alone ("good morning skid :)").
// greetEnd is greeting's end (0: none).
func (x *Index) smallTalk(toks []token, cs []conceptTok, greetEnd int) bool {
	end := greetEnd
	if end == 0 {
		return false
	}
	asked, called := false, false
	for _, ct := range cs {
		if ct.start < end {
			continue // "buenos días": the greeting's own words
		}
		if x.systemWordAt(cs, ct.start) {
			called = true // "good morning skid", "hallo Station": the system called by name
			continue
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
	// "good morning, station status please" asks for the status
	return asked != called
}

// greeting: the request opens with one of p's greetings; end is the index
// of the first token after it.
func greeting(p *pack, text string, toks []token) (end int, ok bool) {
	words := wordsOf(toks, false)
	if g, ok := phraseAt(toks, words, 0, p.greetings); ok {
		return words[len(g)-1] + 1, true
	}
	// "Morgen! Die Packer sind da": a greeting by itself, set apart by
	// "!"; "Morgen um 6 …" and "Morgen, Pumpe starten" may be a time
	if len(words) > 0 && p.greetingsAlone[toks[words[0]].text] {
		if rest := strings.TrimLeft(text[toks[words[0]].end:], " "); strings.HasPrefix(rest, "!") {
			return words[0] + 1, true
		}
	}
	return 0, false
}

// wordsOf are the indices of toks' words; with unused, only those no
// earlier step has taken.
func wordsOf(toks []token, unused bool) []int {
	var words []int
	for i, t := range toks {
		if t.kind == 'w' && !(unused && t.used) {
			words = append(words, i)
		}
	}
	return words
}

// wordIndex maps each token of words (wordsOf) to its place among them.
func wordIndex(words []int) map[int]int {
	at := make(map[int]int, len(words))
	for n, i := range words {
		at[i] = n
	}
	return at
}

// phraseAt returns the longest of phrases that the words from words[k] on
// spell out, so that "una pregunta rápida" is not cut to "una pregunta".
func phraseAt(toks []token, words []int, k int, phrases [][]string) ([]string, bool) {
	var best []string
	for _, ph := range phrases {
		if k+len(ph) > len(words) || len(ph) <= len(best) {
			continue
		}
		match := true
		for j, w := range ph {
			if toks[words[k+j]].text != w {
				match = false
				break
			}
		}
		if match {
			best = ph
		}
	}
	return best, best != nil
}

// signOff marks used everything from a letter's closing on ("…\n\nBest
// regards,\nJane Doe, shift lead, Millbrook plant"): the closing and the
// signature say who wrote, not what to do, and the names and places in a
// signature are no objects of the request. Not at the very start.
func signOff(p *pack, toks []token, term func(w string) bool) {
	signOffBy(p.closings, toks, nil)
	signOffBy(p.thanks, toks, term)
}

// signOffBy marks used everything from the first of phrases (not the very
// first word) on. With term (thanks), only in the last sentence and when no
// word after the phrase acts or names a thing of this system: "Merci et
// bonne journée" ends the request, "Danke, und jetzt bitte die Pumpe
// starten" does not.
func signOffBy(phrases [][]string, toks []token, term func(w string) bool) {
	words := wordsOf(toks, false)
	for k := 1; k < len(words); k++ {
		if term != nil && (sentenceEndsAfter(toks, words[k]) || slices.ContainsFunc(toks[words[k]:], func(t token) bool { return t.kind == 'w' && term(t.text) })) {
			continue
		}
		if _, ok := phraseAt(toks, words, k, phrases); ok {
			for i := words[k]; i < len(toks); i++ {
				toks[i].used = true
			}
			return
		}
	}
}

// markRecurring finds a phrase of recurrence ("every day", "de lunes a
// viernes") and marks its words used, so "Monday to Friday" is no single
// Monday; a time it leaves ("at 6") is still read.
func markRecurring(p *pack, toks []token) bool {
	words := wordsOf(toks, true)
	found := false
	for k := 0; k < len(words); k++ {
		if ph, ok := phraseAt(toks, words, k, p.recurring); ok {
			for j := range ph {
				toks[words[k+j]].used = true
			}
			found = true
			k += len(ph) - 1
		}
	}
	return found
}

// sentenceEndsAfter: a sentence mark (. ! ?) stands after toks[i] with more
// words after it.
func sentenceEndsAfter(toks []token, i int) bool {
	for j := i + 1; j < len(toks); j++ {
		if toks[j].kind == 's' && strings.ContainsAny(toks[j].text, ".!?") {
			for _, t := range toks[j+1:] {
				if t.kind == 'w' || t.kind == 'n' {
					return true
				}
			}
			return false
		}
	}
	return false
}

// thanksOnly: the request opens with thanks and says nothing more of this
// system ("thanks mate, you're a star", "Danke, gute Nacht!"): a word
// guessed from a typo, a word of how things are, names nothing there.
func (x *Index) thanksOnly(p *pack, toks []token, cs []conceptTok) bool {
	words := wordsOf(toks, false)
	ph, ok := phraseAt(toks, words, 0, p.thanks)
	if !ok {
		return false
	}
	end := words[len(ph)-1] + 1
	for _, t := range toks[end:] {
		if t.kind == 'n' {
			return false
		}
	}
	for _, ct := range cs {
		if ct.start >= end && !ct.typo && !containsStr(x.d.concepts.SmallTalk, ct.c) && x.df[ct.c] > 0 {
			return false
		}
	}
	return true
}
