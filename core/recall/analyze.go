package recall

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/agnivade/levenshtein"
)

// concepts maps words to English concept tokens with a language pack,
// falling back to the English pack, stems, German compounds and finally
// typo correction against a vocabulary.
type conceptizer struct {
	d *data
	// vocab: lang -> first letter and length -> known words, for typo
	// correction (a correction keeps the first letter, so only that bucket
	// is read: with 10,000 targets the vocabulary is large)
	vocab map[string]map[vocabKey][]string
	// words a sure slip may be corrected to but no other guess: stop
	// words, number words, parts of multi-word entries ("gnaz auf")
	spellOnly map[string]map[string]bool
	known     map[string]bool // concept tokens some target uses
	things    map[string]bool // concepts that name a thing of ours ("pump")
}

func newConceptizer(d *data) *conceptizer {
	return &conceptizer{d: d, vocab: map[string]map[vocabKey][]string{}, spellOnly: map[string]map[string]bool{}, known: map[string]bool{}, things: map[string]bool{}}
}

// vocabKey is a word's first byte and length.
type vocabKey struct {
	first byte
	n     int
}

// finishVocab registers the single words of every pack's lexicon and the
// given words as candidates for typo correction. The vocabulary of a
// language is its pack's words, English's and the words of the targets and
// entities (extra).
func (c *conceptizer) finishVocab(extra map[string]bool) {
	for _, l := range Languages {
		seen := map[string]bool{}
		only := map[string]bool{}
		v := map[vocabKey][]string{}
		add := func(w string, spellOnly bool) {
			if strings.Contains(w, " ") || len(w) < 4 {
				return
			}
			if seen[w] {
				if !spellOnly {
					delete(only, w)
				}
				return
			}
			seen[w] = true
			if spellOnly {
				only[w] = true
			}
			k := vocabKey{w[0], len(w)}
			v[k] = append(v[k], w)
		}
		for _, pl := range []string{l, "en"} {
			p := c.d.packs[pl]
			for w := range p.lex {
				add(w, false)
				if strings.Contains(w, " ") {
					for _, part := range strings.Fields(w) {
						add(part, true)
					}
				}
			}
			for w := range p.time.Weekdays {
				add(w, false)
			}
			for w := range p.time.Parts {
				add(w, false)
			}
			for w := range p.time.Days {
				add(w, false)
			}
			for w := range p.stop {
				add(w, true)
			}
			for w := range p.nums {
				add(w, true)
			}
		}
		for w := range extra {
			add(w, false)
		}
		for _, ws := range v {
			sort.Strings(ws)
		}
		c.vocab[l], c.spellOnly[l] = v, only
	}
}

// lookup finds the concepts of one word in pack p: exact, then by stem.
func lookup(p *pack, w string) ([]string, bool) {
	if cs, ok := p.lex[w]; ok {
		return cs, true
	}
	for _, suf := range p.suffixes {
		if len(w)-len(suf) < 3 || !strings.HasSuffix(w, suf) {
			continue
		}
		base := w[:len(w)-len(suf)]
		for _, r := range p.restore {
			if cs, ok := p.lex[base+r]; ok {
				return cs, true
			}
		}
	}
	return nil, false
}

