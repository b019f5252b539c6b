package recall

import (
	"math"
	"strconv"
	"strings"
)

// numSpan is a number found in the tokens [start, end).
type numSpan struct {
	value      float64
	start, end int
	words      bool // written in words
	weak       bool // an article that may be "one" ("une alerte"): a number only before a unit
}

func adjacent(a, b token) bool { return a.end == b.start }

// parseNumbers finds every number in toks: digits ("40", "2,5", "-3",
// "1,200") and number words in the pack's language ("forty-two",
// "zweiundvierzig", "cuarenta y dos", "quatre-vingt-dix", "two and a half").
func parseNumbers(toks []token, p *pack) []numSpan {
	var out []numSpan
	for i := 0; i < len(toks); {
		if toks[i].used {
			i++
			continue
		}
		if toks[i].kind == 'n' {
			s := digitNumber(toks, i, p)
			out = append(out, s)
			i = s.end
			continue
		}
		if s, ok := wordNumber(toks, i, p); ok && !meanAfterNoun(toks, s, p) && !pronounOne(toks, s, p) {
			out = append(out, s)
			i = s.end
			continue
		}
		i++
	}
	return out
}

func digitNumber(toks []token, i int, p *pack) numSpan {
	start, end := i, i+1
	intPart := toks[i].text
	frac := ""
	// thousands groups and a decimal part
	for end+1 < len(toks) && (toks[end].text == "," || toks[end].text == ".") && toks[end+1].kind == 'n' &&
		adjacent(toks[end-1], toks[end]) && adjacent(toks[end], toks[end+1]) && frac == "" {
		sep, digits := toks[end].text, toks[end+1].text
		thousands := len(digits) == 3 && ((sep == "," && p.lang == "en") || (sep == "." && p.lang != "en"))
		if thousands {
			intPart += digits
		} else {
			frac = digits
		}
		end += 2
	}
	v, _ := strconv.ParseFloat(intPart, 64)
	if frac != "" {
		f, _ := strconv.ParseFloat("0."+frac, 64)
		v += f
	}
	// a minus sign written before the number, or a negative word
	if start > 0 && toks[start-1].text == "-" && adjacent(toks[start-1], toks[start]) &&
		(start < 2 || !adjacent(toks[start-2], toks[start-1]) || toks[start-2].kind == 's') {
		v, start = -v, start-1
	} else if start > 0 && p.negative[toks[start-1].text] {
		v, start = -v, start-1
	}
	s := numSpan{value: v, start: start, end: end}
	// "2 and a half", "2 y medio"
	if f, e, ok := trailingFraction(toks, end, p); ok {
		s.value += math.Copysign(f, s.value)
		s.end = e
	}
	return s
}

// trailingFraction reads "and a half" / "und ein halb" / "y medio" / "et demi" at i.
func trailingFraction(toks []token, i int, p *pack) (float64, int, bool) {
	if i < len(toks) && p.connectors[toks[i].text] {
		j := i + 1
		if j < len(toks) && p.articles[toks[j].text] {
			j++
		}
		if j < len(toks) && p.frac[toks[j].text] > 0 {
			return p.frac[toks[j].text], j + 1, true
		}
	}
	return 0, i, false
}

// numberParts is the value of one number morpheme or word.
type numberPart struct {
	kind  byte // 'v' value, 'm' multiplier, 'f' fraction, 'c' connector
	value float64
}

// spelledDigits: two or more single digits said in a row ("four five",
// "one two zero zero") are the digits of one number, not a sum.
func spelledDigits(parts []numberPart) (float64, bool) {
	if len(parts) < 2 {
		return 0, false
	}
	v := 0.0
	for _, pt := range parts {
		if pt.kind != 'v' || pt.value < 0 || pt.value > 9 || pt.value != math.Trunc(pt.value) {
			return 0, false
		}
		v = v*10 + pt.value
	}
	return v, true
}

