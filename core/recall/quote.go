package recall

import "strings"

// quoted finds the text a request passes on ("send a message to boiler-2
// saying the tank is full", "diciendo que el tanque está lleno"): what
// follows the first quote word of the pack. Its tokens are marked used, so
// the message is data: its words choose no target, its numbers fill no
// argument, and it is handed on exactly as written.
func quoted(p *pack, text string, toks []token) string {
	for i := range toks {
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
	return ""
}