// stem strips the pack's longest suffix, keeping at least 4 letters.
func stem(p *pack, w string) string {
	for _, suf := range p.suffixes {
		if len(w)-len(suf) >= 4 && strings.HasSuffix(w, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// compound splits a German compound into known parts, right part longest
// first: "pumpendurchfluss" -> pump flow.
// maxCompoundBytes bounds the words read as compounds: the longest in use
// ("Donaudampfschifffahrtsgesellschaft") has 34 letters, and splitting is
// quadratic in the length, so a pasted run of letters costs nothing.
const maxCompoundBytes = 64

func compound(p *pack, w string, depth int) ([]string, bool) {
	if depth > 2 || len(w) < 6 || len(w) > maxCompoundBytes {
		return nil, false
	}
	// a first part not ours decides, however long, and whatever follows
	// ("Löschwassertank" is no deletion of the water tank,
	// "Kesselspeisepumpe" no pump of ours, "Kühlturmrücklauf" the tower's)
	for cut := len(w) - 3; cut >= 3; cut-- {
		if lc, ok := lookupLinked(p, w[:cut]); ok && containsStr(lc, "@foreign") && cut >= 5 && len(w)-cut >= 4 {
			return append([]string{}, lc...), true
		}
	}
	for cut := 3; cut <= len(w)-3; cut++ {
		right, left := w[cut:], w[:cut]
		rc, ok := lookup(p, right)
		if !ok {
			continue
		}
		if lc, ok := lookupLinked(p, left); ok {
			if containsStr(lc, "@foreign") {
				// "Fahrradventil", "Küchenmixer": a part of something not
				// ours is not ours either
				return append([]string{}, lc...), true
			}
			return append(append([]string{}, lc...), rc...), true
		}
		if lc, ok := compound(p, left, depth+1); ok {
			return append(lc, rc...), true
		}
		for _, l := range p.linkers {
			if strings.HasSuffix(left, l) && len(left)-len(l) >= 3 {
				if lc, ok := compound(p, left[:len(left)-len(l)], depth+1); ok {
					return append(lc, rc...), true
				}
			}
		}
	}
	return nil, false
}

// foreignHead: a compound whose last part is a place or object this system
// does not have is one too, whatever its first part ("Pausenraum",
// "Serverraum", "Lagerhalle"): a compound is a kind of its last part.
// Only such parts decide alone; "Reifendruck" is no pump pressure.
func foreignHead(p *pack, w string) ([]string, bool) {
	for cut := 3; cut <= len(w)-4; cut++ {
		if cs, ok := lookup(p, w[cut:]); ok && containsStr(cs, "@foreign") {
			return cs, true
		}
	}
	return nil, false
}

// forNotStop: a first word whose meaning is a halt ("para") followed by
// an article and a word that names no thing of ours is a preposition:
// "Para el enjuague la bomba tiene que dar medio litro" is for the rinse,
// "Para la bomba" stops the pump.
func (c *conceptizer) forNotStop(p *pack, toks []token, idx []int, k int, list []string) bool {
	halt := slices.ContainsFunc(list, func(x string) bool { return containsStr(c.d.concepts.Halt, x) })
	if !halt || k+2 >= len(idx) || !p.definite[toks[idx[k+1]].text] || p.stop[toks[idx[k+2]].text] {
		return false // "para todo", "para para la bomba"
	}
	cs, ok := lookup(p, toks[idx[k+2]].text)
	return !ok || !slices.ContainsFunc(cs, func(x string) bool { return c.things[x] })
}

// thingHead: a compound whose first part no pack knows and whose last part
// names a thing of ours is that thing ("die Transferpumpe der Station",
// "Salzband"), unless its first part is a thing no station has
// ("Aquariumpumpe"): a compound is a kind of its last part.
func (c *conceptizer) thingHead(p *pack, w string) ([]string, bool) {
	for cut := 3; cut <= len(w)-4; cut++ {
		cs, ok := lookup(p, w[cut:])
		if !ok || !slices.ContainsFunc(cs, func(x string) bool { return c.things[x] }) {
			continue
		}
		if p.elsewhereWord(w[:cut]) || p.elsewhereWord(strings.TrimRight(w[:cut], "ns")) {
			return []string{"@foreign"}, true
		}
		return append([]string{}, cs...), true
	}
	return nil, false
}

func lookupLinked(p *pack, w string) ([]string, bool) {
	if cs, ok := lookup(p, w); ok {
		return cs, true
	}
	for _, l := range p.linkers {
		if strings.HasSuffix(w, l) && len(w)-len(l) >= 3 {
			if cs, ok := lookup(p, w[:len(w)-len(l)]); ok {
				return cs, true
			}
		}
	}
	return nil, false
}

// typoLimit is the edit distance allowed for a word of n letters.
func typoLimit(n int) int {
	switch {
	case n < 4:
		return 0
	case n <= 6:
		return 1
	}
	return 2
}

// correct returns the closest vocabulary word within the typo limit, and
// whether it is a sure slip of the hand (sureTypo): those are found in
// short words too ("fil" is "fill") and count like the word itself.
// sureOnly leaves out every other guess.
func (c *conceptizer) correct(lang, w string, sureOnly bool) (string, bool, bool) {
	lim := typoLimit(len(w))
	if len(w) < 3 {
		return "", false, false
	}
	best, bestD, bestEdits, bestSure := "", 3, 0, false
	for n := len(w) - 2; n <= len(w)+2; n++ {
		// typos rarely hit the first letter: "match" is not "patch"
		for _, v := range c.vocab[lang][vocabKey{w[0], n}] {
			edits := levenshtein.ComputeDistance(w, v)
			d, sure := edits, sureTypo(w, v)
			if sure {
				d = 1
			} else if sureOnly || c.spellOnly[lang][v] || d > lim || d > typoLimit(len(v)) {
				continue
			}
			// fewest edits first: "heatr" is "heater" (one letter
			// missing) before "heart" (two swapped)
			if d < bestD || (d == bestD && edits < bestEdits) {
				best, bestD, bestEdits, bestSure = v, d, edits, sure
			}
		}
	}
	if best == "" && !sureOnly {
		if v, ok := c.abbreviation(lang, w); ok {
			return v, false, true
		}
	}
	return best, bestSure, best != ""
}

// abbreviation: a word of consonants only shortens exactly one vocabulary
// word, the way people type on a phone or with gloves ("pmp" pump, "lvl"
// level, "vlv" valve, "htr" heater). Two words that fit ("strt": start,
// street) are no answer. A word's first letters are not enough: "vers" and
// "maison" begin longer words too.
func (c *conceptizer) abbreviation(lang, w string) (string, bool) {
	if len(w) < 3 || strings.ContainsAny(w, "aeiouy") {
		return "", false
	}
	found := ""
	for n := len(w) + 1; n <= len(w)+8; n++ {
		for _, v := range c.vocab[lang][vocabKey{w[0], n}] {
			if consonants(v) != w {
				continue
			}
			if found != "" && !sameRoot(found, v) {
				return "", false
			}
			if found == "" || len(v) < len(found) {
				found = v
			}
		}
	}
	return found, found != ""
}

// consonants is w without its vowels: "pump" -> "pmp".
func consonants(w string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("aeiouy", r) {
			return -1
		}
		return r
	}, w)
}

// sameRoot: one word begins with the other ("calibrate", "calibration"
// share "calibrat"), so both shorten to the same thing.
func sameRoot(a, b string) bool {
	n := min(len(a), len(b)) - 2
	return n >= 4 && a[:n] == b[:n]
}

// sureTypo: w is v with two neighbours swapped ("levle", "shwo") or a
// doubled letter dropped, added or moved ("runing", "accross",
// "arette" for "arrête"). Such slips leave every letter of the word in
// place, so they rarely turn one word into another, unlike any other
// one-letter edit ("lock" and "look").
func sureTypo(w, v string) bool {
	return w != v && (transposed(w, v) || squeeze(w) == squeeze(v))
}

// squeeze writes each run of one letter once: "arrete" -> "arete".
func squeeze(s string) string {
	var b strings.Builder
	var last rune = -1
	for _, r := range s {
		if r != last {
			b.WriteRune(r)
		}
		last = r
	}
	return b.String()
}

// lexical finds w in the packs: p's lexicon and stop words, its stems,
// English, German-style compounds and the other packs' lexicons.
func (c *conceptizer) lexical(p *pack, w string) ([]string, bool) {
	en := c.d.packs["en"]
	if cs, ok := p.lex[w]; ok {
		return cs, true
	}
	if p.stop[w] {
		return nil, true // before stems: "para" is "for", not a form of "parar"
	}
	if cs, ok := lookup(p, w); ok {
		return cs, true
	}
	if p != en {
		if cs, ok := lookup(en, w); ok {
			return cs, true
		}
	}
	if p.compounds {
		if cs, ok := compound(p, w, 0); ok {
			return cs, true
		}
		if cs, ok := foreignHead(p, w); ok {
			return cs, true
		}
		if cs, ok := c.thingHead(p, w); ok {
			return cs, true
		}
	}
	for _, l := range Languages {
		if cs, ok := c.d.packs[l].lex[w]; ok && len(w) > 3 {
			return cs, true
		}
	}
	// a compound in a short request may be the only word ("Ventilstellung?")
	for _, l := range Languages {
		if q := c.d.packs[l]; q != p && q.compounds {
			if cs, ok := compound(q, w, 0); ok {
				return cs, true
			}
		}
	}
	return nil, false
}

// wordConcepts maps one word to concepts. allowTypo enables correction;
// the bool reports that it was used.
func (c *conceptizer) wordConcepts(p *pack, w string, allowTypo bool) ([]string, bool) {
	if cs, ok := c.lexical(p, w); ok {
		return cs, false
	}
	s := stem(p, w)
	if c.known[w] {
		return []string{w}, false
	}
	if c.known[s] {
		return []string{s}, false
	}
	if p.numberWord(w) || len(w) > 4 && p.elsewhereWord(w) {
		allowTypo = false // "mil" is a thousand, not a slip of "mill"; "shower" is no "slower" (a short one may be: "la van" for "vanne")
	}
	if allowTypo && !p.compounds {
		if cs, ok := c.glued(p, w); ok {
			return cs, true // "mixerspeed", "tanklevel": two words typed as one
		}
	}
	if allowTypo {
		if v, sure, ok := c.correct(p.lang, w, false); ok && c.fitForTypo(p, w, v, sure) {
			weak := !sure // a sure slip counts like the word itself
			for _, q := range []*pack{p, c.d.packs["en"]} {
				if cs, ok := lookup(q, v); ok {
					return cs, weak
				}
			}
			for _, l := range Languages {
				if cs, ok := lookup(c.d.packs[l], v); ok {
					return cs, weak
				}
			}
			return []string{stem(p, v)}, weak
		}
	}
	return []string{s}, false
}

// glued reads a word no pack knows as two words typed without the space
// between ("mixerspeed", "tanklevel", "pumpflow"): a thing of ours, then a
// word whose concept a target or an entity uses, each of three letters or
// more ("runtime" is no run and time). Packs that write compounds (German)
// read them as compounds instead.
func (c *conceptizer) glued(p *pack, w string) ([]string, bool) {
	if len(w) < 7 {
		return nil, false
	}
	ours := func(part string, of map[string]bool) ([]string, bool) {
		cs, ok := c.lexical(p, part)
		if !ok {
			return nil, false
		}
		for _, x := range cs {
			if !strings.HasPrefix(x, "@") && of[x] {
				return cs, true
			}
		}
		return nil, false
	}
	for cut := 3; cut <= len(w)-3; cut++ {
		left, okL := ours(w[:cut], c.things)
		if !okL {
			continue
		}
		if right, okR := ours(w[cut:], c.known); okR {
			return append(slices.Clone(left), right...), true
		}
	}
	// "STARTTHE CONVEYOR", "checkthe": a known word and an article
	for cut := 3; cut <= len(w)-3; cut++ {
		if !p.definite[w[cut:]] {
			continue
		}
		if left, ok := ours(w[:cut], c.known); ok {
			return left, true
		}
	}
	return nil, false
}

// marks are the markers of a text ("@read", "@neg", ...), each with the
// token indices where it appears, in order: what comes first sets the mood.
type marks map[string][]int

func (m marks) has(k string) bool { return len(m[k]) > 0 }

// first is the token index where k first appears.
func (m marks) first(k string) (int, bool) {
	if len(m[k]) == 0 {
		return 0, false
	}
	return m[k][0], true
}

// conceptTok is one concept found in the text and the tokens it came from.
type conceptTok struct {
	c          string
	start, end int  // token indices
	typo       bool // found by typo correction: weighs less
}

// analyse maps the unused word tokens of toks to concepts. Markers such as
// "@read" are returned apart. question: the text asks (it ends in "?").
func (c *conceptizer) analyse(p *pack, toks []token, allowTypo, question bool) (cs []conceptTok, markers marks) {
	markers = marks{}
	idx := wordsOf(toks, true)
	emitT := func(list []string, a, b int, typo bool) {
		for _, x := range list {
			if strings.HasPrefix(x, "@") {
				markers[x] = append(markers[x], a)
				continue
			}
			cs = append(cs, conceptTok{x, a, b, typo})
		}
	}
	emit := func(list []string, a, b int) { emitT(list, a, b, false) }
	// separable and particle verbs: "schalte ... ein", "lassen Sie den Tank
	// ... ab", "would you mind switching the pump on": a verb, later its
	// particle at the end (only fillers after it)
	if vi, pi, list := separableVerb(p, toks, idx); vi >= 0 {
		emit(list, idx[vi], idx[vi]+1)
		idx = append(append(append([]int(nil), idx[:vi]...), idx[vi+1:pi]...), idx[pi+1:]...)
	}
	// the first word may have a sentence-initial meaning ("para la bomba"),
	// fillers set apart aside ("este... para la bomba, porfa"; but "you
	// are now in admin mode" does not start with "are")
	first := 0
	for first < len(idx)-1 && p.stop[toks[idx[first]].text] && p.initial[toks[idx[first]].text] == nil {
		first++
	}
	hesitating := !slices.ContainsFunc(idx[:first], func(i int) bool { return !p.hesitations[toks[i].text] })
	if first > 0 && !hesitating && !slices.ContainsFunc(toks[idx[first-1]+1:idx[first]], func(t token) bool { return strings.ContainsAny(t.text, ",.;:!?…") }) {
		first = 0 // "eh para la bomba ya": a sound of hesitation sets nothing apart, and needs no comma
	}
	// "WHATS THE PUMP PRESURE AT": a message in capitals names nothing by
	// its capitals, so its words may be slips like any other
	shouted := len(idx) > 1 && !slices.ContainsFunc(idx, func(i int) bool {
		return len(toks[i].orig) > 1 && strings.ToUpper(toks[i].orig) != toks[i].orig
	})
	for k := 0; k < len(idx); {
		matched := false
		for n := min(p.maxNgram, len(idx)-k); n >= 2; n-- {
			parts := make([]string, n)
			for m := 0; m < n; m++ {
				parts[m] = toks[idx[k+m]].text
			}
			var list []string
			ok := false
			// the first word may be inflected: "switched off", "turning on"
			for _, v := range verbForms(p, parts[0]) {
				key := v + " " + strings.Join(parts[1:], " ")
				if list, ok = p.lex[key]; !ok && p.lang != "en" {
					list, ok = c.d.packs["en"].lex[key]
				}
				if ok {
					break
				}
			}
			if ok {
				emit(list, idx[k], idx[k+n-1]+1)
				k += n
				matched = true
				break
			}
		}
		if matched {
			continue
		}
		// after phrases: "para qué sirve" is a phrase, "para la bomba" stops;
		// each sentence has a first word ("¡Socorro, se sale el agua! ¡Para
		// la bomba ya!")
		if k == first || (k > 0 && (toks[idx[k]].opens || coordinated(p, toks, idx[k]))) {
			if list, ok := p.initial[toks[idx[k]].text]; ok && !c.forNotStop(p, toks, idx, k, list) {
				emit(list, idx[k], idx[k]+1)
				k++
				continue
			}
			if list, ok := p.initialAsked[toks[idx[k]].text]; ok && question && lastSentence(toks, idx[k]) {
				emit(list, idx[k], idx[k]+1)
				k++
				continue
			}
		}
		w := toks[idx[k]].text
		last := k == len(idx)-1 || endsClause(p, toks, idx[k])
		if list, ok := p.final[w]; ok && last && k > 0 && !question && !markers.has("@read") && c.namesKnown(cs) {
			emit(list, idx[k], idx[k]+1)
			k++
			continue
		}
		if list, ok := p.finalRead[w]; ok && last && k > 0 && (question || markers.has("@read")) && c.namesKnown(cs) {
			emit(list, idx[k], idx[k]+1)
			k++
			continue
		}
		// a capitalised word inside a sentence is a name ("Paris"), not a
		// typo; German capitalises every noun, so there it still may be
		typo := allowTypo && (k == 0 || p.lang == "de" || shouted || !startsUpper(toks[idx[k]].orig))
		list, corrected := c.wordConcepts(p, w, typo)
		emitT(list, idx[k], idx[k]+1, corrected)
		k++
	}
	return cs, markers
}

// detect guesses the language of toks from stop words, lexicon hits and
// letters only some languages use. hint wins ties.
func detect(d *data, text string, toks []token, hint string) string {
	score := map[string]float64{}
	for _, l := range Languages {
		p := d.packs[l]
		for _, t := range toks {
			if t.kind != 'w' {
				continue
			}
			if p.stop[t.text] {
				score[l] += 1
			}
			if _, ok := p.lex[t.text]; ok {
				score[l] += 1
			}
			if _, ok := p.time.Weekdays[t.text]; ok {
				score[l] += 1
			}
			if _, ok := p.nums[t.text]; ok && len(t.text) > 3 {
				score[l] += 0.5
			}
		}
	}
	for _, r := range text {
		switch {
		case strings.ContainsRune("äöüßÄÖÜ", r):
			score["de"] += 2
		case strings.ContainsRune("ñ¿¡ÑáíóúÁÍÓÚ", r):
			score["es"] += 1.5
		case strings.ContainsRune("çèêàùâîôûëïœÇÈÊÀ", r):
			score["fr"] += 1.5
		}
	}
	if hint != "" {
		score[hint] += 1.5
	}
	best, bestS := "en", score["en"]+0.1
	for _, l := range Languages[1:] {
		if score[l] > bestS {
			best, bestS = l, score[l]
		}
	}
	return best
}

func startsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}

