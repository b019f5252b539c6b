package recall

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// foldGroups maps accented Latin letters to their base letters (a small
// NFKD-like table: no golang.org/x/text in core.wasm).
var foldGroups = [...]struct{ from, to string }{
	{"àáâãäåāăąǎ", "a"}, {"çćĉċč", "c"}, {"ďđ", "d"}, {"èéêëēĕėęě", "e"}, {"ĝğġģ", "g"},
	{"ĥħ", "h"}, {"ìíîïĩīĭįı", "i"}, {"ĵ", "j"}, {"ķ", "k"}, {"ĺļľŀł", "l"}, {"ñńņňŉ", "n"},
	{"òóôõöøōŏőǒ", "o"}, {"ŕŗř", "r"}, {"śŝşšș", "s"}, {"ţťŧț", "t"}, {"ùúûüũūŭůűųǔ", "u"},
	{"ŵ", "w"}, {"ýÿŷ", "y"}, {"źżž", "z"}, {"ß", "ss"}, {"æ", "ae"}, {"œ", "oe"}, {"þ", "th"},
	{"ð", "d"}, {"ª", "a"},
}

var foldTable = func() map[rune]string {
	m := map[rune]string{}
	for _, g := range foldGroups {
		for _, r := range g.from {
			m[r] = g.to
		}
	}
	m['³'], m['²'] = "3", "2"
	return m
}()

// foldRune lowercases r and removes its accent. ok is false for runes that
// are not part of a word (space, punctuation, symbols).
func foldRune(r rune) (s string, class byte) {
	switch {
	case r >= '0' && r <= '9':
		return string(r), 'n'
	case r == 'º' || r == '°':
		return "", 0
	case r == '³' || r == '²':
		return foldTable[r], 'n'
	case unicode.Is(unicode.Mn, r):
		return "", 'm' // combining mark: dropped, word continues
	case unicode.IsLetter(r) || unicode.IsDigit(r):
		r = unicode.ToLower(r)
		if f, ok := foldTable[r]; ok {
			return f, 'w'
		}
		return string(r), 'w'
	}
	return "", 0
}

// token is one word, number or symbol of a request, with its place in the
// original text.
type token struct {
	text       string // folded, lower case
	orig       string // as written
	start, end int    // byte offsets in the original text
	kind       byte   // 'w' word, 'n' digits, 's' symbol
	used       bool   // consumed by a time expression, a quantity or an id
	opens      bool   // the first word of a sentence after the first ("… agua! ¡Para la bomba")
	elided     bool   // a word cut before an apostrophe ("s'il", "l'heure"): no unit ends there
	sentence   int    // how many sentences opened before it (sentenceOf)
}

// symbols kept as tokens (numbers, units and clock times need them).
const keptSymbols = "%°/:.,-+"

// tokenize splits text into tokens. Letters and digits never share a token
// ("10min" is "10" "min"); apostrophes and other punctuation separate words.
func tokenize(text string) []token {
	var toks []token
	var b strings.Builder
	cur := token{start: -1}
	flush := func(end int) {
		if cur.start >= 0 {
			cur.text = b.String()
			cur.end = end
			cur.orig = text[cur.start:end]
			if cur.text != "" {
				toks = append(toks, cur)
			}
		}
		b.Reset()
		cur = token{start: -1}
	}
	for i, r := range text {
		s, class := foldRune(r)
		switch class {
		case 'm':
			continue
		case 'w', 'n':
			if cur.start >= 0 && cur.kind != class {
				flush(i)
			}
			if cur.start < 0 {
				cur.start, cur.kind = i, class
			}
			b.WriteString(s)
		default:
			flush(i)
			if r == 'º' || r == '°' || (r < 128 && strings.ContainsRune(keptSymbols, r)) {
				sym := string(r)
				if r == 'º' {
					sym = "°"
				}
				toks = append(toks, token{text: sym, orig: string(r), start: i, end: i + len(string(r)), kind: 's'})
			}
		}
	}
	flush(len(text))
	n := 0
	for k := range toks {
		toks[k].opens = toks[k].kind == 'w' && afterSentenceMark(text, toks[k].start)
		if k > 0 && toks[k].opens {
			n++
		}
		toks[k].sentence = n
		rest := text[toks[k].end:]
		toks[k].elided = toks[k].kind == 'w' && (strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, "’"))
	}
	return toks
}

