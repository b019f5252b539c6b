package recall

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// Conventions for vague parts of the day (decisions §3), as hour and minute.
var partClock = map[string][2]int{
	"morning": {8, 0}, "noon": {12, 0}, "afternoon": {15, 0}, "evening": {19, 0}, "night": {22, 0}, "midnight": {0, 0},
}

// vagueParts are the parts whose hour is a convention, not a named time.
var vagueParts = map[string]bool{"morning": true, "afternoon": true, "evening": true, "night": true}

// timeParts collects what a request says about a time.
type timeParts struct {
	dayOff     int
	hasDay     bool
	weekday    int
	hasWeekday bool
	lastWeek   bool // "last Friday": the weekday gone by
	part       string
	hour, min  int
	hasClock   bool
	bareClock  bool // "at 6" without am/pm, o'clock or minutes
	bareDigits bool // that hour in digits, no unit after it ("à 3", not "il y a un carton", "a diez minutos")
	pm, am     bool
	rel        time.Duration
	hasRel     bool
	abs        time.Time // a date written out
	hasAbs     bool
	used       []int // token indices
}

func (tp *timeParts) strong() bool {
	return tp.hasDay || tp.hasWeekday || tp.part != "" || tp.hasRel || tp.hasAbs || (tp.hasClock && !tp.bareClock)
}

// ngramAt joins n word texts from toks[i] (skipping "-" symbols), and the
// index after them.
func ngramAt(toks []token, i, n int) (string, int) {
	var parts []string
	j := i
	for j < len(toks) && len(parts) < n {
		if toks[j].text == "-" {
			j++
			continue
		}
		if toks[j].kind != 'w' || toks[j].used {
			return "", i
		}
		parts = append(parts, toks[j].text)
		j++
	}
	if len(parts) < n {
		return "", i
	}
	return strings.Join(parts, " "), j
}