func (p *pack) part(w string, glued bool) (numberPart, bool) {
	if v, ok := p.nums[w]; ok {
		return numberPart{'v', v}, true
	}
	if v, ok := p.mult[w]; ok {
		return numberPart{'m', v}, true
	}
	if v, ok := p.frac[w]; ok {
		return numberPart{'f', v}, true
	}
	if v, ok := p.fracMul[w]; ok {
		return numberPart{'q', v}, true
	}
	if glued {
		if v, ok := p.morphemes[w]; ok {
			return numberPart{'v', v}, true
		}
		if p.connectors[w] {
			return numberPart{'c', 0}, true
		}
	}
	return numberPart{}, false
}

// segment splits a glued number word ("zweiundvierzig") into parts, longest
// part first with backtracking. ok is false if the word is not a number.
func (p *pack) segment(w string) ([]numberPart, bool) {
	if w == "" {
		return nil, true
	}
	for l := min(len(w), p.numMaxLen+2); l > 0; l-- {
		np, ok := p.part(w[:l], true)
		if !ok {
			continue
		}
		if rest, ok := p.segment(w[l:]); ok {
			return append([]numberPart{np}, rest...), true
		}
	}
	return nil, false
}

// wordNumber reads a number written in words starting at toks[i].
func wordNumber(toks []token, i int, p *pack) (numSpan, bool) {
	var parts []numberPart
	j := i
	neg := false
	if p.negative[toks[j].text] {
		neg = true
		j++
	}
	first := j
	for j < len(toks) {
		t := toks[j]
		if t.used {
			break
		}
		if t.text == "-" && len(parts) > 0 && j+1 < len(toks) {
			j++
			continue
		}
		if j+1 < len(toks) {
			two := t.text + " " + toks[j+1].text
			if toks[j+1].text == "-" && j+2 < len(toks) {
				two = t.text + " " + toks[j+2].text
			}
			if v, ok := p.nums[two]; ok {
				parts = append(parts, numberPart{'v', v})
				if toks[j+1].text == "-" {
					j++
				}
				j += 2
				continue
			}
		}
		// an article that is also "one" before a fraction is the article:
		// "un demi-litre" is half a litre, not one and a half
		if p.articles[t.text] && len(parts) == 0 && j+1 < len(toks) {
			if np, ok := p.part(toks[j+1].text, false); ok && np.kind == 'f' {
				j++
				continue
			}
		}
		if np, ok := p.part(t.text, false); ok {
			parts = append(parts, np)
			j++
			continue
		}
		// article before a multiplier or fraction: "a hundred", "a half", "une demie"
		if p.articles[t.text] && j+1 < len(toks) {
			if np, ok := p.part(toks[j+1].text, false); ok && (np.kind == 'm' || np.kind == 'f') {
				if np.kind == 'm' {
					parts = append(parts, numberPart{'v', 1})
				}
				j++
				continue
			}
		}
		// connector between number words: "forty and two", "cuarenta y dos"
		if p.connectors[t.text] && len(parts) > 0 && j+1 < len(toks) {
			k := j + 1
			if toks[k].text == "-" && k+1 < len(toks) {
				k++
			}
			if p.articles[toks[k].text] && k+1 < len(toks) {
				k++
			}
			if _, ok := p.part(toks[k].text, false); ok {
				j++
				continue
			}
			if p.glued {
				if _, ok := p.segment(toks[k].text); ok {
					j++
					continue
				}
			}
			break
		}
		if p.glued && t.kind == 'w' && len(t.text) > 4 {
			if seg, ok := p.segment(t.text); ok {
				parts = append(parts, seg...)
				j++
				continue
			}
		}
		break
	}
	if len(parts) == 0 {
		return numSpan{}, false
	}
	v, ok := evalParts(parts)
	if d, spelled := spelledDigits(parts); spelled {
		v, ok = d, true // "five zero", "one two zero zero": digits said one by one
	}
	if !ok {
		return numSpan{}, false
	}
	// "one point five", "zwei Komma fünf": digits after the decimal word
	if j+1 < len(toks) && p.decimal[toks[j].text] {
		frac, k := "", j+1
		for k < len(toks) {
			if d, isNum := p.nums[toks[k].text]; isNum && d < 10 && d == math.Trunc(d) {
				frac += strconv.Itoa(int(d))
				k++
				continue
			}
			if toks[k].kind == 'n' && frac == "" {
				frac = toks[k].text
				k++
			}
			break
		}
		if frac != "" {
			f, _ := strconv.ParseFloat("0."+frac, 64)
			v += f
			j = k
		}
	}
	if neg {
		v = -v
	}
	start := i
	if !neg {
		start = first
	}
	weak := j == first+1 && p.articles[toks[first].text]
	return numSpan{value: v, start: start, end: j, words: true, weak: weak}, true
}

