package recall

import (
	"encoding/json"
	"github.com/agnivade/levenshtein"
	"math"
	"slices"
	"sort"
	"strings"
)

type unitFile struct {
	Units []struct {
		Unit    string   `json:"unit"`
		Dim     string   `json:"dim"`
		Factor  float64  `json:"factor"`
		Offset  float64  `json:"offset"`
		Aliases []string `json:"aliases"`
	} `json:"units"`
	ArgNames []struct {
		Contains string `json:"contains"`
		Unit     string `json:"unit"`
	} `json:"argNames"`
	// PartOf: the words between a fraction and its unit ("a quarter of a
	// metre per second", "un quart d'heure", "la mitad de un minuto")
	PartOf []string `json:"partOf"`
	// Period: words between a number and a unit of time that make it a
	// span up to now ("les 24 dernières heures")
	Period []string `json:"period"`
	// Rates: the parts of rates not listed whole (rates.go)
	Rates rateFile `json:"rates"`
}

// unitAlias is one way of writing a unit, as token texts, and how to convert
// a value written with it to the canonical unit: v*factor + offset.
type unitAlias struct {
	toks   []string
	unit   string
	dim    string
	factor float64
	offset float64
}

type unitTable struct {
	byFirst  map[string][]unitAlias // first token -> aliases, longest first
	dims     map[string]string      // canonical unit -> dimension
	argNames []struct{ contains, unit string }
	partOf   map[string]bool
	period   map[string]bool
	rates    *rateParts
}

// word: w alone is one of the aliases ("bars", "litros"): a word the
// tables know, which no typo guess corrects.
func (u *unitTable) word(w string) bool {
	for _, a := range u.byFirst[w] {
		if len(a.toks) == 1 {
			return true
		}
	}
	return false
}

func aliasTokens(s string) []string {
	var out []string
	for _, t := range tokenize(s) {
		out = append(out, t.text)
	}
	return out
}

func parseUnits(b []byte) (*unitTable, error) {
	var f unitFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	t := &unitTable{byFirst: map[string][]unitAlias{}, dims: map[string]string{}}
	for _, u := range f.Units {
		t.dims[u.Unit] = u.Dim
		for _, a := range u.Aliases {
			toks := aliasTokens(a)
			if len(toks) == 0 {
				continue
			}
			t.byFirst[toks[0]] = append(t.byFirst[toks[0]], unitAlias{toks, u.Unit, u.Dim, u.Factor, u.Offset})
		}
	}
	for k, as := range t.byFirst {
		sort.SliceStable(as, func(i, j int) bool { return len(as[i].toks) > len(as[j].toks) })
		t.byFirst[k] = as
	}
	t.partOf = map[string]bool{}
	for _, w := range f.PartOf {
		t.partOf[Normalize(w)] = true
	}
	t.rates = f.Rates.parts()
	t.period = map[string]bool{}
	for _, w := range f.Period {
		t.period[Normalize(w)] = true
	}
	for _, a := range f.ArgNames {
		t.argNames = append(t.argNames, struct{ contains, unit string }{a.Contains, a.Unit})
	}
	return t, nil
}

// match finds the longest unit written at toks[i:].
func (t *unitTable) match(toks []token, i int) (unitAlias, int, bool) {
	if i >= len(toks) {
		return unitAlias{}, i, false
	}
	for _, a := range t.byFirst[toks[i].text] {
		if end, ok := wordsAt(toks, i, a.toks); ok && !toks[end-1].elided {
			if r, rend, composed := t.matchRate(toks, i); composed && rend > end {
				a, end = r, rend // "cm per second" is longer than "cm"
			}
			if c, cend, ok := t.changeOf(toks, a, end); ok {
				return c, cend, true // "litre/min per second" is a ramp
			}
			return a, end, true
		}
	}
	if r, end, ok := t.matchRate(toks, i); ok {
		if c, cend, ok := t.changeOf(toks, r, end); ok {
			return c, cend, true
		}
		return r, end, true
	}
	return unitAlias{}, i, false
}

