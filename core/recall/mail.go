package recall

import (
	"slices"
	"strings"
	"unicode"
)

// A message pasted whole (a mail, a chat thread) carries words that are not
// the request: what is quoted from earlier ("> Could you start the pump"),
// who wrote it ("On Mon, Priya wrote:"), who a chat line is from ("[07:02]
// Marcus Fell: …"), the signature after the closing ("Cheers,\nDan\nShift
// Supervisor | Acme Water …") and the legal notice. blankMail turns them
// into spaces, so offsets into the text still hold and the request is read
// on its own words. A one-line request is left alone but for its quotes.

// mailMarks are the words of lines that only frame a mail, in the four
// languages, folded: attribution, forwarded headers, notices, devices.
var mailMarks = struct {
	wrote, original, notice, sentFrom []string
}{
	wrote:    []string{" wrote", "schrieb", "escribio", "a ecrit"},
	original: []string{"original message", "ursprungliche nachricht", "mensaje original", "message d origine", "forwarded message", "weitergeleitete nachricht", "mensaje reenviado", "message transfere"},
	notice: []string{"confidential", "intended solely", "intended only", "intended for the", "privileged", "disclaimer", "designated recipient", "before printing",
		"registered in", "registered office", "vertraulich", "haftungsausschluss", "confidencial", "aviso legal", "confidentiel", "avertissement"},
	sentFrom: []string{"sent from my", "von meinem", "enviado desde mi", "envoye de mon", "envoye depuis mon"},
}

// phoneNumber: a line holds a telephone number of a signature ("+44 20
// 7946 0321", "0161 496 0833", "(503) 555-0147", "ext. 4417"): a digit,
// then at least six digits, spaces, brackets or dashes, ending in a digit.
// Dots part it, so an address or a decimal is none. (Hand-written: regexp
// would add 0.7 MB to core.wasm.)
func phoneNumber(line string) bool {
	for i := 0; i < len(line); i++ {
		if !isDigit(line[i]) {
			continue
		}
		last, n := i, 0
		for j := i + 1; j < len(line) && strings.IndexByte("0123456789 ()-", line[j]) >= 0; j++ {
			n++
			if isDigit(line[j]) {
				last = j
			}
		}
		if last-i >= 7 {
			return true
		}
		i += n
	}
	lower := strings.ToLower(line)
	for at := strings.Index(lower, "ext"); at >= 0; {
		rest := strings.TrimPrefix(strings.TrimPrefix(lower[at+3:], "."), " ")
		k := 0
		for k < len(rest) && isDigit(rest[k]) {
			k++
		}
		if k >= 3 && (at == 0 || !isLetter(lower[at-1])) {
			return true
		}
		next := strings.Index(lower[at+3:], "ext")
		if next < 0 {
			break
		}
		at += 3 + next
	}
	return false
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// frameLine is what a line of a message's frame does: open it ("Hello
// HEART,") or close it ("Kind regards,", "thx").
type frameLine int

const (
	noFrame frameLine = iota
	greets
	closing
)

// blankMail returns text with a message's frame turned into spaces. frame
// tells whether a line's folded words only open or close a message ("hi
// all", "kind regards", "thx", "un saludo"); known whether a folded word
// is one of this system's.
func blankMail(text string, closes func(string) frameLine, known func(string) bool) string {
	if !strings.Contains(text, "\n") && !strings.HasPrefix(strings.TrimSpace(text), ">") {
		return text
	}
	b := []byte(text)
	blank := func(a, z int) {
		for k := a; k < z; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
	}
	multi := strings.Contains(text, "\n")
	body := false // a line of the request itself has been read
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		line := strings.TrimSpace(text[start:end])
		folded := foldLine(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, ">"):
			blank(start, end)
		case !multi:
		case strings.HasSuffix(line, ":") && containsAnyOf(folded+":", mailMarks.wrote):
			blank(start, end)
		case containsAnyOf(folded, mailMarks.original):
			blank(start, end)
		case line == "--" || line == "—" || line == "__":
			blank(start, len(text))
			return string(b)
		case closes(folded) == greets:
			// "Hello HEART," opens the message: no line of the request yet
		case body && (closes(folded) == closing || nameLine(line, known)):
			blank(start, len(text))
			return string(b)
		case containsAnyOf(folded, mailMarks.notice) || containsAnyOf(folded, mailMarks.sentFrom):
			blank(start, end)
		case body && signatureLine(line):
			blank(start, end)
		default:
			if at := speakerEnd(line); at > 0 {
				off := strings.Index(text[start:end], line)
				blank(start, start+off+at)
			}
			body = true
		}
		start = end + 1
	}
	return string(b)
}

// foldLine is a line's words folded and joined by single spaces.
func foldLine(line string) string {
	var ws []string
	for _, t := range tokenize(line) {
		if t.kind != 's' {
			ws = append(ws, t.text)
		}
	}
	return strings.Join(ws, " ")
}

func containsAnyOf(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// nameLine: a line of one to three capitalised words, one of which at
// least this system does not know, and nothing else but a comma ("Kieran
// Boyle", "Bea"); "Stop Pump" is a request.
func nameLine(line string, known func(string) bool) bool {
	words := strings.Fields(strings.TrimSuffix(line, ","))
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	unknown := false
	for _, w := range words {
		r := []rune(w)
		if !unicode.IsUpper(r[0]) || strings.ContainsAny(w, ".:?!;0123456789") {
			return false
		}
		unknown = unknown || !known(foldLine(w))
	}
	return unknown
}

// signatureLine: a line of a signature block: a phone number without a
// question, or short fields parted by bars ("QA Lead | Acme | +353 …").
func signatureLine(line string) bool {
	if strings.Contains(line, "?") {
		return false
	}
	return phoneNumber(line) && len(strings.Fields(line)) <= 14 || strings.Count(line, " | ") >= 2
}

// speakerEnd is where the speaker of a chat line ends ("Marcus Fell: …",
// after its time tag was blanked): two or three capitalised words and a
// colon; a label of one word ("Kesselhaus: Druck fällt") stays.
func speakerEnd(line string) int {
	colon := strings.Index(line, ": ")
	if colon < 0 {
		return 0
	}
	words := strings.Fields(line[:colon])
	if len(words) < 2 || len(words) > 3 {
		return 0
	}
	for _, w := range words {
		if r := []rune(w); !unicode.IsUpper(r[0]) {
			return 0
		}
	}
	return colon + 1
}

// frameOf tells whether a folded line only opens a message (a greeting of
// some pack: "hello heart", "hi all") or closes it (a closing or thanks:
// "kind regards", "thx", "thanks aisha"), perhaps with a name or two.
func (x *Index) frameOf(folded string) frameLine {
	words := strings.Fields(folded)
	for _, p := range x.d.packs {
		for _, f := range []struct {
			lists [][][]string
			frame frameLine
		}{{[][][]string{p.greetings}, greets}, {[][][]string{p.closings, p.thanks, p.closingLines}, closing}} {
			for _, list := range f.lists {
				for _, ph := range list {
					if len(ph) <= len(words) && len(words) <= len(ph)+2 && slices.Equal(words[:len(ph)], ph) &&
						!slices.ContainsFunc(words[len(ph):], x.knownAnywhere) {
						return f.frame
					}
				}
			}
		}
	}
	return noFrame
}

// knownAnywhere: a folded word is one of this system's in some pack.
func (x *Index) knownAnywhere(w string) bool {
	for _, p := range x.d.packs {
		if x.isTerm(p, w) || x.namesOrActs(p, w) {
			return true
		}
	}
	return false
}