// afterSentenceMark: before byte at, past spaces and quotes, stands ! ? ¡ ¿
// or a . or : followed by a space ("2.5", "15:30" and "com.acme" go on).
func afterSentenceMark(text string, at int) bool {
	spaced := false
	for j := at - 1; j >= 0; j-- {
		switch c := text[j]; {
		case c == '\n':
			// a new line opens a sentence ("Buenas,\nel jefe me pide el
			// informe\n¿Me lo sacas?"), when a line came before it
			return strings.TrimSpace(text[:j]) != ""
		case c == ' ' || c == '\t' || c == '\r':
			spaced = true
		case c == '"' || c == '\'' || c == '(':
		case c == '!' || c == '?':
			return true
		case c == '.' && ordinalDot(text, j):
			return false // "vom 3. bis 10." counts days
		case c == '.' || c == ':':
			return spaced // "quick one: is the belt running"
		case c >= 0x80:
			// "¡" and "¿" are two bytes: 0xC2 0xA1 / 0xC2 0xBF
			if j >= 1 && text[j-1] == 0xC2 && (c == 0xA1 || c == 0xBF) {
				return true
			}
			return false
		default:
			return false
		}
	}
	return false
}

// markEndsAt: the byte at pos is one of marks and ends what it closes:
// a space, a new line or the end of the text follows, and it is no
// ordinal's dot ("vom 3. bis 10.").
func markEndsAt(text string, pos int, marks string) bool {
	return strings.IndexByte(marks, text[pos]) >= 0 && (pos+1 == len(text) || text[pos+1] == ' ' || text[pos+1] == '\n') && !(text[pos] == '.' && ordinalDot(text, pos))
}

// ordinalDot: the dot at pos ends a day's number of one or two digits and
// the sentence goes on in small letters or digits ("vom 3. bis 10.", "am
// 5. März" is a capital, "bis zum 12. um 6"): German writes ordinals so.
// Such a dot ends no sentence.
func ordinalDot(text string, pos int) bool {
	digits := 0
	for j := pos - 1; j >= 0 && text[j] >= '0' && text[j] <= '9'; j-- {
		digits++
	}
	if digits == 0 || digits > 2 || (pos-digits > 0 && text[pos-digits-1] != ' ') {
		return false
	}
	if pos+2 >= len(text) || text[pos+1] != ' ' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[pos+2:])
	return unicode.IsLower(r) || unicode.IsDigit(r)
}

// Normalize folds case and accents, drops punctuation and symbols, splits
// letters from digits and joins the words with single spaces:
// "Wie VOLL ist der Tank?" -> "wie voll ist der tank". It is idempotent.
func Normalize(text string) string {
	toks := tokenize(text)
	var b strings.Builder
	for _, t := range toks {
		if t.kind == 's' {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// markFollows: the first character after token t, blanks aside, is mark
// ("tank level ?", "Kesselhaus:").
func markFollows(text string, t token, mark string) bool {
	return strings.HasPrefix(strings.TrimLeft(text[t.end:], " \t"), mark)
}

// trimIDPunct takes from a field of text the marks around an id
// ("(tok-17).", "«al-17»") and an English possessive ("R-101's"): the
// sentence's, not the id's.
func trimIDPunct(f string) string {
	f = strings.TrimRight(strings.Trim(f, "\"'?!,;:()[]{}«»¿¡"), ".")
	for _, s := range []string{"'s", "’s"} {
		if len(f) > len(s)+1 {
			f = strings.TrimSuffix(f, s)
		}
	}
	return f
}