// canonical returns the canonical unit for a unit as a definition writes it
// ("L/min", "litres per minute", "°C", "s"), or "" when unknown.
func (t *unitTable) canonical(unit string) string {
	if unit == "" {
		return ""
	}
	if _, ok := t.dims[unit]; ok {
		return unit
	}
	toks := tokenize(unit)
	if a, end, ok := t.match(toks, 0); ok && end == len(toks) {
		if a.factor == 1 && a.offset == 0 {
			return a.unit
		}
	}
	return ""
}

// argUnit is the canonical unit of an argument: its declared unit, or one
// guessed from its name (litresPerMin -> L/min) by units.json argNames.
func (t *unitTable) argUnit(a Arg) string {
	if u := t.canonical(a.Unit); u != "" {
		return u
	}
	name := strings.ToLower(strings.ReplaceAll(a.Name, "_", ""))
	for _, h := range t.argNames {
		if strings.Contains(name, h.contains) {
			return h.unit
		}
	}
	return ""
}

// Quantity is a number found in the request, with its unit converted to the
// canonical unit of units.json ("" when written without a unit).
type Quantity struct {
	Value      float64 `json:"value"`
	Unit       string  `json:"unit,omitempty"`
	Text       string  `json:"text"`
	Start, End int     `json:"-"` // byte offsets in the request
	Words      bool    `json:"words,omitempty"`
	// relative: a change by this much ("bump the flow by 10"), not a value
	// to set: it fills no argument, so the Core asks for the value
	relative bool
	// told: an hour in the story around the request ("the shift arrives
	// at 6, fill the tank"), or a length of time ago ("twenty minutes
	// ago", "hace veinte minutos"): it fills no argument
	told bool
	// window: one unit of time just gone ("the last hour"), a quantity
	// only where a statistic is asked for (lastWindows)
	window bool
}

// quantities turns number spans into quantities, reading the unit after
// each one and marking the tokens used.
func (t *unitTable) quantities(text string, toks []token, nums []numSpan) []Quantity {
	var out []Quantity
	for _, n := range nums {
		if toks[n.start].used {
			continue
		}
		q := Quantity{Value: n.value, Start: toks[n.start].start, End: toks[n.end-1].end, Words: n.words}
		end := n.end
		if a, e, ok := t.within(toks, n); ok {
			// "a quarter of an hour", "un quart d'heure", "media hora": the
			// number's words begin a unit that says how much itself
			q.Value, q.Unit, end = a.factor, a.unit, e
		} else if a, e, ok := t.matchPart(toks, n); ok {
			// "a quarter of a metre per second": the fraction of the unit
			q.Value = n.value*a.factor + a.offset
			q.Unit = a.unit
			end = e
		} else if a, e, ok := t.match(toks, n.end); ok && !possessive(text, toks, n.end) {
			q.Value = n.value*a.factor + a.offset
			q.Unit = a.unit
			end = e
		} else if a, e, ok := t.afterPeriod(toks, n.end); ok {
			q.Value, q.Unit, end = n.value*a.factor, a.unit, e // "24 dernières heures"
		} else if n.weak {
			continue
		}
		q.Value = round9(q.Value)
		q.End = toks[end-1].end
		q.Text = text[q.Start:q.End]
		for k := n.start; k < end; k++ {
			toks[k].used = true
		}
		out = append(out, q)
	}
	return out
}

// unitAndHalf reads a unit followed by a connector and a fraction in
// words: "minuto y medio", "a minute and a half", "une heure et demie" are
// one and a half of the unit, "two minutes and a half" two and a half. The
// tokens read are marked used, so they are read once.
func (t *unitTable) unitAndHalf(text string, toks []token, nums []numSpan, p *pack) []Quantity {
	var out []Quantity
	for _, n := range nums {
		frac := n.end - 1 // "medio", or "a half": an article and the fraction
		if !n.words || n.value <= 0 || n.value >= 1 || n.start < 2 || toks[n.start].used || (frac > n.start && !p.articles[toks[n.start].text]) || frac-n.start > 1 {
			continue
		}
		and := n.start - 1
		if !p.connectors[toks[and].text] {
			continue
		}
		for j := max(0, and-4); j < and; j++ {
			a, end, ok := t.match(toks, j)
			if !ok || end != and {
				continue
			}
			from, whole := j, 1.0
			if k := slices.IndexFunc(nums, func(m numSpan) bool { return m.end == j }); k >= 0 && !toks[nums[k].start].used {
				from, whole = nums[k].start, nums[k].value // "two minutes and a half"
			} else if j > 0 && toks[j-1].kind == 'n' {
				break
			} else if j > 0 && p.articles[toks[j-1].text] {
				from = j - 1 // "a minute and a half"
			}
			q := Quantity{Value: round9((whole + n.value) * a.factor), Unit: a.unit, Start: toks[from].start, End: toks[n.end-1].end, Words: true}
			q.Text = text[q.Start:q.End]
			for k := from; k < n.end; k++ {
				toks[k].used = true
			}
			out = append(out, q)
			break
		}
	}
	return out
}

