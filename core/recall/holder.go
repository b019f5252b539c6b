package recall

import (
	"slices"
	"strings"
)

// maxHolderWords bounds a holder's name: "the night shift tablet" is one,
// a whole clause is none.
const maxHolderWords = 4

// holderName finds whom a new credential is for ("a read-only token for
// the fire brigade liaison", "Zugangstoken für den Wartungsdienstleister",
// "un jeton pour le prestataire", "call it qa-laptop") and returns it as a
// name ("fire-brigade-liaison"). A naming word ("called", "named") wins
// over a holder word ("for"). Only words after a word of credentials
// count, and only in a request to create one, so "a backup for the
// auditor" and "who has the key for the break room?" name no one. The name's words are
// marked used: they are a value, and the words of a person or a machine
// in it ("laptop", "SCADA") choose nothing and make no errand of it.
// Articles and stop words open and close nothing; a word of a deed
// ("anlegen"), a comma, a word that begins something else ("with") or a
// word of place ("im Büro": where, not who) ends the name.
func holderName(p *pack, text string, toks []token, credential, creating, deed func(w string) bool) string {
	from := slices.IndexFunc(toks, func(t token) bool { return t.kind == 'w' && credential(t.text) })
	if from < 0 || !slices.ContainsFunc(toks, func(t token) bool { return t.kind == 'w' && creating(t.text) }) {
		return "" // "who has the key for the break room?" gives no one anything
	}
	named := ""
	for _, list := range [][][]string{p.naming, p.holder} {
		for i := from + 1; i < len(toks); i++ {
			if toks[i].sentence != toks[from].sentence {
				break // "… list the tokens issued. Thanks for keeping things running."
			}
			if toks[i].kind != 'w' || toks[i].used {
				continue
			}
			ph, ok := phraseAtToken(toks, i, list)
			if !ok {
				continue
			}
			// the holder's description is read (and set aside) even when a
			// name was given: "for the QA laptop, call it qa-laptop"
			if name := takeHolder(p, text, toks, i+len(ph), deed); name != "" {
				if named == "" {
					named = name
				}
				break
			}
		}
	}
	return named
}

// phraseAtToken returns the first of phrases the words from toks[i] on
// spell out, with nothing but single spaces between them.
func phraseAtToken(toks []token, i int, phrases [][]string) ([]string, bool) {
	for _, ph := range phrases {
		if i+len(ph) > len(toks) {
			continue
		}
		match := true
		for j, w := range ph {
			if t := toks[i+j]; t.kind != 'w' || t.text != w || (j > 0 && !adjacentWords(toks[i+j-1], t)) {
				match = false
				break
			}
		}
		if match && len(ph) > 0 {
			return ph, true
		}
	}
	return nil, false
}

// takeHolder reads the name that begins at toks[k]: words, digits and the
// hyphens or underscores joining them, up to maxHolderWords words.
func takeHolder(p *pack, text string, toks []token, k int, deed func(w string) bool) string {
	for k < len(toks) && toks[k].kind == 'w' && (p.stop[toks[k].text] || p.articles[toks[k].text]) && !toks[k].opens {
		k++
	}
	end, words := k, 0
	for j := k; j < len(toks); j++ {
		t := toks[j]
		if t.used || t.opens && j > k {
			break
		}
		if t.kind == 's' {
			if (t.text == "-" || t.text == "_") && j > k && j+1 < len(toks) && t.start == toks[j-1].end && toks[j+1].start == t.end {
				continue
			}
			break
		}
		if j > k && toks[j-1].kind != 's' && !adjacentWords(toks[j-1], t) {
			break
		}
		if t.kind == 'w' && (deed(t.text) || j > k && (p.holderEnd[t.text] || p.thingPlace[t.text])) {
			break
		}
		if words++; words > maxHolderWords {
			break
		}
		end = j + 1
	}
	for end > k && toks[end-1].kind == 'w' && (p.stop[toks[end-1].text] || p.articles[toks[end-1].text]) {
		end--
	}
	if end <= k {
		return ""
	}
	for j := k; j < end; j++ {
		toks[j].used = true
	}
	name := strings.ToLower(text[toks[k].start:toks[end-1].end])
	return strings.Join(strings.Fields(name), "-")
}