// evalParts computes the value of number parts: values add, a multiplier
// below 1000 multiplies the running group, 1000 closes it, fractions add.
func evalParts(parts []numberPart) (float64, bool) {
	total, cur := 0.0, 0.0
	seen := false
	for _, np := range parts {
		switch np.kind {
		case 'v':
			cur += np.value
			seen = true
		case 'm':
			if cur == 0 {
				cur = 1
			}
			if np.value >= 1000 {
				total += cur * np.value
				cur = 0
			} else {
				cur *= np.value
			}
			seen = true
		case 'f':
			cur += np.value
			seen = true
		case 'q': // "three quarters"
			if cur == 0 {
				cur = 1
			}
			cur *= np.value
			seen = true
		}
	}
	return total + cur, seen
}

// formatNumber writes v without a trailing ".0".
func formatNumber(v float64) string {
	return strings.TrimSuffix(strconv.FormatFloat(v, 'f', -1, 64), ".0")
}

// meanAfterNoun: a word of the pack's meanWords alone, right after a word
// that is no stop word, says "average", not a half ("el consumo eléctrico
// medio", "la presión media"; not "dos y medio" nor "medio tanque").
func meanAfterNoun(toks []token, s numSpan, p *pack) bool {
	if s.end-s.start != 1 || s.start == 0 || !p.meanWords[toks[s.start].text] {
		return false
	}
	if s.end < len(toks) && toks[s.end].kind == 'w' && !p.stop[toks[s.end].text] {
		return false // "media hora", "medio tanque": a half of what follows
	}
	prev := toks[s.start-1]
	return prev.kind == 'w' && !p.stop[prev.text] && !p.connectors[prev.text] && !p.articles[prev.text] && adjacentWords(prev, toks[s.start])
}

// pronounOne: "one" stands for a noun after an article or a demonstrative,
// an adjective maybe between ("for a new one", "the other one", "this
// one"), and no noun follows it: no number.
func pronounOne(toks []token, s numSpan, p *pack) bool {
	i := s.start
	if s.end-i != 1 || i == 0 || !p.pronounOne[toks[i].text] {
		return false
	}
	if n := s.end; n < len(toks) && toks[n].kind == 'w' && !p.stop[toks[n].text] && !p.copulas[toks[n].text] && !contraction(toks, n) || n < len(toks) && toks[n].text == "-" {
		return false // "one minute", "a one-hour backflush"; not "the current one isn't ideal"
	}
	det := func(w string) bool { return p.articles[w] || p.definite[w] || p.demonstrative[w] }
	prev := toks[i-1]
	if prev.kind != 'w' {
		return false
	}
	return det(prev.text) || i >= 2 && toks[i-2].kind == 'w' && det(toks[i-2].text) && !p.stop[prev.text]
}

// contraction: toks[n] is a word cut before an apostrophe ("isn't",
// "doesn't"): a verb, no noun.
func contraction(toks []token, n int) bool {
	return toks[n].elided || n+1 < len(toks) && toks[n+1].text == "t" && toks[n+1].start == toks[n].end+1
}