// afterPeriod finds a unit of time after a period word at toks[j]
// ("dernières heures").
func (t *unitTable) afterPeriod(toks []token, j int) (unitAlias, int, bool) {
	if j >= len(toks) || !t.period[toks[j].text] {
		return unitAlias{}, 0, false
	}
	if a, e, ok := t.match(toks, j+1); ok && a.dim == "time" {
		return a, e, true
	}
	return unitAlias{}, 0, false
}

// matchPart finds the unit of a fraction in words that follows it after
// partOf words ("a quarter of a metre per second").
func (t *unitTable) matchPart(toks []token, n numSpan) (unitAlias, int, bool) {
	if !n.words || n.value <= 0 || n.value >= 1 {
		return unitAlias{}, 0, false
	}
	j := n.end
	for k := 0; k < 2 && j < len(toks) && t.partOf[toks[j].text]; k++ {
		j++
	}
	if j == n.end {
		return unitAlias{}, 0, false
	}
	return t.match(toks, j)
}

// within finds a unit alias that starts inside the number span n and
// ends after it.
func (t *unitTable) within(toks []token, n numSpan) (unitAlias, int, bool) {
	for k := n.start; k < n.end; k++ {
		if a, e, ok := t.match(toks, k); ok && e > n.end {
			return a, e, true
		}
	}
	return unitAlias{}, 0, false
}

func round9(v float64) float64 { return math.Round(v*1e9) / 1e9 }

// articleDurations reads "an hour", "eine Minute", "une heure" as 1 of the
// unit, and a rate written out in words ("einen Meter pro Sekunde"); "a
// litre" alone is not a flow.
func (t *unitTable) articleDurations(text string, toks []token, p *pack) []Quantity {
	var out []Quantity
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].used || !p.articles[toks[i].text] {
			continue
		}
		a, end, ok := t.match(toks, i+1)
		// "a minute", and a rate written out in words: "einen Meter pro
		// Sekunde", "un litro por segundo" is one of it
		rate := ok && a.dim != "time" && end-(i+1) >= 3
		if !ok || a.dim != "time" && !rate || t.insideRate(toks, i) {
			continue
		}
		q := Quantity{Value: a.factor + a.offset, Unit: a.unit, Start: toks[i].start, End: toks[end-1].end, Words: true}
		q.Text = text[q.Start:q.End]
		for k := i; k < end; k++ {
			toks[k].used = true
		}
		out = append(out, q)
	}
	return out
}

// lastWindows reads one unit of time after a word of the window just gone
// as a length of time ("over the last hour", "sur la dernière heure": 3600
// s), so a statistic takes it as its window; the request keeps it only
// when it asks for a statistic (keepWindows). A plural ("the last hours")
// says no length.
func (t *unitTable) lastWindows(text string, toks []token, p *pack) []Quantity {
	var out []Quantity
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].used || toks[i].kind != 'w' || !p.windowLast[toks[i].text] {
			continue
		}
		a, end, ok := t.match(toks, i+1)
		if !ok || a.dim != "time" || end != i+2 || toks[i+1].used || plural(p, toks[i+1].text) || t.insideRate(toks, i+1) {
			continue
		}
		q := Quantity{Value: a.factor + a.offset, Unit: a.unit, Start: toks[i].start, End: toks[i+1].end, Words: true, window: true}
		q.Text = text[q.Start:q.End]
		out = append(out, q) // the words stay: they still tell of what was
	}
	return out
}

