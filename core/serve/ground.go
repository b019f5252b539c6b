package serve

import (
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/heart-core/heart-web/core/recall"
)

// Grounding is the outcome of checking a candidate's arguments (§6.1 rules
// 3 and 4): the arguments that stand, where each came from, and what is
// missing or could not be checked.
type Grounding struct {
	Args      map[string]any
	Grounding map[string]string
	// Missing names required arguments with no value: the Core asks.
	Missing []string
	// Unchecked names arguments whose claim the Core could not check: refused.
	Unchecked []string
}

// Sent are the arguments sent to the device: a product command's argument
// grounded as its declared default is left for the device to apply, as
// its definition says (a default such as "today" is resolved when the
// command runs, so the Core never sends it as if it were a value). The
// intent still shows it, so the person approving sees it.
func (g Grounding) Sent(t Target) map[string]any {
	out := make(map[string]any, len(g.Args))
	for k, v := range g.Args {
		if g.Grounding[k] == Default && t.Command != nil {
			if p, ok := t.Param(k); ok && !p.Required {
				continue
			}
		}
		out[k] = v
	}
	return out
}

// StatedFunc reports whether value (a number in unit, "" for a bare
// number, or a string) appears in text as digits, words or a converted
// unit. The Recall tier provides it (recall.Stated).
type StatedFunc func(text string, value any, unit string) bool

// SystemReader reads a property's value just now, for a system-state claim.
type SystemReader func(name string) (any, bool)

// claims is what grounding checks against: the request's text and what the
// tier found in it.
type claims struct {
	text     string
	folded   string
	when     *When
	entities []Entity
	stated   StatedFunc
	lang     string // the request's, as the tier read it
	read     SystemReader
	tz       *time.Location
}

// timeParams are parameters whose value is a point in time: a time
// expression in the request grounds them (putTime's "time", a schedule's
// "at"), so such a target is not turned into a schedule.
var timeParams = map[string]bool{"now": true, "at": true, "time": true}

// ground checks every argument of c for target t (§6.1 rule 3): a stated
// value must appear in the request, a default must equal the declared one, a
// system-state value must equal what the device says just now. Required
// arguments the request leaves out take the declared default, or are
// missing. Arguments t does not take are dropped from nothing: they make the
// claim unchecked, since the Core will not send what it cannot explain.
func ground(t Target, c Candidate, cl claims) Grounding {
	g := Grounding{Args: map[string]any{}, Grounding: map[string]string{}}
	for _, name := range slices.Sorted(maps.Keys(c.Args)) {
		v := normalizeValue(c.Args[name])
		p, ok := t.Param(name)
		if !ok {
			g.Unchecked = append(g.Unchecked, name)
			continue
		}
		claim := c.Grounding[name]
		if claim == "" {
			claim = Stated
			if p.Default != nil && sameValue(p.Default, v) {
				claim = Default
			}
		}
		if !cl.check(p, claim, v) {
			g.Unchecked = append(g.Unchecked, name)
			continue
		}
		g.Args[name], g.Grounding[name] = v, claim
	}
	for _, p := range t.Params() {
		if _, ok := g.Args[p.Name]; ok || contains(g.Unchecked, p.Name) {
			continue
		}
		if timeParams[p.Name] && cl.when != nil && p.Type == "string" {
			g.Args[p.Name], g.Grounding[p.Name] = cl.when.At.UTC().Format(time.RFC3339), Stated
			continue
		}
		if p.Default != nil && !contains(c.Missing, p.Name) {
			// a default the tier says the request does not want ("a token
			// with operate rights") is asked for instead
			g.Args[p.Name], g.Grounding[p.Name] = normalizeValue(p.Default), Default
			continue
		}
		if p.Required && askable(p) {
			g.Missing = append(g.Missing, p.Name)
		}
	}
	for _, m := range c.Missing {
		if _, ok := g.Args[m]; !ok && !contains(g.Missing, m) && !contains(g.Unchecked, m) {
			if p, ok := t.Param(m); ok && (p.Required || p.Default != nil) {
				g.Missing = append(g.Missing, m)
			}
		}
	}
	return g
}

