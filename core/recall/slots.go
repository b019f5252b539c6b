package recall

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Groundings (HEART Core §6.1).
const (
	GroundStated  = "stated"
	GroundDefault = "default"
)

// fill fills a candidate's arguments from the request: entities, enum
// values, quantities (by unit, or the only numeric argument), the time for
// a date, then defaults. Required arguments left empty are Missing.
func (x *Index) fill(t *tgt, qr *query) Candidate {
	c := Candidate{Target: t.ID}
	usedQ := map[int]bool{}
	usedIdents := 0
	set := func(name string, v any, g string) {
		if c.Args == nil {
			c.Args, c.Grounding = map[string]any{}, map[string]string{}
		}
		c.Args[name], c.Grounding[name] = v, g
	}
	for i, a := range t.Args {
		done := false
		switch {
		case t.argEntity[i] != "":
			if m, unique, ok := bestOfKind(qr.ents, t.argEntity[i]); ok && unique {
				set(a.Name, m.ref.ID, GroundStated)
				done = true
				if t.argEntity[i] == "definition" && x.mentions(t, []string{x.firstKindWord(qr, "definition")}) > 0 {
					// "how the backflush command is defined": that one definition;
					// the kind word said first decides between the definition
					// and the capability
					c.fromText++
				}
			} else {
				for _, r := range qr.idEnts {
					if r.Kind == t.argEntity[i] {
						set(a.Name, r.ID, GroundStated)
						done = true
						break
					}
				}
			}
		case len(a.Enum) > 0:
			hit := -1
			for k, vcs := range t.enums[i] {
				all := len(vcs) > 0
				for _, vc := range vcs {
					if _, ok := qr.q[vc]; !ok {
						all = false
					}
				}
				if all {
					if hit >= 0 {
						hit = -2
						break
					}
					hit = k
				}
			}
			if hit >= 0 {
				set(a.Name, a.Enum[hit], GroundStated)
				done = true
			}
		case isNumeric(a) || t.argUnits[i] != "":
			qi := x.pickQuantity(t, i, qr.qty, usedQ)
			if qi < 0 && qr.extreme != "" && t.argUnits[i] == "%" {
				// "close the valve": 0 %, "open it all the way": 100 %
				set(a.Name, extremeValue(qr.extreme), GroundStated)
				done = true
				break
			}
			if qi >= 0 {
				q := qr.qty[qi]
				v := q.Value
				usedQ[qi] = true
				if t.argUnits[i] == "%" && q.Unit == "" && q.Words && v > 0 && v < 1 {
					v *= 100 // "drain it to a quarter", "half full"
					set(a.Name, v, GroundStated)
					done = true
					break
				}
				if !Stated(qr.text, v, t.argUnits[i]) {
					break
				}
				if a.Type == "integer" && v == math.Trunc(v) {
					set(a.Name, int64(v), GroundStated)
				} else {
					set(a.Name, v, GroundStated)
				}
				if a.Required && q.Unit == "" && (a.Name == "seq" || a.Name == "id") {
					c.fromText++ // "Rhythm entry 42": a number that names one entry
				}
				done = true
			}
		case a.Type == "boolean":
			// "turn auto mode off": the words of the request's language; a
			// negated request ("don't turn it on") states no value
			if v, ok := x.d.packs[qr.lang].switchStated(tokenTexts(qr.toks)); ok && !qr.neg {
				set(a.Name, v, GroundStated)
				done = true
			}
		case a.Type == "date" && qr.when != nil && qr.when.dayOnly && !qr.futureDay():
			set(a.Name, qr.when.At.Format("2006-01-02"), GroundStated)
			done = true
		case qr.holder != "" && containsStr(x.d.concepts.NameArgs, a.Name):
			set(a.Name, qr.holder, GroundStated) // "a token for the contractor"
			c.fromText++
			done = true
		case qr.quote != "" && containsStr(x.d.concepts.TextArgs, a.Name):
			set(a.Name, qr.quote, GroundStated) // "… saying the tank is full"
			done = true
		case containsStr(x.d.concepts.TextArgs, a.Name):
			// "send a message to peer station-2: maintenance starts at 6":
			// what follows the recipient's colon; an id is no text
			if body := colonBody(qr.text, qr.idents); body != "" {
				set(a.Name, body, GroundStated)
				done = true
			}
		case (a.Type == "string" || a.Type == "") && a.Required && !containsStr(x.d.concepts.TimeArgs, a.Name):
			// an id written in the request ("alert 4", "fault E42")
			if len(qr.idents) > usedIdents {
				set(a.Name, qr.idents[usedIdents], GroundStated)
				usedIdents++
				c.fromText++
				done = true
			} else if qi := lastUnitless(qr.qty, usedQ); qi >= 0 && a.Name != "target" {
				set(a.Name, formatNumber(qr.qty[qi].Value), GroundStated)
				usedQ[qi] = true
				c.fromText++
				done = true
			}
		}
		if !done && a.Default != nil && containsStr(x.d.concepts.ScopeArgs, a.Name) && saysAny(qr, x.d.concepts.Rights) {
			// "a token with operate rights": the default (read only) is not
			// what was asked, so the rights are asked for
			c.Missing = append(c.Missing, a.Name)
			continue
		}
		if !done && a.Default != nil {
			set(a.Name, a.Default, GroundDefault)
			done = true
		}
		if !done && a.Required {
			c.Missing = append(c.Missing, a.Name)
		}
	}
	for k, q := range qr.qty {
		if !usedQ[k] && q.Unit == "" && !q.told {
			c.unusedQty++
		}
	}
	return c
}

