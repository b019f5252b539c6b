package recall

import "strings"

// restoreDroppedG reads the spoken English "-in'" as "-ing" ("is the tank
// trendin' down?", "I'm fixin' to head out"): a word ending in "in" right
// before an apostrophe, in a pack that says so (droppedG).
func restoreDroppedG(p *pack, text string, toks []token) {
	if !p.droppedG {
		return
	}
	for i := range toks {
		t := &toks[i]
		if t.kind != 'w' || len(t.text) < 4 || !strings.HasSuffix(t.text, "in") {
			continue
		}
		if rest := text[t.end:]; strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, "’") {
			t.text += "g"
		}
	}
}

// standardWords rewrites regional words to the standard words the pack
// knows (pack variants: Swiss "Heizig" Heizung, "isch" ist, "hüt" heute;
// Scots "efter" after): the rest of the tier then reads them as usual.
func standardWords(p *pack, toks []token) {
	for i := range toks {
		if w, ok := p.variants[toks[i].text]; ok && toks[i].kind == 'w' {
			toks[i].text = w
		}
		if w, ok := p.adverbs[toks[i].text]; ok && toks[i].kind == 'w' && !afterAmount(p, toks, i) {
			toks[i].text = w // "wie voll ist der Tank grad?": gerade
		}
	}
}

// afterAmount: a number or a word of an amount stands right before
// toks[i] ("60 Grad", "sechzig Grad", "wie viel Grad").
func afterAmount(p *pack, toks []token, i int) bool {
	if i == 0 {
		return false
	}
	prev := toks[i-1]
	if prev.kind == 'n' || p.amountBefore[prev.text] {
		return true
	}
	_, number := p.part(prev.text, false)
	return number
}