// keepWindows drops the windows of lastWindows unless a concept of
// statistics is said ("max pump pressure in the last hour"): "the logs
// from the last hour" and "like it did last week" fill no argument.
func (x *Index) keepWindows(qs []Quantity, cs []conceptTok) []Quantity {
	if slices.ContainsFunc(cs, func(ct conceptTok) bool { return containsStr(x.d.concepts.Statistics, ct.c) }) {
		return qs
	}
	return slices.DeleteFunc(qs, func(q Quantity) bool { return q.window })
}

// plural: w looks like a plural in p's language ("hours", "Stunden",
// "Tage").
func plural(p *pack, w string) bool {
	if p.lang == "de" {
		return strings.HasSuffix(w, "n") || w == "tage"
	}
	return strings.HasSuffix(w, "s")
}

// insideRate: toks[i] is inside a rate unit that starts before it ("how
// many litres a minute": "a minute" is the rate's, no length of time).
func (t *unitTable) insideRate(toks []token, i int) bool {
	for j := max(0, i-3); j < i; j++ {
		if a, end, ok := t.match(toks, j); ok && end > i && a.dim != "time" {
			return true
		}
	}
	return false
}

// unitMention is a unit written as a word without a number before it.
type unitMention struct {
	unit       string
	start, end int // token indices
}

// mentions finds units written as words, not after a number ("how many
// litres", "wieviel Umdrehungen"): never time units ("min max avg") nor
// one- or two-letter abbreviations.
func (t *unitTable) mentions(toks []token) []unitMention {
	var out []unitMention
	for i := 0; i < len(toks); i++ {
		if toks[i].used || toks[i].kind != 'w' || (i > 0 && toks[i-1].kind == 'n') {
			continue
		}
		a, end, ok := t.match(toks, i)
		if !ok || a.dim == "time" || len(strings.Join(a.toks, "")) < 3 {
			continue
		}
		out = append(out, unitMention{a.unit, i, end})
		if slices.Contains(a.toks, "/") {
			// "(conveyor.speed, m/min)": a unit symbol's words ("min")
			// are no statistic
			for k := i; k < end; k++ {
				toks[k].used = true
			}
		}
		i = end - 1
	}
	return out
}

// markRelative marks the quantities written after a relative word of the
// pack ("increase the flow by 10").
func markRelative(p *pack, toks []token, qs []Quantity) {
	for k := range qs {
		prev := -1
		for i, t := range toks {
			if t.end <= qs[k].Start && t.kind == 'w' {
				prev = i
			}
		}
		if prev >= 0 && p.relative[toks[prev].text] {
			qs[k].relative = true
		}
		// "6 degrees over setpoint", "5 Grad mehr", "dos grados más": a
		// difference, not the value
		for _, t := range toks {
			if t.start >= qs[k].End {
				if t.kind == 'w' && p.relativeAfter[t.text] {
					qs[k].relative = true // not across a comma: "auf 8 Grad, mehr brauchen wir nicht"
				}
				break
			}
		}
	}
}

// markClockOffsets takes the words after a span of time that say a clock
// is off by it ("running ten minutes slow", "geht fünf Minuten nach",
// "trois minutes de retard"): they name no speed of a thing.
func markClockOffsets(p *pack, toks []token, qs []Quantity) {
	for _, q := range qs {
		if q.Unit != "s" {
			continue
		}
		i := slices.IndexFunc(toks, func(t token) bool { return t.start >= q.End })
		if i < 0 {
			continue
		}
		if ph, ok := phraseAtToken(toks, i, p.clockOffset); ok {
			for k := i; k < i+len(ph); k++ {
				toks[k].used = true
			}
		}
	}
}

