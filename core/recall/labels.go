package recall

import "strings"

// markLabels marks used the heading of a numbered item at the start of a
// line ("Task 4: set the pump flow.", "Übung 5: …", "Ejercicio 2: …",
// "Exercice 3 : …", "Task 24 (instructor demo): …"): the number counts the
// item and is no value, id or time of the request, and the label word
// (pack labels) names nothing of it.
func markLabels(p *pack, text string, toks []token) {
	for i := 0; i+1 < len(toks); i++ {
		if !p.labels[toks[i].text] || toks[i+1].kind != 'n' || !lineStart(text, toks[i].start) {
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

// lineStart: only spaces stand between the start of text's line and pos.
func lineStart(text string, pos int) bool {
	line := text[:pos]
	if k := strings.LastIndexByte(line, '\n'); k >= 0 {
		line = line[k+1:]
	}
	return strings.TrimSpace(line) == ""
}
