package recall

import "strings"

// blankMarkup turns HTML in a request into spaces, so that what a person
// wrote around it is read and the markup is not: "<script>…</script> ¿nivel
// del tanque?" asks for the level. A script's or a style's content goes
// with its tags; other tags go alone. Lengths stay, so offsets into the
// text still hold. Code of other kinds (shell, SQL) is left for codeLike:
// its words could be read as a request ("run `rm -rf /` on the controller").
func blankMarkup(text string) string {
	text = blankMentions(text)
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