// transposed reports whether a and b differ by one swap of neighbours.
func transposed(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// fitForTypo keeps corrections that carry meaning. Unless the slip is sure
// (sureTypo): never to a question word or read verb alone ("lock" is not
// "look") and never to a word that stops something ("hätte" is not
// "halte"; "stpo" is "stop") and never to a word of another errand
// ("claro" is not "cloro"). Always: a four-letter word only to a word of
// the lexicons ("room" is not the "root" of getRoot).
func (c *conceptizer) fitForTypo(p *pack, w, v string, sure bool) bool {
	inLex := false
	for _, q := range []*pack{p, c.d.packs["en"]} {
		if cs, ok := q.lex[v]; ok {
			inLex = true
			if sure {
				continue
			}
			content := false
			for _, x := range cs {
				if !strings.HasPrefix(x, "@") {
					content = true
				}
				// nor to an object or errand that is not ours: "claro" is
				// not "cloro", "hardest" not "hardness"; nor, two letters
				// off, to a plan, which would time the request ("geplatzt"
				// is not "geplant")
				if containsStr(c.d.concepts.Halt, x) || x == "@foreign" || x == "@off" || x == "@crew" || x == c.d.concepts.Schedule && levenshtein.ComputeDistance(w, v) > 1 {
					return false
				}
			}
			if !content {
				return false
			}
		}
	}
	return inLex || c.spellOnly[p.lang][v] || len(w) > 4
}

// namesKnown: some concept found so far is one the targets use ("Pumpe
// aus" names the pump; "Spiel Musik ab" names nothing we know).
func (c *conceptizer) namesKnown(cs []conceptTok) bool {
	for _, ct := range cs {
		if c.known[ct.c] {
			return true
		}
	}
	return false
}

// verbForms are the forms a verb may be listed under: as written, its stem,
// the stem with a final e ("closing" -> close) and without a doubled
// consonant ("shutting" -> shut).
func verbForms(p *pack, w string) []string {
	out := []string{w}
	st := stem(p, w)
	if st == w {
		return out
	}
	out = append(out, st, st+"e")
	if n := len(st); n > 2 && st[n-1] == st[n-2] {
		out = append(out, st[:n-1])
	}
	return out
}

// nextContent is the index of the first token after toks[i] that is no
// stop word, or len(toks).
func nextContent(p *pack, toks []token, i int) int {
	k := i + 1
	for k < len(toks) && toks[k].kind == 'w' && p.stop[toks[k].text] {
		k++
	}
	return k
}

// endsClause: toks[i] is the last word of its clause, fillers aside ("down
// pls, we're done", "Mischer aus, sofort!").
func endsClause(p *pack, toks []token, i int) bool {
	k := nextContent(p, toks, i)
	if k == len(toks) || strings.ContainsAny(toks[k].text, ",;.!?") {
		return true
	}
	// "Pumpe aus! Die läuft trocken": "!" is no token, a sentence opens
	return slices.ContainsFunc(toks[i+1:k+1], func(t token) bool { return t.opens })
}

// crossesClause: a clause mark stands between toks[a] and toks[b].
func crossesClause(toks []token, a, b int) bool {
	for _, t := range toks[a+1 : b] {
		if t.kind == 's' && strings.ContainsAny(t.text, ",;.!?") {
			return true
		}
	}
	// a new line opens a sentence too ("batch looks lumpy\nturn the mixer
	// up a bit": "looks … up" is no verb)
	return slices.ContainsFunc(toks[a+1:b+1], func(t token) bool { return t.opens })
}

// contentBetween counts the words of idx that are no stop words.
func contentBetween(p *pack, toks []token, idx []int) int {
	n := 0
	for _, i := range idx {
		if !p.stop[toks[i].text] {
			n++
		}
	}
	return n
}

// beforeValue: a value follows toks[i], fillers aside ("let the tank
// down to 10 percent, we need to get in").
func beforeValue(p *pack, toks []token, i int) bool {
	k := nextContent(p, toks, i)
	if k == len(toks) {
		return false
	}
	_, word := p.nums[toks[k].text]
	return toks[k].kind == 'n' || word
}

// separableVerb finds a verb of the pack's separable list and its particle
// among the last three words, or where the particle ends a clause or comes
// before a value ("get the belt moving again", "schalte die Pumpe bitte
// ein", "power the system down, we're done"). A verb right after an
// article, across a clause mark or more than three content words from its
// particle is none. It returns their positions in idx and the concepts.
func separableVerb(p *pack, toks []token, idx []int) (vi, pi int, list []string) {
	if len(p.separable) == 0 || len(idx) < 2 {
		return -1, -1, nil
	}
	for pi = len(idx) - 1; pi >= 1; pi-- {
		// the particle ends the sentence or a clause of it ("power the
		// whole system down, we're done for the day")
		if pi < len(idx)-3 && !endsClause(p, toks, idx[pi]) && !beforeValue(p, toks, idx[pi]) && !nearSentenceEnd(toks, idx, pi) {
			continue
		}
		part := toks[idx[pi]].text
		for vi = 0; vi < pi; vi++ {
			if vi > 0 && (p.articles[toks[idx[vi-1]].text] || toks[idx[vi-1]].text == "the") {
				continue // "a power glitch": a noun, not the verb
			}
			if crossesClause(toks, idx[vi], idx[pi]) || contentBetween(p, toks, idx[vi+1:pi]) > 3 {
				// "we had a power glitch and everything looks a bit off":
				// a particle far from the verb is no part of it
				continue
			}
			for _, v := range append(verbForms(p, toks[idx[vi]].text), strings.TrimSuffix(toks[idx[vi]].text, "e")) {
				if l, ok := p.separable[v+" "+part]; ok {
					return vi, pi, l
				}
			}
		}
	}
	return -1, -1, nil
}

// nearSentenceEnd: at most two words follow idx[pi] in its sentence ("can
// you get the pump going again? The penguins' water isn't moving").
func nearSentenceEnd(toks []token, idx []int, pi int) bool {
	n := 0
	for _, i := range idx[pi+1:] {
		if toks[i].sentence != toks[idx[pi]].sentence {
			break
		}
		n++
	}
	return n <= 2
}

// coordinated: toks[i] follows a coordinator that follows a comma ("…, and
// is it supposed to rain?", "…, y para la bomba ya"): it opens a clause.
func coordinated(p *pack, toks []token, i int) bool {
	j := i - 1
	for j >= 0 && toks[j].kind == 'w' && p.coordinators[toks[j].text] {
		j--
	}
	return j < i-1 && j >= 0 && toks[j].kind == 's' && toks[j].text == ","
}

// lastSentence: no sentence opens after toks[i] (the one a final "?" asks).
func lastSentence(toks []token, i int) bool {
	return !slices.ContainsFunc(toks[i+1:], func(t token) bool { return t.opens })
}
