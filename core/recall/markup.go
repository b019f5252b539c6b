package recall

import (
	"strings"
	"unicode"
)

// blankMarkup turns HTML in a request into spaces, so that what a person
// wrote around it is read and the markup is not: "<script>…</script> ¿nivel
// del tanque?" asks for the level. A script's or a style's content goes
// with its tags; other tags go alone. Lengths stay, so offsets into the
// text still hold. Code of other kinds (shell, SQL) is left for codeLike:
// its words could be read as a request ("run `rm -rf /` on the controller").
func blankMarkup(text string) string {
	text = blankHeaders(blankMentions(blankWakeWord(text)))
	if !strings.Contains(text, "<") {
		return text
	}
	b := []byte(text)
	lower := strings.ToLower(text)
	for i := 0; i < len(b); i++ {
		if b[i] != '<' || i+1 >= len(b) || !tagStart(b[i+1]) {
			continue
		}
		end := strings.IndexByte(text[i:], '>')
		if end < 0 {
			break // "a < b" or a tag cut off: leave it
		}
		end += i + 1
		for _, el := range []string{"script", "style"} {
			if strings.HasPrefix(lower[i+1:], el) {
				if c := strings.Index(lower[end:], "</"+el); c >= 0 {
					end += c
					if g := strings.IndexByte(text[end:], '>'); g >= 0 {
						end += g + 1
					}
				} else {
					end = len(b)
				}
			}
		}
		for k := i; k < end; k++ {
			b[k] = ' '
		}
		i = end - 1
	}
	return string(b)
}

// tagStart: what may follow "<" in a tag ("<b", "</b", "<!--").
func tagStart(c byte) bool {
	return c == '/' || c == '!' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

// blankMentions turns a chat mention ("@assistant", "@Priya") into spaces:
// it addresses the message, it asks for nothing. An "@" inside a word (an
// e-mail address) stays.
func blankMentions(text string) string {
	if !strings.Contains(text, "@") {
		return text
	}
	b := []byte(text)
	for i := 0; i < len(b); i++ {
		if b[i] != '@' || (i > 0 && b[i-1] != ' ' && b[i-1] != '\n' && b[i-1] != '(') || i+1 >= len(b) || !tagStart(b[i+1]) || b[i+1] == '/' || b[i+1] == '!' {
			continue
		}
		j := i + 1
		for j < len(b) && (b[j] == '_' || b[j] == '-' || b[j] == '.' || ('a' <= b[j] && b[j] <= 'z') || ('A' <= b[j] && b[j] <= 'Z') || ('0' <= b[j] && b[j] <= '9')) {
			j++
		}
		for k := i; k < j; k++ {
			b[k] = ' '
		}
		i = j - 1
	}
	return string(b)
}

// headerKeys start the lines of a mail or ticket that only route it
// ("From: …", "Datum: …", "Ticket #48213"): they ask for nothing.
var headerKeys = map[string]bool{
	"from": true, "to": true, "cc": true, "date": true, "sent": true, "ticket": true, "priority": true,
	"created": true, "reply-to": true, "de": true, "envoyé": true, "priorité": true, "von": true, "an": true,
	"datum": true, "gesendet": true, "erstellt": true, "priorität": true, "para": true, "fecha": true,
	"enviado": true, "prioridad": true,
}

// subjectKeys start a subject line, whose words may be the request: only
// the key goes.
var subjectKeys = map[string]bool{"subject": true, "objet": true, "betreff": true, "asunto": true}

// blankHeaders turns into spaces what routes a message rather than asks:
// the header lines of a mail or ticket ("From: servicedesk@…", "Ticket
// #48213 (OTRS)"), the key of a subject line, a tag of the sending program
// at the start of a line ("[zabbix]", "[bot-teams]"), and lines of dashes.
func blankHeaders(text string) string {
	if !strings.ContainsAny(text, ":[-#") {
		return text
	}
	b := []byte(text)
	blank := func(a, z int) {
		for k := a; k < z; k++ {
			b[k] = ' '
		}
	}
	for start := 0; start <= len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		line := text[start:end]
		trim := strings.TrimLeft(line, " \t")
		off := start + len(line) - len(trim)
		keyEnd := strings.IndexFunc(trim, func(r rune) bool { return r == ':' || r == '#' || unicode.IsSpace(r) })
		switch {
		case len(strings.TrimSpace(trim)) >= 3 && strings.Trim(trim, "-_=* \t\r") == "":
			blank(off, end)
		case strings.HasPrefix(trim, "["):
			if c := strings.IndexByte(trim, ']'); c > 0 && c <= 40 {
				blank(off, off+c+1)
			}
		case keyEnd > 0:
			key := strings.ToLower(trim[:keyEnd])
			rest := strings.TrimLeft(trim[keyEnd:], " ")
			switch {
			case headerKeys[key] && (strings.HasPrefix(rest, ":") || (key == "ticket" && strings.HasPrefix(rest, "#"))):
				blank(off, end)
			case subjectKeys[key] && strings.HasPrefix(rest, ":"):
				blank(off, off+len(trim)-len(rest)+1)
			}
		}
		start = end + 1
	}
	return string(b)
}

// wakeGreetings may stand before the system's name at the start ("hey
// heart", "ok heart", "hola heart").
var wakeGreetings = []string{"hey", "ok", "okay", "hi", "hello", "hallo", "hola", "oye", "salut", "bonjour", "allô", "allo"}

// blankWakeWord turns into spaces the system addressed by name at the
// start ("hey heart, stop stop stop", "ok heart ponlo a cuarenta", "HEART:
// detén todo"): it asks for nothing. "heart rate …" stays.
func blankWakeWord(text string) string {
	lower := strings.ToLower(text)
	i := len(lower) - len(strings.TrimLeft(lower, " \t\r\n"))
	end := -1
	for _, g := range wakeGreetings {
		if rest, ok := strings.CutPrefix(lower[i:], g); ok {
			name := strings.TrimLeft(rest, " ,\t")
			if len(name) < len(rest) && strings.HasPrefix(name, "heart") && !followsLetter(name[len("heart"):]) {
				end = len(lower) - len(name) + len("heart")
				end += len(lower[end:]) - len(strings.TrimLeft(lower[end:], " ,:!.-\t"))
			}
			break
		}
	}
	if end < 0 {
		if rest, ok := strings.CutPrefix(lower[i:], "heart"); ok {
			if after := strings.TrimLeft(rest, " \t"); strings.HasPrefix(after, ",") || strings.HasPrefix(after, ":") {
				end = len(lower) - len(after) + 1
				end += len(lower[end:]) - len(strings.TrimLeft(lower[end:], " \t"))
			}
		}
	}
	if end < 0 {
		return text
	}
	return strings.Repeat(" ", end) + text[end:]
}

// followsLetter: s starts with a letter or digit ("heartbeat").
func followsLetter(s string) bool {
	return s != "" && (isLetter(s[0]) || isDigit(s[0]))
}
