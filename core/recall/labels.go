package recall

import "strings"

// markLabels marks used the heading of a numbered item at the start of a
// line ("Task 4: set the pump flow.", "Übung 5: …", "Ejercicio 2: …",
// "Exercice 3 : …", "Task 24 (instructor demo): …"): the number counts the
// item and is no value, id or time of the request, and the label word
// (pack labels) names nothing of it.
func markLabels(p *pack, text string, toks []token) {
	for i := 0; i+1 < len(toks); i++ {
		// "Task 4:" at a line's start; "… sequence. step one: start the
		// pump" at a sentence's, the number in words too
		_, word := p.nums[toks[i+1].text]
		if !p.labels[toks[i].text] || !(toks[i+1].kind == 'n' || (word && toks[i+1].kind == 'w')) || !(lineStart(text, toks[i].start) || toks[i].opens) {
			continue
		}
		rest := strings.TrimLeft(text[toks[i+1].end:], " \t")
		if rest == "" || !strings.ContainsRune(":().-–", []rune(rest)[0]) {
			continue
		}
		if strings.HasPrefix(rest, ".") && len(rest) > 1 && rest[1] >= '0' && rest[1] <= '9' {
			continue // "Step 2.5 bar" is a number
		}
		toks[i].used, toks[i+1].used = true, true
	}
}

// markIdioms marks used the phrases of the pack's numberIdioms ("quick
// one", "one sec", "un momento", "cada dos por tres", "une petite
// question"): their number words count nothing.
func markIdioms(p *pack, toks []token) {
	words := wordsOf(toks, true)
	for k := 0; k < len(words); k++ {
		if ph, ok := phraseAt(toks, words, k, p.numberIdioms); ok {
			for j := k; j < k+len(ph); j++ {
				toks[words[j]].used = true
			}
			k += len(ph) - 1
		}
	}
}

// markPronounOne marks used the pronoun "one" ending a noun phrase ("drain
// the tank, the aquarium one", "the big one"): a word of pack pronounOne at
// a clause's end with a definite word of the pack at most three words
// before it and no number between.
func markPronounOne(p *pack, toks []token, clause []int) {
	for i, t := range toks {
		if t.kind == 'w' && p.pronounOne[t.text] && i > 0 && toks[i-1].kind == 'w' && p.lightVerbs[toks[i-1].text] {
			toks[i].used = true // "I want a backup of the config. Take one now please."
			continue
		}
		if t.kind == 'w' && p.pronounOne[t.text] && i+2 < len(toks) && p.timeSet["genitive"][toks[i+1].text] && (p.definite[toks[i+2].text] || p.possessive[toks[i+2].text] || p.demonstrative[toks[i+2].text]) {
			toks[i].used = true // "One of the agency lads says …": one of many, no number
			continue
		}
		if t.kind != 'w' || !p.pronounOne[t.text] || i == 0 || (i+1 < len(toks) && clause[i+1] == clause[i] && toks[i+1].kind == 'w') {
			continue
		}
		if prev := toks[i-1].text; p.stop[prev] && !p.definite[prev] && !p.demonstrative[prev] {
			continue // "set the belt to one": a value
		}
		for k := i - 1; k >= 0 && k >= i-3 && clause[k] == clause[i] && toks[k].kind == 'w'; k-- {
			if p.definite[toks[k].text] || p.demonstrative[toks[k].text] {
				toks[i].used = true
				break
			}
		}
	}
}

// lineStart: only spaces stand between the start of text's line and pos.
func lineStart(text string, pos int) bool {
	line := text[:pos]
	if k := strings.LastIndexByte(line, '\n'); k >= 0 {
		line = line[k+1:]
	}
	return strings.TrimSpace(line) == ""
}
