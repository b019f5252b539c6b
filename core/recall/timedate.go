package recall

import (
	"strconv"
	"time"
)

// monthDate reads a date written with a month's name at toks[i]: the day
// first ("3 de marzo de 2025", "3. März", "le 1er mars", "the 3rd of
// March") or the month first ("March 3rd, 2025"). Without a year it is the
// occurrence nearest to now. It returns the date and the index after it.
func monthDate(p *pack, toks []token, i int, now time.Time, loc *time.Location) (time.Time, int, bool) {
	skipOr := func(j int, comma bool) int {
		// ordinal endings, "de", "of the", "." between the parts (and ","
		// before a year: "March 3rd, 2025")
		for k := 0; k < 3 && j < len(toks) && (p.timeSet["dateFiller"][toks[j].text] || toks[j].text == "." || (comma && toks[j].text == ",")); k++ {
			j++
		}
		return j
	}
	skip := func(j int) int { return skipOr(j, false) }
	day := func(j int) (int, bool) {
		if j >= len(toks) || toks[j].kind != 'n' {
			return 0, false
		}
		d, err := strconv.Atoi(toks[j].text)
		return d, err == nil && d >= 1 && d <= 31
	}
	var d, m, j int
	if dd, ok := day(i); ok {
		k := skip(i + 1)
		mm, isMonth := p.time.Months[tokText(toks, k)]
		if !isMonth {
			return time.Time{}, 0, false
		}
		d, m, j = dd, mm, k+1
	} else if mm, ok := p.time.Months[toks[i].text]; ok {
		k := skip(i + 1)
		dd, ok := day(k)
		if !ok {
			return time.Time{}, 0, false
		}
		d, m, j = dd, mm, skipOr(k+1, true)
		if j > k+1 && !isYear(toks, j) {
			j = k + 1 // the words after the day were not a year's
		}
	} else {
		return time.Time{}, 0, false
	}
	now = now.In(loc)
	y := now.Year()
	if k := skipOr(j, true); isYear(toks, k) {
		y, _ = strconv.Atoi(toks[k].text)
		j = k + 1
	} else {
		// the nearest such day: in January, "3 March" is this March,
		// in November last March is further than next
		best := time.Date(y, time.Month(m), d, 0, 0, 0, 0, loc)
		for _, yy := range []int{y - 1, y + 1} {
			c := time.Date(yy, time.Month(m), d, 0, 0, 0, 0, loc)
			if absDur(c.Sub(now)) < absDur(best.Sub(now)) {
				best = c
			}
		}
		y = best.Year()
	}
	date := time.Date(y, time.Month(m), d, 0, 0, 0, 0, loc)
	if date.Day() != d {
		return time.Time{}, 0, false // "31 February"
	}
	return date, j, true
}

func tokText(toks []token, k int) string {
	if k < len(toks) {
		return toks[k].text
	}
	return ""
}

func isYear(toks []token, k int) bool {
	if k >= len(toks) || toks[k].kind != 'n' || len(toks[k].text) != 4 {
		return false
	}
	y, err := strconv.Atoi(toks[k].text)
	return err == nil && y >= 1970 && y <= 2200
}

func absDur(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// unreadTimes adds the schedule concept where a time was said in a word no
// pack reads but written like a unit of time ("en 20 minutitos", "in 5
// minuuten"): "in" and a number before it is a time from now, so the
// request is a schedule whose time must be asked, never a change now.
func (x *Index) unreadTimes(p *pack, toks []token, cs []conceptTok) []conceptTok {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind != 'w' || !p.timeSet["in"][toks[i].text] || toks[i+1].kind != 'n' {
			continue
		}
		w := toks[i+2]
		if w.kind != 'w' || w.used || !adjacentWords(toks[i+1], w) || !x.cz.unknown(p, w.text) || !x.d.units.likeTimeUnit(w.text) {
			continue
		}
		cs = append(cs, conceptTok{c: x.d.concepts.Schedule, start: i, end: i + 3})
	}
	return cs
}

// ofANoun: the story's time expression says which event a noun names ("el
// corte de fibra de esta mañana", "the outage of this morning", "la panne
// de cette nuit"): it begins with, or follows, a genitive word right after
// a word that is no word of time, so it says nothing of when to act.
func ofANoun(p *pack, text string, toks []token, w *TimeExpr, context []bool) bool {
	i := exprStart(text, toks, w)
	if i < 1 || !context[i] {
		return false
	}
	gen := p.timeSet["genitive"]
	before := i - 1
	if !gen[toks[i].text] {
		if !gen[toks[before].text] {
			return false
		}
		before--
	}
	return before >= 0 && toks[before].kind == 'w' && !calendarWord(p, toks[before].text) && !p.stop[toks[before].text]
}
