package recall

import "math"

// spokenClock reads a clock time said in words at toks[i] (a number
// starts there): "half past ten", "a quarter to nine", "zehn nach acht",
// "halb elf" (10:30), "diez y media", "nueve menos cuarto", "dix heures et
// demie", "neuf heures moins le quart". A fraction stands for its part of
// an hour. It returns the hour (0–23, as said), the minute and the index
// after the expression.
func spokenClock(p *pack, toks []token, numAt map[int]numSpan, i int) (h, m, end int, ok bool) {
	tw := p.timeSet
	n := numAt[i]
	// a form that numbers alone could also make ("ten to twenty", "diez
	// y cinco") needs "at" before it or a fraction of the hour
	at := timeWordBefore(p, toks, i)
	minutes := func(v float64) (int, bool) {
		if v > 0 && v < 1 {
			v *= 60
		}
		return int(v), v == math.Trunc(v) && v > 0 && v < 60
	}
	hourAt := func(j int) (int, int, bool) {
		hn, isNum := numAt[j]
		if !isNum || hn.value != math.Trunc(hn.value) || hn.value < 0 || hn.value > 24 {
			return 0, j, false
		}
		return int(hn.value), hn.end, true
	}
	after := func(j int, set string) (int, bool) {
		if j < len(toks) && tw[set][toks[j].text] {
			j++
			if j < len(toks) && p.articles[toks[j].text] || (j < len(toks) && toks[j].text == "le") {
				j++ // "moins le quart"
			}
			return j, true
		}
		return j, false
	}
	// "halb elf": the half hour before the hour named, whether the
	// numbers read it as one ("11.5") or two
	if tw["halfBefore"][toks[i].text] && n.words {
		if n.value == 0.5 {
			if hh, e, isHour := hourAt(n.end); isHour {
				return (hh + 23) % 24, 30, e, true
			}
		} else if n.value-math.Trunc(n.value) == 0.5 && n.value < 25 {
			return (int(n.value) + 23) % 24, 30, n.end, true
		}
	}
	// "at half six" (British): half past the hour named, only after a
	// word of time ("half six bottles" is no time)
	if tw["halfAfter"][toks[i].text] && n.words && at && n.value-math.Trunc(n.value) == 0.5 && n.value >= 1 && n.value < 24 {
		return int(n.value), 30, n.end, true
	}
	// minutes first: "half past ten", "viertel vor neun"
	if mm, isMin := minutes(n.value); isMin {
		if j, ok := after(n.end, "clockAfter"); ok && (n.value < 1 || at) {
			if hh, e, isHour := hourAt(j); isHour {
				return hh, mm, e, true
			}
		}
		if j, ok := after(n.end, "clockBefore"); ok && (n.value < 1 || at) {
			if hh, e, isHour := hourAt(j); isHour {
				return (hh + 23) % 24, 60 - mm, e, true
			}
		}
	}
	// the hour first: "diez y media", "dix heures et quart", "nueve menos
	// cuarto"; a number read as "10.5" from "diez y media" is the half hour
	hh, j, isHour := hourAt(i)
	if !isHour {
		// only after "a las", "um die": "pon el caudal a diez y media" is
		// no time
		frac := n.value - math.Trunc(n.value)
		if n.words && (frac == 0.5 || frac == 0.25 || frac == 0.75) && n.value >= 1 && n.value < 24 &&
			i >= 2 && tw["filler"][toks[i-1].text] && tw["at"][toks[i-2].text] {
			return int(n.value), int(frac * 60), n.end, true
		}
		return 0, 0, 0, false
	}
	said := at
	if j < len(toks) && tw["clockword"][toks[j].text] {
		j++
		said = true // "dix heures et quart"
	}
	if !said {
		return 0, 0, 0, false
	}
	for _, set := range []string{"clockPlus", "clockBefore"} {
		k, ok := after(j, set)
		if !ok {
			continue
		}
		mn, isNum := numAt[k]
		if neg, isNeg := numAt[j]; !isNum && isNeg && set == "clockBefore" && neg.value < 0 {
			// "menos cuarto" read as the number -0.25
			mn, isNum = numSpan{value: -neg.value, start: neg.start, end: neg.end, words: neg.words}, true
		}
		if !isNum || (mn.end < len(toks) && tw["clockword"][toks[mn.end].text]) {
			continue // "entre 8h et 10h": two hours, not 8:10
		}
		mm, isMin := minutes(mn.value)
		if !isMin {
			continue
		}
		if set == "clockBefore" {
			return (hh + 23) % 24, 60 - mm, mn.end, true
		}
		return hh, mm, mn.end, true
	}
	return 0, 0, 0, false
}