// parseTime finds a time expression in toks (using the number spans) and
// resolves it against now in loc. It marks the tokens it used.
func parseTime(text string, toks []token, nums []numSpan, p *pack, units *unitTable, now time.Time, loc *time.Location) *TimeExpr {
	if loc == nil {
		loc = time.UTC
	}
	tw := &p.time
	numAt := map[int]numSpan{}
	for _, n := range nums {
		numAt[n.start] = n
	}
	var tp timeParts
	mark := func(a, b int) {
		for k := a; k < b; k++ {
			tp.used = append(tp.used, k)
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		// three-, two- and one-word time phrases
		found := false
		for n := 3; n >= 1 && !found; n-- {
			key, end := ngramAt(toks, i, n)
			if key == "" {
				continue
			}
			if v, ok := tw.Combined[key]; ok {
				f := strings.Fields(v)
				if len(f) != 2 { // "last night": a time, but not one to act at
					i, found = end-1, true
					break
				}
				if len(f) == 2 {
					d, _ := strconv.Atoi(f[0])
					tp.dayOff, tp.hasDay, tp.part = d, true, f[1]
					mark(i, end)
					i, found = end-1, true
				}
				break
			}
			if a, ok := tw.Ambiguous[key]; ok && n == 1 && i > 0 && contains(a.After, toks[i-1].text) {
				if a.Part != "" {
					tp.part = a.Part
					mark(i, end)
				}
				i, found = end-1, true
				break
			}
			if d, ok := tw.Days[key]; ok {
				// "el turno de mañana": the morning shift, not tomorrow
				if _, part := tw.Parts[key]; part && shiftNamed(p, toks, i, end) {
					i, found = end-1, true
					break
				}
				tp.dayOff, tp.hasDay = d, true
				mark(i, end)
				i, found = end-1, true
				break
			}
			if wd, ok := tw.Weekdays[key]; ok {
				tp.weekday, tp.hasWeekday = wd, true
				mark(i, end)
				// "last Friday", "el viernes pasado": the one gone by
				if i > 0 && p.timeSet["last"][toks[i-1].text] {
					tp.lastWeek = true
					mark(i-1, i)
				} else if end < len(toks) && p.timeSet["last"][toks[end].text] {
					tp.lastWeek = true
					mark(end, end+1)
					end++
				}
				i, found = end-1, true
				break
			}
			if pt, ok := tw.Parts[key]; ok {
				// "Night shift here", "le poste de nuit", "el turno de noche":
				// a shift by its part of the day is people, not a time
				if shiftNamed(p, toks, i, end) {
					i, found = end-1, true
					break
				}
				// "first thing before we start the LOTO: hands off": first of
				// all, no morning
				if end < len(toks) && contains(tw.PartNotBefore[key], toks[end].text) {
					i, found = end-1, true
					break
				}
				tp.part = pt
				mark(i, end)
				i, found = end-1, true
				break
			}
		}
		if found {
			continue
		}
		// glued weekday and part: "sonntagabend", "montagmorgen"
		if t.kind == 'w' && len(t.text) > 6 {
			for wdName, wd := range tw.Weekdays {
				if rest, ok := strings.CutPrefix(t.text, wdName); ok && len(wdName) > 3 {
					if pt, ok := tw.Parts[rest]; ok {
						tp.weekday, tp.hasWeekday, tp.part = wd, true, pt
						mark(i, i+1)
						found = true
						break
					}
					if rest == "s" { // "sonntags"
						tp.weekday, tp.hasWeekday = wd, true
						mark(i, i+1)
						found = true
						break
					}
				}
			}
			if found {
				continue
			}
		}
		// relative: "in 10 minutes", "in einer Stunde", "dans une heure"
		inWords := 0 // "in", "within"; two words: "give it" (fifteen minutes)
		if p.timeSet["in"][t.text] {
			inWords = 1
		} else if two, _ := ngramAt(toks, i, 2); two != "" && p.timeSet["in"][two] {
			inWords = 2
		}
		if inWords > 0 && i+inWords < len(toks) {
			j := i + inWords
			for j+1 < len(toks) && p.timeSet["filler"][toks[j].text] && !p.articles[toks[j].text] {
				j++ // "dentro de 15 minutos"
			}
			val, ok := 0.0, false
			// "in an hour", "in a quarter of an hour", "dentro de un cuarto
			// de hora": an article and a unit of time, read before the
			// article and a fraction can become a number ("a quarter")
			if j+1 < len(toks) && (p.articles[toks[j].text] || (p.lang == "en" && toks[j].text == "a")) {
				if a, end, isUnit := units.match(toks, j+1); isUnit && a.dim == "time" {
					tp.rel, tp.hasRel = time.Duration(a.factor*float64(time.Second)), true
					mark(i, end)
					i = end - 1
					continue
				}
			}
			if n, isNum := numAt[j]; isNum {
				val, ok, j = n.value, true, n.end
			} else if p.articles[toks[j].text] || (p.lang == "en" && toks[j].text == "a") {
				val, ok, j = 1, true, j+1
			}
			if ok && j < len(toks) && p.articles[toks[j].text] {
				j++ // "half an hour"
			}
			if ok {
				if a, end, isUnit := units.match(toks, j); isUnit && a.dim == "time" {
					tp.rel, tp.hasRel = time.Duration(val*a.factor*float64(time.Second)), true
					mark(i, end)
					i = end - 1
					continue
				}
			}
		}
		// "two hours from now", "30 Minuten ab jetzt"
		if n, isNum := numAt[i]; isNum {
			if a, end, isUnit := units.match(toks, n.end); isUnit && a.dim == "time" {
				words := wordsOf(toks, false)
				if k := slices.Index(words, end); k >= 0 {
					if ph, ok := phraseAt(toks, words, k, p.fromNow); ok {
						tp.rel, tp.hasRel = time.Duration(n.value*a.factor*float64(time.Second)), true
						mark(i, words[k+len(ph)-1]+1)
						i = words[k+len(ph)-1]
						continue
					}
				}
			}
		}
		// a date with the month's name: "3 de marzo de 2025", "March 3rd"
		if d, end, ok := monthDate(p, toks, i, now, loc); ok {
			tp.abs, tp.hasAbs = d, true
			mark(i, end)
			i = end - 1
			continue
		}
		// an ISO date: 2026-11-28
		if t.kind == 'n' && len(t.text) == 4 && i+4 < len(toks) && toks[i+1].text == "-" && toks[i+3].text == "-" &&
			toks[i+2].kind == 'n' && toks[i+4].kind == 'n' && adjacent(t, toks[i+1]) && adjacent(toks[i+3], toks[i+4]) {
			if d, err := time.ParseInLocation("2006-1-2", t.text+"-"+toks[i+2].text+"-"+toks[i+4].text, loc); err == nil {
				tp.abs, tp.hasAbs = d, true
				mark(i, i+5)
				i += 4
				continue
			}
		}
		// clock times
		n, isNum := numAt[i]
		if !isNum || (i > 0 && p.timeSet["during"][toks[i-1].text] && !partAfter(p, toks, n.end) && !minutesAfter(toks, n.end) && !meridiemAfter(p, toks, n.end)) {
			continue // "pendant une heure": a length of time; "pour 3 heures du matin", "for 3am" and "sur 14 h 05" are none
		}
		if a, _, ok := units.match(toks, n.end); ok && a.dim != "time" {
			continue // "ce soir, à 12 degrés": a value, not noon
		}
		if h, m, end, ok := spokenClock(p, toks, numAt, i); ok {
			tp.hour, tp.min, tp.hasClock = h, m, true
			mark(i, end)
			i = end - 1
			continue
		}
		if n.value < 0 || n.value > 24 || n.value != float64(int(n.value)) {
			continue
		}
		j := n.end
		h, m, marked, bare := int(n.value), 0, false, true
		if j+1 < len(toks) && toks[j].text == ":" && toks[j+1].kind == 'n' && adjacent(toks[j], toks[j+1]) {
			m, _ = strconv.Atoi(toks[j+1].text)
			j += 2
			marked, bare = true, false
		}
		if j < len(toks) {
			w := toks[j].text
			two, end2 := ngramAt(toks, j, 2)
			switch {
			case p.timeSet["pm"][w]:
				tp.pm, marked, bare = true, true, false
				j++
			case p.timeSet["am"][w]:
				tp.am, marked, bare = true, true, false
				j++
			case p.timeSet["clockword"][two]:
				marked, bare = true, false
				j = end2
			case p.timeSet["clockword"][w]:
				marked, bare = true, false
				j++
				if j < len(toks) && toks[j].kind == 'n' && adjacent(toks[j-1], toks[j]) || (j < len(toks) && toks[j].kind == 'n' && toks[j].text != "" && len(toks[j].text) == 2) {
					m, _ = strconv.Atoi(toks[j].text)
					j++
				}
			}
		}
		prevAt := timeWordBefore(p, toks, n.start)
		if bare && tp.hasClock && !tp.bareClock {
			continue // "at 6 am so that the tank is full by 7": a bare hour after a clock time is no second time
		}
		if (marked || prevAt) && m < 60 {
			tp.hour, tp.min, tp.hasClock, tp.bareClock = h, m, true, bare
			_, _, unitAfter := units.match(toks, n.end)
			tp.bareDigits = bare && toks[n.start].kind == 'n' && n.end == n.start+1 && !unitAfter
			mark(n.start, j)
			i = j - 1
		}
	}
	// "restart at 6": an hour alone may be a time or a value ("set the
	// valve at 20"); it is reported as bare, its words left for numbers,
	// and Resolve decides by the target
	bare := !tp.strong() && tp.hasClock && tp.bareClock && tp.bareDigits
	if !tp.strong() && !bare {
		return nil
	}
	// take the filler and at/in/next words next to the expression
	usedSet := map[int]bool{}
	for _, k := range tp.used {
		usedSet[k] = true
	}
	isFill := func(w string) bool {
		return p.timeSet["filler"][w] || p.timeSet["at"][w] || p.timeSet["next"][w] || p.timeSet["in"][w]
	}
	for changed := true; changed; {
		changed = false
		for k := range toks {
			if usedSet[k] || !isFill(toks[k].text) {
				continue
			}
			if (k > 0 && usedSet[k-1]) || (k+1 < len(toks) && usedSet[k+1]) {
				// a filler before the expression joins it only if the next
				// word is part of it; after it, only more fillers leading to it
				if k+1 < len(toks) && usedSet[k+1] {
					usedSet[k] = true
					changed = true
				}
			}
		}
	}
	first := len(toks)
	for k := range usedSet {
		first = min(first, k)
	}
	until := first > 0 && p.timeSet["until"][toks[first-1].text]
	// "entre 8h et 10h", "between 2 and 4 pm": the span's first bound
	// may stand before the expression read
	between := false
	for k := first - 1; k >= 0 && k >= first-4; k-- {
		if p.timeSet["between"][toks[k].text] {
			between = true
		}
	}
	if until {
		usedSet[first-1] = true
	}
	lo, hi := len(text), 0
	for k := range usedSet {
		if !bare {
			toks[k].used = true
		}
		lo, hi = min(lo, toks[k].start), max(hi, toks[k].end)
	}
	te := &TimeExpr{Text: text[lo:hi], Until: until, Range: between, bare: bare}
	te.dateOnly = tp.hasDay && tp.dayOff == 0 && !tp.hasWeekday && tp.part == "" && !tp.hasClock && !tp.hasRel
	te.dayOnly = tp.part == "" && !tp.hasClock && !tp.hasRel
	if tp.hasAbs && !tp.hasClock && tp.part == "" {
		te.dateOnly = true // a date written out names a day, not a time to act at
	}
	now = now.In(loc)
	if tp.hasRel {
		te.At = now.Add(tp.rel)
		return te
	}
	y, mo, d := now.Date()
	if tp.hasAbs {
		y, mo, d = tp.abs.Date()
	}
	day := 0
	switch {
	case tp.hasWeekday && tp.hasAbs:
		// "Lundi 18 janvier 2027", "el viernes 14 de mayo": the weekday
		// confirms the date; when the nearest such date falls on another
		// day, the next year's that does is meant
		if w := tp.abs.Weekday(); int(w) != tp.weekday {
			if next := tp.abs.AddDate(1, 0, 0); int(next.Weekday()) == tp.weekday && tp.abs.Year() == now.Year() {
				y = next.Year()
			}
		}
	case tp.hasWeekday && tp.lastWeek:
		day = -((int(now.Weekday()) - tp.weekday + 7) % 7)
		if day == 0 {
			day = -7
		}
	case tp.hasWeekday:
		day = (tp.weekday - int(now.Weekday()) + 7) % 7
		if day == 0 {
			day = 7
		}
	case tp.hasDay:
		day = tp.dayOff
	}
	h, m := 0, 0
	switch {
	case tp.hasClock:
		h, m = tp.hour, tp.min
		if tp.pm && h < 12 {
			h += 12
		}
		if tp.am && h == 12 {
			h = 0
		}
		if !tp.pm && !tp.am && h < 12 {
			switch tp.part {
			case "afternoon", "evening":
				h += 12
			case "night":
				if h >= 6 {
					h += 12
				}
			}
		}
		if tp.part == "night" && h < 6 {
			day++ // "tonight at 2", "Sonntagnacht um 1": after midnight, the next day
		}
	case tp.part != "":
		c := partClock[tp.part]
		h, m = c[0], c[1]
		te.Vague = vagueParts[tp.part]
		if tp.part == "midnight" {
			day++ // midnight ends the named day (today when none is named)
		}
	default:
		h, m = partClock["morning"][0], partClock["morning"][1] // a day without a time: morning
		te.Vague = true
	}
	if h == 24 {
		h, day = 0, day+1
	}
	at := time.Date(y, mo, d+day, h, m, 0, 0, loc)
	if !tp.hasWeekday && !tp.hasDay && !tp.hasAbs && !at.After(now) {
		at = time.Date(y, mo, d+day+1, h, m, 0, 0, loc)
	}
	te.At = at
	return te
}

// partAfter: a part of the day follows the number at toks[end], after its
// clock word and fillers ("3 heures du matin").
func partAfter(p *pack, toks []token, end int) bool {
	for k := end; k < len(toks) && k <= end+3; k++ {
		if _, ok := p.time.Parts[toks[k].text]; ok {
			return true
		}
		if !p.timeSet["clockword"][toks[k].text] && !p.timeSet["filler"][toks[k].text] {
			return false
		}
	}
	return false
}

// timeWordBefore: an "at" word ("at", "um", "a las", "vers") stands just
// before toks[i], fillers aside.
func timeWordBefore(p *pack, toks []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if p.timeSet["at"][toks[k].text] {
			return true
		}
		if !p.timeSet["filler"][toks[k].text] {
			return false
		}
	}
	return false
}

