package recall

import "sort"

// A rate is written as an amount, a word for "per" and a unit of time
// ("10 cm per second", "20 litres a minute", "3 Kubikmeter pro Stunde",
// "cinq litres à la seconde"). The table lists the common rates whole;
// rateFile composes the rest from its parts, so every amount with every
// way of saying "per" and every unit of time is read, without listing the
// thousands of combinations.
type rateFile struct {
	Per []string `json:"per"`
	// Change: the unit of a rate's change per unit of time ("L/min" per
	// second is "L/min/s", a ramp), so "1 litre/min per second" is read
	// whatever way the flow is written
	Change  map[string]string `json:"change"`
	Amounts []struct {
		Rate    string   `json:"rate"`   // the canonical rate: "m/min", "L/min"
		Factor  float64  `json:"factor"` // one of the amount in the rate's unit of amount (m, L)
		Aliases []string `json:"aliases"`
	} `json:"amounts"`
}

// rateParts are the parts of a composed rate, as token texts by first token.
type rateParts struct {
	amounts map[string][]rateAmount
	per     map[string][][]string
	change  map[string]string
}

type rateAmount struct {
	toks   []string
	rate   string
	factor float64
}

func (f rateFile) parts() *rateParts {
	r := &rateParts{amounts: map[string][]rateAmount{}, per: map[string][][]string{}, change: f.Change}
	for _, a := range f.Amounts {
		for _, s := range a.Aliases {
			if toks := aliasTokens(s); len(toks) > 0 {
				r.amounts[toks[0]] = append(r.amounts[toks[0]], rateAmount{toks, a.Rate, a.Factor})
			}
		}
	}
	for _, s := range f.Per {
		if toks := aliasTokens(s); len(toks) > 0 {
			r.per[toks[0]] = append(r.per[toks[0]], toks)
		}
	}
	for k, as := range r.amounts {
		sort.SliceStable(as, func(i, j int) bool { return len(as[i].toks) > len(as[j].toks) })
		r.amounts[k] = as
	}
	for k, ps := range r.per {
		sort.SliceStable(ps, func(i, j int) bool { return len(ps[i]) > len(ps[j]) })
		r.per[k] = ps
	}
	return r
}

// matchRate reads a composed rate at toks[i:]: an amount, "per", and a unit
// of time from the table's time units. The result converts to the rate's
// canonical unit per minute.
func (t *unitTable) matchRate(toks []token, i int) (unitAlias, int, bool) {
	if t.rates == nil || i >= len(toks) {
		return unitAlias{}, i, false
	}
	for _, a := range t.rates.amounts[toks[i].text] {
		j, ok := wordsAt(toks, i, a.toks)
		if !ok || j >= len(toks) {
			continue
		}
		if tu, end, ok := t.perTime(toks, j); ok {
			all := append(append([]string{}, a.toks...), tokenTexts(toks[j:end])...)
			return unitAlias{toks: all, unit: a.rate, dim: t.dims[a.rate], factor: a.factor * 60 / tu.factor}, end, true
		}
	}
	return unitAlias{}, i, false
}

// perTime reads "per <unit of time>" at toks[j:] and returns the unit of
// time and the index after it.
func (t *unitTable) perTime(toks []token, j int) (unitAlias, int, bool) {
	if j >= len(toks) {
		return unitAlias{}, j, false
	}
	for _, per := range t.rates.per[toks[j].text] {
		k, ok := wordsAt(toks, j, per)
		if !ok || k >= len(toks) {
			continue
		}
		for _, tu := range t.byFirst[toks[k].text] {
			end, ok := wordsAt(toks, k, tu.toks)
			if ok && tu.dim == "time" && tu.factor > 0 && !toks[end-1].elided {
				return tu, end, true
			}
		}
	}
	return unitAlias{}, j, false
}

// changeOf reads a rate's change after the rate a ends at toks[end:]
// ("1 litre/min | per second"): the rate per second of time.
func (t *unitTable) changeOf(toks []token, a unitAlias, end int) (unitAlias, int, bool) {
	to, ok := t.rates.change[a.unit]
	if !ok || a.offset != 0 {
		return unitAlias{}, end, false
	}
	tu, k, ok := t.perTime(toks, end)
	if !ok {
		return unitAlias{}, end, false
	}
	words := append(append([]string{}, a.toks...), tokenTexts(toks[end:k])...)
	return unitAlias{toks: words, unit: to, dim: t.dims[to], factor: a.factor / tu.factor}, k, true
}

func tokenTexts(toks []token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.text
	}
	return out
}

// wordsAt: the unused tokens at toks[i:] are words; it returns the index
// after them.
func wordsAt(toks []token, i int, words []string) (int, bool) {
	if i+len(words) > len(toks) {
		return i, false
	}
	for k, w := range words {
		if toks[i+k].used || toks[i+k].text != w {
			return i, false
		}
	}
	return i + len(words), true
}
