package recall

import (
	"slices"
	"strings"
	"unicode"
)

// quoted finds the text a request passes on ("send a message to boiler-2
// saying the tank is full", "diciendo que el tanque está lleno"): what
// follows the first quote word of the pack. Its tokens are marked used, so
// the message is data: its words choose no target, its numbers fill no
// argument, and it is handed on exactly as written. Only a request to send
// something passes text on: "Night crew left a note saying the pump
// tripped. Is it running?" tells a story, so a word before the quote
// word must say send or message (messaging).
func quoted(p *pack, text string, toks []token, messaging, sending func(w string) bool) string {
	for i := range toks {
		if !slices.ContainsFunc(toks[:i], func(t token) bool { return t.kind == 'w' && messaging(t.text) }) {
			continue
		}
		for _, q := range p.quote {
			k, n := i, 0
			for ; n < len(q) && k < len(toks) && toks[k].kind == 'w' && toks[k].text == q[n]; k, n = k+1, n+1 {
			}
			if n < len(q) || k >= len(toks) {
				continue
			}
			for j := k; j < len(toks); j++ {
				toks[j].used = true
			}
			return strings.Trim(strings.TrimSpace(text[toks[k].start:]), `"'«»„“”.!? `)
		}
	}
	return passedAfterMark(text, toks, sending)
}

// passedAfterMark is the text after the first colon and a space ("a
// message: valve maintenance is finished", "station-2: we start at 6") or
// the quoted text («cuve pleine», "tank full") that follows a verb of
// sending ("Message du système : …" sends nothing); its tokens are marked
// used, so "at 6" in it is no time.
func passedAfterMark(text string, toks []token, sending func(w string) bool) string {
	sends := func(end int) bool {
		return slices.ContainsFunc(toks, func(t token) bool { return t.end <= end && t.kind == 'w' && sending(t.text) })
	}
	from, to := -1, -1
	if i := strings.Index(text, ": "); i > 0 && sends(i) {
		from, to = i+2, len(text)
	} else {
		for open, closers := range quotePairs {
			i := strings.IndexRune(text, open)
			if i < 0 || !sends(i) || (from >= 0 && i > from) {
				continue
			}
			rest := text[i+len(string(open)):]
			if j := strings.IndexAny(rest, closers); j > 0 {
				from, to = i+len(string(open)), i+len(string(open))+j
			}
		}
	}
	if from < 0 {
		return ""
	}
	body := strings.Trim(strings.TrimSpace(text[from:to]), `"'«»„“” `)
	if body == "" {
		return ""
	}
	for k := range toks {
		if toks[k].start >= from && toks[k].end <= to {
			toks[k].used = true
		}
	}
	return body
}

// quotePairs are the quotation marks that enclose a name.
var quotePairs = map[rune]string{'\'': "'", '"': "\"", '„': "“”", '“': "”", '«': "»"}

// markTitled marks used a capitalised word after a title ("Herr Becker",
// "Mr Jones", "Señora Ruiz"): a person's name, which no typo correction may
// turn into a word of the system ("Becker" is no "Becken").
func markTitled(p *pack, toks []token) {
	for i := 1; i < len(toks); i++ {
		if toks[i].kind == 'w' && p.titles[toks[i-1].text] && startsUpper(toks[i].orig) {
			toks[i-1].used, toks[i].used = true, true
		}
	}
}

// markNames marks the words of a short quoted name used ("das Netz
// 'Werkstatt'", "peer „Nord“"): a name is a value, not words to read, so
// "Werkstatt" (a workshop) does not make the request an errand. An
// apostrophe inside a word ("l'eau", "what's") opens nothing. A quoted
// term of this system ("'the Rhythm'", "« la Pulse »", "'allowlist'") is
// a mention of it, not a name: term says which words are.
func markNames(text string, toks []token, term func(w string) bool) {
	rs := []rune(text)
	offs := make([]int, len(rs)+1)
	b := 0
	for i, r := range rs {
		offs[i] = b
		b += len(string(r))
	}
	offs[len(rs)] = b
	for i := 0; i < len(rs); i++ {
		closers, ok := quotePairs[rs[i]]
		if !ok || (i > 0 && !unicode.IsSpace(rs[i-1]) && !strings.ContainsRune("({[:,", rs[i-1])) {
			continue
		}
		for j := i + 1; j < len(rs) && j-i <= 40; j++ {
			if !strings.ContainsRune(closers, rs[j]) {
				continue
			}
			if j+1 < len(rs) && !unicode.IsSpace(rs[j+1]) && !unicode.IsPunct(rs[j+1]) {
				continue
			}
			inner := string(rs[i+1 : j])
			var words []int
			mention := false
			for k := range toks {
				if toks[k].kind == 'w' && toks[k].start >= offs[i+1] && toks[k].end <= offs[j] {
					words = append(words, k)
					mention = mention || term(toks[k].text)
				}
			}
			if n := len(strings.Fields(inner)); n > 0 && n <= 4 && !mention {
				for _, k := range words {
					toks[k].used = true
				}
			}
			i = j
			break
		}
	}
}

// markRuleBody marks used what follows a colon after a Playbook named
// ("add a playbook: whenever the filter dp goes over 0.8 bar, backflush the
// filter"): that is the document to write, which the device validates, not
// words that choose the target. (After the allowlist, what follows names
// the command to allow, and is read.)
func (x *Index) markRuleBody(p *pack, toks []token) {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind != 'w' || toks[i].used || toks[i+1].text != ":" {
			continue
		}
		cs, _ := x.cz.lexical(p, toks[i].text)
		if !slices.ContainsFunc(cs, func(c string) bool { return containsStr(x.d.concepts.Documents, c) }) {
			continue
		}
		for j := i + 2; j < len(toks); j++ {
			toks[j].used = true
		}
		return
	}
}