// markCorrections reads values the person took back or left open. A value
// taken back for another is replaced by it ("fifty, no, sixty litres a
// minute", "trente, non, trente-cinq"): only the last fills an argument.
// Values left open state none the person settled on ("40 o 45", "fifty,
// no wait, maybe forty", "vierzig oder so", "eighty, no, to, um"): no value
// fills an argument, so the Core asks.
func markCorrections(p *pack, toks []token, qs []Quantity) {
	words := func(from, to int) []string {
		var out []string
		for _, t := range toks {
			if t.kind == 'w' && t.start >= from && t.end <= to {
				out = append(out, t.text)
			}
		}
		return out
	}
	open := func() {
		for i := range qs {
			qs[i].relative = true
		}
	}
	for k := 1; k < len(qs); k++ {
		a, b := qs[k-1], qs[k]
		if a.Unit != b.Unit && a.Unit != "" && b.Unit != "" {
			continue // "40 l/min for 10 minutes": two things
		}
		between := words(a.End, b.Start)
		switch {
		case p.has(p.alternatives, between) || p.has(p.hedges, between):
			open()
			return
		case p.has(p.corrections, between):
			qs[k-1].relative = true // taken back for the next
		}
	}
	if len(qs) == 0 {
		return
	}
	after := words(qs[len(qs)-1].End, 1<<30)
	if len(after) > 4 {
		after = after[:4]
	}
	if len(after) > 0 && p.has(p.causal, after[:1]) {
		return // "a 3 grados, que no se congele": a reason follows, no hedge ("no sé")
	}
	switch {
	case len(after) > 1 && p.has(p.corrections, after[:1]) && p.relativeAfter[after[1]]:
		// "medio litro por segundo, no más": a limit, nothing taken back
	case len(after) > 0 && p.has(p.corrections, after[:1]):
		open() // taken back, and nothing said instead
	case p.has(p.alternatives, after) || p.has(p.hedges, after):
		open()
	}
}

// likeTimeUnit: w is written close to a word for a span of time
// ("minuuten", "minutitos", "segunditos"): one of one word, of four letters
// or more, within an edit (two for a long word) or sharing its first four
// letters ("steps" is no "secs").
func (t *unitTable) likeTimeUnit(w string) bool {
	edits := 1
	if len(w) >= 7 {
		edits = 2
	}
	for first, as := range t.byFirst {
		for _, a := range as {
			if a.dim != "time" || len(a.toks) != 1 || len(first) < 4 {
				continue
			}
			if levenshtein.ComputeDistance(w, first) <= edits || len(w) >= 4 && w[:4] == first[:4] {
				return true
			}
		}
	}
	return false
}

// possessive: an apostrophe stands right before the token at i ("R-101's
// down", "the 90's"), so the letter after it is no unit.
func possessive(text string, toks []token, i int) bool {
	if i >= len(toks) || i == 0 {
		return false
	}
	gap := text[toks[i-1].end:toks[i].start]
	return gap == "'" || gap == "’"
}

// markAgo marks told a length of time that says how long ago ("the same
// values as twenty minutes ago", "hace veinte minutos", "il y a vingt
// minutes", "vor zwanzig Minuten"; packs agoAfter, agoBefore): a moment gone
// by, no duration to act for.
func (t *unitTable) markAgo(p *pack, toks []token, qs []Quantity) {
	words := wordsOf(toks, false)
	at := wordIndex(words)
	for k, q := range qs {
		first := quantityToken(toks, q)
		if t.dims[q.Unit] != "time" || first < 0 {
			continue
		}
		last := first
		for last+1 < len(toks) && toks[last+1].end <= q.End {
			last++
		}
		if n, ok := at[last+1]; ok {
			if _, ago := phraseAt(toks, words, n, p.agoAfter); ago {
				qs[k].told = true
			}
		}
		for n := 0; n < len(words) && words[n] < first; n++ {
			if ph, ago := phraseAt(toks, words, n, p.agoBefore); ago && n+len(ph) < len(words) && words[n+len(ph)] == first {
				qs[k].told = true
			}
		}
	}
}

// spanBack: a length of time said with a word of a period up to now ("the
// last two hours", "las últimas dos horas", "der letzten zwei Stunden", "les
// 24 dernières heures"): how a value went over it is asked, not the value
// now.
func (t *unitTable) spanBack(p *pack, toks []token, qs []Quantity) bool {
	for _, q := range qs {
		if q.Unit != "s" || q.told {
			continue
		}
		i := quantityToken(toks, q)
		if i < 0 {
			continue
		}
		if i > 0 && t.period[toks[i-1].text] || i > 1 && t.period[toks[i-2].text] && (p.definite[toks[i-1].text] || p.articles[toks[i-1].text]) {
			return true
		}
		if k := i + 1; k < len(toks) && t.period[toks[k].text] {
			return true
		}
	}
	return false
}