func contains(list []string, w string) bool {
	for _, x := range list {
		if Normalize(x) == w {
			return true
		}
	}
	return false
}

// shiftNamed: the part of the day at toks[i:end] names a shift: a shift
// word right after it ("night shift") or before it with one word between
// ("turno de noche", "poste de nuit").
func shiftNamed(p *pack, toks []token, i, end int) bool {
	shift := p.timeSet["shifts"]
	if end < len(toks) && shift[toks[end].text] {
		return true
	}
	return i >= 2 && shift[toks[i-2].text] && toks[i-1].kind == 'w'
}

// afterEvent: a clause opened by a word of the pack's eventWhen ("once",
// "sobald", "cuando", "dès que") tells of an event, not a time: words
// follow it, none read as a time, and it is no polite "when you can"; one
// in a sentence of the story apart from the request is the story's.
func afterEvent(p *pack, toks []token, past []int, apart func(i int) bool) bool {
	words := wordsOf(toks, false)
	for k, i := range words {
		ph, ok := phraseAt(toks, words, k, p.eventWhen)
		if !ok || apart(i) {
			continue
		}
		next := k + len(ph)
		if next >= len(words) || toks[words[next]].used {
			continue // "after 5 minutes" is a time
		}
		polite := false
		for j := next; j < len(words) && j < next+4; j++ {
			if p.whenPolite[toks[words[j]].text] {
				polite = true
			}
		}
		// "when I came in, the tank was low": an event gone by tells the story
		told := false
		for j := i + 1; j < len(toks) && !toks[j].opens && !(toks[j].kind == 's' && strings.ContainsAny(toks[j].text, ",;.!?")); j++ {
			if slices.Contains(past, j) {
				told = true
			}
		}
		if !polite && !told && i < words[next] {
			return true
		}
	}
	return false
}

// meridiemAfter: am or pm follows the number ("a restart for 3am").
func meridiemAfter(p *pack, toks []token, j int) bool {
	return j < len(toks) && (p.timeSet["am"][toks[j].text] || p.timeSet["pm"][toks[j].text])
}

// minutesAfter: the hour ending at toks[j] is written with its minutes
// ("14 h 05", "10h00", "14:05"): a clock time, never a length.
func minutesAfter(toks []token, j int) bool {
	return j+1 < len(toks) && (toks[j].text == "h" || toks[j].text == ":") && toks[j+1].kind == 'n'
}