// pickQuantity chooses the quantity for numeric argument i: one whose unit
// is the argument's, else (for the target's only numeric argument) the last
// one written without a unit.
func (x *Index) pickQuantity(t *tgt, i int, qs []Quantity, used map[int]bool) int {
	want := t.argUnits[i]
	for k, q := range qs {
		if q.window && x.mentions(t, x.d.concepts.Statistics) == 0 {
			continue // "max … in the last hour" is a statistic's window, no history's start
		}
		if !used[k] && !q.relative && !q.told && q.Unit != "" && q.Unit == want {
			return k
		}
	}
	if t.numeric != 1 {
		return -1
	}
	for k := len(qs) - 1; k >= 0; k-- {
		if !used[k] && !qs[k].relative && !qs[k].told && qs[k].Unit == "" {
			return k
		}
	}
	return -1
}

// Stated is the grounding check of §6.1: does the value appear in the
// request, as digits, as words in any of the four languages, or in another
// unit that converts to it (unit is the argument's unit, "" for none)? For
// strings, the value's words (or an id's parts) must be named by the
// request's words.
func Stated(text string, value any, unit string) bool {
	d, err := load()
	if err != nil {
		return false
	}
	var v float64
	switch n := value.(type) {
	case float64:
		v = n
	case float32:
		v = float64(n)
	case int:
		v = float64(n)
	case int64:
		v = float64(n)
	case int32:
		v = float64(n)
	case string:
		if isDateOrTime(n) {
			return statedTime(d, text, n)
		}
		return statedString(d, text, n)
	case fmt.Stringer:
		return statedString(d, text, n.String())
	default:
		return false
	}
	want := d.units.canonical(unit)
	if want == "" && unit != "" {
		want = unit
	}
	toks0 := tokenize(text)
	langs := []string{detect(d, text, toks0, "")}
	for _, l := range Languages {
		if l != langs[0] {
			langs = append(langs, l)
		}
	}
	for _, l := range langs {
		toks := tokenize(text)
		standardWords(d.packs[l], toks) // "sächzg Grad" states 60 °C as "sechzig Grad" does
		nums := parseNumbers(toks, d.packs[l])
		qs := d.units.unitAndHalf(text, toks, nums, d.packs[l])
		qs = append(qs, d.units.quantities(text, toks, nums)...)
		qs = append(qs, d.units.articleDurations(text, toks, d.packs[l])...)
		qs = append(qs, d.units.lastWindows(text, toks, d.packs[l])...)
		for _, q := range qs {
			if !close(q.Value, v) {
				continue
			}
			if q.Unit == "" || want == "" || q.Unit == want {
				return true
			}
		}
		// "close" is 0 %, "all the way open" 100 %
		if want == "%" {
			cz := newConceptizer(d)
			if cs, m := cz.analyse(d.packs[l], toks, false, false); extremeOf(m, cs) != "" && close(extremeValue(extremeOf(m, cs)), v) {
				return true
			}
		}
		// "a quarter", "half full" for a percentage
		for _, q := range qs {
			if want == "%" && q.Unit == "" && q.Words && q.Value > 0 && q.Value < 1 && close(q.Value*100, v) {
				return true
			}
		}
	}
	return false
}

func close(a, b float64) bool {
	return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b))
}

func statedString(d *data, text, value string) bool {
	if value == "" {
		return false
	}
	nt := " " + Normalize(text) + " "
	if strings.Contains(nt, " "+Normalize(value)+" ") {
		return true
	}
	cz := newConceptizer(d)
	toks := tokenize(text)
	lang := detect(d, text, toks, "")
	cs, _ := cz.analyse(d.packs[lang], toks, false, false)
	have := map[string]bool{}
	for _, c := range cs {
		have[c.c] = true
	}
	for _, c := range cz.textConcepts(idWords(value)) {
		if have[c] {
			return true
		}
	}
	return false
}

// FormatValue writes an argument value the way a person reads it.
func FormatValue(v any) string {
	switch n := v.(type) {
	case float64:
		return formatNumber(n)
	case int64:
		return strconv.FormatInt(n, 10)
	}
	return fmt.Sprint(v)
}

func lastUnitless(qs []Quantity, used map[int]bool) int {
	for k := len(qs) - 1; k >= 0; k-- {
		if !used[k] && !qs[k].relative && !qs[k].told && qs[k].Unit == "" {
			return k
		}
	}
	return -1
}

func isDateOrTime(s string) bool {
	if _, err := time.Parse("2006-01-02", s); err == nil {
		return true
	}
	_, err := time.Parse(time.RFC3339, s)
	return err == nil
}

// statedTime: a date or time is stated when the request writes it, or
// names a time the tier resolves (a day, weekday, part of the day or clock
// time); the value itself came from that resolution in Resolve.
func statedTime(d *data, text, value string) bool {
	if strings.Contains(text, value) || (len(value) >= 10 && strings.Contains(text, value[:10])) {
		return true
	}
	toks := tokenize(text)
	for _, l := range Languages {
		p := d.packs[l]
		t := append([]token(nil), toks...)
		if parseTime(text, t, parseNumbers(t, p), p, d.units, time.Unix(0, 0), time.UTC) != nil {
			return true
		}
		for _, tk := range toks {
			if _, ok := p.time.Days[tk.text]; ok {
				return true // "today" alone is no schedule, but it states a date
			}
		}
	}
	return false
}

// colonBody is what follows the recipient's colon ("station-2: maintenance
// starts at 6"). An id is no text.
func colonBody(text string, idents []string) string {
	for _, id := range idents {
		at := strings.Index(text, id+":")
		if at < 0 {
			continue
		}
		if body := strings.Trim(strings.TrimSpace(text[at+len(id)+1:]), `"'«»„“”`); body != "" {
			return body
		}
	}
	return ""
}
