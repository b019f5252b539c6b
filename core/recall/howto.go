package recall

import "slices"

// markHowTo marks @off a question for instructions ("how do I stop it?",
// "wie kann ich das Alarmpanel zurücksetzen?", "¿cómo puedo hablar con
// él?", "comment je la débloque ?"): no operation teaches how to do
// something, and what the person will do is no request to this system.
// One that asks how to see something is a read ("How do I check how full
// the tank is?", "Comment je vois la température ?"): a read word within
// three words after the opener keeps it.
func markHowTo(p *pack, toks []token, markers marks) {
	if len(p.howTo) == 0 {
		return
	}
	words := wordsOf(toks, false)
	for k, i := range words {
		ph, ok := phraseAt(toks, words, k, p.howTo)
		if !ok {
			continue
		}
		n := k + len(ph)
		read := false
		for j := n; j < len(words) && j < n+3; j++ {
			read = read || slices.Contains(markers["@read"], words[j])
		}
		if !read {
			markers["@off"] = append(markers["@off"], i)
		}
	}
}