// askable says whether a person can give p's value in a sentence. A body
// member that is a whole document (config values, valve rules, a Playbook)
// is not asked for here: the request is submitted with what it states and
// the device, which validates the document, says what it lacks.
func askable(p Param) bool {
	return p.In != "body" || (p.Type != "object" && p.Type != "array")
}

// check verifies one claim.
func (cl claims) check(p Param, claim string, v any) bool {
	switch claim {
	case Default:
		return p.Default != nil && sameValue(p.Default, v)
	case SystemState:
		if cl.read == nil {
			return false
		}
		now, ok := cl.read(p.Name)
		return ok && sameValue(now, v)
	case Stated:
		return cl.statedValue(p, v)
	}
	return false
}

// statedValue says whether v appears in the request.
func (cl claims) statedValue(p Param, v any) bool {
	switch x := v.(type) {
	case float64:
		if cl.stated != nil && cl.stated(cl.text, x, unitOf(p)) {
			return true
		}
		return cl.stated != nil && unitOf(p) != "" && cl.stated(cl.text, x, "")
	case bool:
		return recall.StatedBool(cl.text, cl.lang, x)
	case string:
		if p.Format == "date" && cl.when != nil && x == cl.when.At.Format(time.DateOnly) {
			return true
		}
		if timeParams[p.Name] {
			if at, err := time.Parse(time.RFC3339, x); err == nil {
				if cl.when != nil {
					return at.Equal(cl.when.At)
				}
				return statedClock(cl.text, at.In(cl.loc()))
			}
		}
		for _, e := range cl.entities {
			if e.ID == x {
				return true
			}
		}
		if f := fold(x); f != "" && containsWord(cl.folded, f) {
			return true
		}
		return cl.stated != nil && cl.stated(cl.text, x, "")
	}
	return false
}

// statedClock says whether the request writes t's time of day ("14:30",
// "8:15"): the check for a time argument when the tier found the time but
// reported no time expression. The date is the tier's convention (today)
// and is shown to the person who approves.
func statedClock(text string, t time.Time) bool {
	for _, layout := range []string{"15:04", "3:04", "15.04", "15h04"} {
		if containsClock(text, t.Format(layout)) {
			return true
		}
	}
	return false
}

func containsClock(text, clock string) bool {
	for i := strings.Index(text, clock); i >= 0; {
		before := i == 0 || !unicode.IsDigit(rune(text[i-1]))
		end := i + len(clock)
		after := end >= len(text) || !unicode.IsDigit(rune(text[end]))
		if before && after {
			return true
		}
		j := strings.Index(text[i+1:], clock)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

func (cl claims) loc() *time.Location {
	if cl.tz != nil {
		return cl.tz
	}
	return time.UTC
}

// unitOf is the unit a parameter's number is stated in.
func unitOf(p Param) string {
	if p.Unit != "" {
		return p.Unit
	}
	if strings.HasSuffix(p.Name, "Sec") {
		return "s"
	}
	return ""
}

// fold is the Recall tier's normalisation (lower case, accents folded,
// words separated by single spaces), so words compare whatever the case,
// accents and punctuation.
func fold(s string) string { return recall.Normalize(s) }

func containsWord(folded, word string) bool {
	return strings.Contains(" "+folded+" ", " "+word+" ")
}

// normalizeValue turns JSON numbers and Go integers into float64 rounded to
// 6 significant digits, so a converted unit compares and travels exactly.
func normalizeValue(v any) any {
	switch x := v.(type) {
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case float32:
		return Round6(float64(x))
	case float64:
		return Round6(x)
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return Round6(f)
		}
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = normalizeValue(e)
		}
		return out
	}
	return v
}

// Round6 rounds x to 6 significant digits (1.0000001 → 1, 33.33333 → 33.3333).
func Round6(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	f, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	if err != nil {
		return x
	}
	return f
}

func formatNumber(x float64) string {
	return strconv.FormatFloat(Round6(x), 'f', -1, 64)
}

func sameValue(a, b any) bool {
	a, b = normalizeValue(a), normalizeValue(b)
	ra, err1 := json.Marshal(a)
	rb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ra) == string(rb)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
