package recall

import "strings"

// markParticiples reads a German past participle that asks for a deed as
// its verb: "das Rührwerk sollte bitte ausgeschaltet werden", "ich hätte
// gern, dass das System heruntergefahren wird", "in einer halben Stunde
// hätte ich gern die Pumpe gestartet". A participle before a word of the
// passive ("werden", "wird"), or ending a sentence after a word of wish
// ("gern"), is the deed asked for; elsewhere it tells a state ("ist die
// Pumpe gestartet?") and stays. The token's text becomes the infinitive the
// pack knows ("ausschalten"), so the words that follow find its concepts.
func markParticiples(p *pack, toks []token) {
	if len(p.passive) == 0 {
		return
	}
	wish := false
	for i := range toks {
		t := &toks[i]
		if t.opens {
			wish = false
		}
		if t.kind != 'w' {
			continue
		}
		if p.wish[t.text] {
			wish = true
			continue
		}
		if inf := zuInfinitive(p, t.text); inf != "" {
			t.text = inf // "aufzulisten", "abzuschalten": auflisten, abschalten
			continue
		}
		passive := i+1 < len(toks) && p.passive[toks[i+1].text]
		last := wish && (i+1 == len(toks) || toks[i+1].kind == 's')
		if !passive && !last {
			continue
		}
		if inf := infinitive(p, t.text); inf != "" {
			t.text = inf
		}
	}
}

// infinitive finds the infinitive of a participle that the pack's lexicon
// knows: "gestartet" starten, "ausgeschaltet" ausschalten, "heruntergefahren"
// herunterfahren, "kalibriert" kalibrieren, "befullt" befullen.
func infinitive(p *pack, w string) string {
	if len(w) < 5 {
		return ""
	}
	var bases []string
	for _, end := range []string{"et", "t", "en"} {
		if strings.HasSuffix(w, end) {
			bases = append(bases, strings.TrimSuffix(w, end))
		}
	}
	for _, b := range bases {
		var stems []string
		if k := strings.Index(b, "ge"); k >= 0 && k+2 < len(b) {
			stems = append(stems, b[:k]+b[k+2:]) // aus|ge|schalt, ge|start
		}
		stems = append(stems, b) // kalibrier, befull: no ge
		for _, s := range stems {
			for _, inf := range []string{s + "en", s + "n"} {
				if _, ok := p.lex[inf]; ok {
					return inf
				}
			}
		}
	}
	return ""
}

// zuInfinitive finds a separable verb's infinitive with "zu" inside
// ("aufzulisten" auflisten, "neuzustarten" neustarten) that the lexicon
// knows and the word itself is not.
func zuInfinitive(p *pack, w string) string {
	if _, known := p.lex[w]; known || len(w) < 8 {
		return ""
	}
	for k := 2; k+4 < len(w); k++ {
		if w[k:k+2] != "zu" {
			continue
		}
		if inf := w[:k] + w[k+2:]; p.lex[inf] != nil {
			return inf
		}
	}
	return ""
}

// wished: a word of wish (pack wish: "need", "want", "necesito", "gern")
// stands before toks[at] in its sentence, with no clause break between.
func wished(p *pack, toks []token, at int) bool {
	for k := at - 1; k >= 0; k-- {
		if toks[k].kind == 's' && strings.ContainsAny(toks[k].text, ",;.:") {
			return false
		}
		if p.wish[toks[k].text] {
			return true
		}
		if toks[k].opens {
			return false
		}
	}
	return false
}

// endsLike: w ends with one of ends and is longer than it by three letters
// or more ("paró", not "ó").
func endsLike(w string, ends []string) bool {
	for _, e := range ends {
		if strings.HasSuffix(w, e) && len(w) >= len(e)+3 {
			return true
		}
	}
	return false
}

// passiveAsk is the index of a modal that opens a sentence whose deed is a
// participle after a word of being ("could the valve be opened a little
// more?"): the deed is asked for, politely. -1 when there is none.
func passiveAsk(p *pack, toks []token) int {
	for i, t := range toks {
		if t.kind != 'w' || !p.modalAsk[t.text] || !(i == 0 || t.opens || toks[i-1].kind == 's') {
			continue
		}
		for k := i + 1; k+1 < len(toks) && toks[k].sentence == t.sentence; k++ {
			if p.beWords[toks[k].text] && toks[k+1].kind == 'w' && participle(p, toks[k+1].orig) {
				return i
			}
		}
	}
	return -1
}
