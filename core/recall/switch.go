package recall

import "strings"

// A yes/no argument is stated by words that switch it on or off in the
// request's language ("turn auto mode on", "Automodus ausschalten",
// "desactiva el modo automático"): the language files' switchedOn and
// switchedOff. Saying both, or neither, states nothing, and the Core asks.

// switchStated is the value the words state in this pack's language.
func (p *pack) switchStated(words []string) (v, ok bool) {
	on, off := p.has(p.switched[true], words), p.has(p.switched[false], words)
	return on, on != off
}

// StatedBool is the grounding check of §6.1 for a yes/no value: do the
// request's words, in its language (English when unknown), state exactly v?
// The language matters: German "an" is on, English "an" is no word of it.
func StatedBool(text, lang string, v bool) bool {
	d, err := load()
	if err != nil {
		return false
	}
	p, ok := d.packs[lang]
	if !ok {
		p = d.packs["en"]
	}
	got, ok := p.switchStated(strings.Fields(Normalize(text)))
	return ok && got == v
}
