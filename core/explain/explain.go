// Package explain is step 5 of HEART Core §6, EXPLAIN: it says in plain
// language what happened to a request. Every sentence comes from
// templates.json (data, one block per language, English as the fallback),
// and every Index operation's title in German, Spanish and French from
// titles.json (English is the Index summary); the code only fills in values.
package explain

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

//go:embed templates.json
var raw []byte

// titles.json: per language, the title of every Index operation /serve
// serves, by operation id, written as it reads inside that language's
// templates.
//
//go:embed titles.json
var rawTitles []byte

// Set is one language's templates.
type Set struct {
	Property      map[string]string `json:"property"`
	PropertyUnit  map[string]string `json:"propertyUnit"`
	PropertyOther string            `json:"propertyOther"`
	Setpoint      string            `json:"setpoint"`
	List          string            `json:"list"`
	ListMore      string            `json:"listMore"`
	ListEmpty     string            `json:"listEmpty"`
	// Nouns name a list answer's items by its key, singular and plural
	// ("faults": Störung, Störungen); "" names items of any other key.
	Nouns         map[string][2]string `json:"nouns"`
	Fields        string               `json:"fields"`
	DeviceSays    string               `json:"deviceSays"`
	Done          string               `json:"done"`
	Stopped       string               `json:"stopped"`
	Pending       string               `json:"pending"`
	PendingAt     string               `json:"pendingAt"`
	PendingOwner  string               `json:"pendingOwner"`
	Brainless     string               `json:"brainless"`
	BrainHeld     string               `json:"brainHeld"`
	BrainCut      string               `json:"brainCut"`
	TimingNow     string               `json:"timingNow"`
	TimingAt      string               `json:"timingAt"`
	NotUnderstood string               `json:"notUnderstood"`
	Ambiguous     string               `json:"ambiguous"`
	Missing       string               `json:"missing"`
	MissingWhen   string               `json:"missingWhen"`
	MissingTarget string               `json:"missingTarget"`
	Vague         string               `json:"vague"`
	Hypothetical  string               `json:"hypothetical"` // "what would happen if …": the change offered
	Recurring     string               `json:"recurring"`    // "every day at 6": one schedule runs once
	Or            string               `json:"or"`           // "A, B or C"
	Weekdays      []string             `json:"weekdays"`     // Sunday first
	Months        []string             `json:"months"`
	Refused       map[string]string    `json:"refused"`
	// ArgNames say an argument's name in words when a question asks for
	// it ("to" is the recipient)
	ArgNames map[string]string `json:"argNames"`
	// CoreDetails are the details of the Core's own refusals, by a stable
	// key; English is what the Core's API answers (see CoreDetail).
	CoreDetails map[string]string `json:"coreDetails"`
	// Titles are the Index operations' titles in this language, by
	// operation id (titles.json); English has none.
	Titles map[string]string `json:"-"`
}

// Title is what an answer calls an operation, in one Set's language.
type Title struct {
	text       string
	translated bool // from titles.json: it reads inside a sentence as it is
}

// Title names operation id in this set's language: its translation, or else
// fallback (the Index summary, or a product command's own title, in the
// device's words). A product command has no id here.
func (s *Set) Title(id, fallback string) Title {
	if t, ok := s.Titles[id]; ok && t != "" {
		return Title{text: t, translated: true}
	}
	return Title{text: fallback}
}

// String is the title as a label or quoted ("Restart the system now",
// „System jetzt neu starten“).
func (t Title) String() string { return t.text }

// Inline is the title inside a sentence, after a verb: an untranslated
// title with its first letter lowered ("restart the system now"), a
// translation as it is (German nouns keep their capital).
func (t Title) Inline() string {
	if t.translated {
		return t.text
	}
	return LowerFirst(t.text)
}

// ArgName is how a question names argument n.
func (s *Set) ArgName(n string) string {
	if w, ok := s.ArgNames[n]; ok {
		return w
	}
	return n
}

// Templates are every language's Set.
type Templates map[string]*Set

// Load parses the embedded templates and titles. They are tested, so a
// broken file is a build defect.
func Load() Templates {
	var t Templates
	if err := json.Unmarshal(raw, &t); err != nil {
		panic("explain: templates.json: " + err.Error())
	}
	var titles map[string]map[string]string
	if err := json.Unmarshal(rawTitles, &titles); err != nil {
		panic("explain: titles.json: " + err.Error())
	}
	for lang, s := range t {
		s.Titles = titles[lang]
	}
	return t
}

// CoreDetail is the detail of one of the Core's own refusals (key in
// CoreDetails) in English, as the Core's API answers it.
func (t Templates) CoreDetail(key string) string { return t["en"].CoreDetails[key] }

// Detail says a problem's detail in s's language when it is one of the
// Core's own refusals: the Core's API answers CoreDetail(key), and that
// English text is the key back. Any other detail (the device's words)
// stays as it is.
func (t Templates) Detail(s *Set, detail string) string {
	if detail == "" {
		return detail
	}
	for key, en := range t["en"].CoreDetails {
		if en == detail {
			if d := s.CoreDetails[key]; d != "" {
				return d
			}
		}
	}
	return detail
}

// For returns lang's Set, or English.
func (t Templates) For(lang string) *Set {
	if s, ok := t[lang]; ok {
		return s
	}
	return t["en"]
}

// Fill replaces each {name} in tmpl with vars[name].
func Fill(tmpl string, vars map[string]string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:i])
		name := tmpl[i+1 : i+j]
		if v, ok := vars[name]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(tmpl[i : i+j+1])
		}
		tmpl = tmpl[i+j+1:]
	}
}

// Property is a property's value as GET /properties/{name} answers it.
type Property struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Value    any    `json:"value"`
	Unit     string `json:"unit"`
	Setpoint any    `json:"setpoint"`
}

// PropertyAnswer states a property's value with its unit.
func (s *Set) PropertyAnswer(p Property) string {
	title := p.Title
	if title == "" {
		title = p.Name
	}
	vars := map[string]string{"title": LowerFirst(title), "value": Value(p.Value), "unit": p.Unit, "u": glued(p.Unit), "name": p.Name}
	tmpl, ok := s.Property[p.Name]
	if !ok {
		if tmpl, ok = s.PropertyUnit[p.Unit]; !ok {
			tmpl = s.PropertyOther
		}
	}
	out := Fill(tmpl, vars)
	if p.Setpoint != nil {
		vars["setpoint"] = Value(p.Setpoint)
		out += Fill(s.Setpoint, vars)
	}
	return capitalize(out)
}

// ReadAnswer summarises any read's JSON answer: a property by its template,
// a list by its count and first items, an object by its first fields.
func (s *Set) ReadAnswer(title Title, result any) string {
	obj, ok := result.(map[string]any)
	if !ok {
		return capitalize(Fill(s.Fields, map[string]string{"title": title.String(), "fields": Value(result)}))
	}
	if brainless, ok := obj["brainless"].(bool); ok {
		return s.brainAnswer(brainless, obj)
	}
	if _, hasValue := obj["value"]; hasValue {
		if name, ok := obj["name"].(string); ok {
			p := Property{Name: name, Value: obj["value"], Setpoint: obj["setpoint"]}
			p.Title, _ = obj["title"].(string)
			p.Unit, _ = obj["unit"].(string)
			return s.PropertyAnswer(p)
		}
	}
	if _, named := obj["name"]; !named && (len(obj) == 1 || listKey(obj) != "") {
		// a named object ({"name": ..., "callers": [...]}) is one thing, not a list
		if key := listKey(obj); key != "" {
			return s.listAnswer(key, obj[key].([]any))
		}
	}
	return capitalize(Fill(s.Fields, map[string]string{"title": title.String(), "fields": fields(obj, 6)}))
}

// listKey is the member holding the list of a list answer ({"alerts": [...]}).
func listKey(obj map[string]any) string {
	var keys []string
	for k, v := range obj {
		if _, ok := v.([]any); ok {
			keys = append(keys, k)
		}
	}
	if len(keys) != 1 {
		return ""
	}
	return keys[0]
}

func (s *Set) listAnswer(key string, list []any) string {
	vars := map[string]string{"what": s.noun(key, len(list)), "count": strconv.Itoa(len(list))}
	if len(list) == 0 {
		return capitalize(Fill(s.ListEmpty, vars))
	}
	var items []string
	for i, it := range list {
		if i == 5 {
			break
		}
		items = append(items, itemLabel(it))
	}
	vars["items"] = strings.Join(items, "; ")
	if len(list) > 5 {
		return capitalize(Fill(s.ListMore, vars))
	}
	return capitalize(Fill(s.List, vars))
}

// noun names n items of a list answer's key in the Set's language.
func (s *Set) noun(key string, n int) string {
	forms, ok := s.Nouns[key]
	if !ok {
		forms, ok = s.Nouns[""]
	}
	if !ok {
		return key
	}
	if n == 1 {
		return forms[0]
	}
	return forms[1]
}

// itemLabel names one list item by its most telling members.
func itemLabel(it any) string {
	obj, ok := it.(map[string]any)
	if !ok {
		return Value(it)
	}
	var parts []string
	for _, k := range []string{"name", "id", "code", "signal", "target", "title", "summary", "message", "value", "unit", "state", "at"} {
		if v, ok := obj[k]; ok && v != nil {
			if str := Value(v); str != "" {
				parts = append(parts, str)
			}
		}
		if len(parts) == 3 {
			break
		}
	}
	if len(parts) == 0 {
		return fields(obj, 3)
	}
	return strings.Join(parts, " ")
}

func fields(obj map[string]any, max int) string {
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		switch obj[k].(type) {
		case map[string]any, []any:
			continue
		}
		parts = append(parts, k+" "+Value(obj[k]))
		if len(parts) == max {
			break
		}
	}
	if len(parts) == 0 {
		return strings.Join(keys, ", ")
	}
	return strings.Join(parts, ", ")
}

// Value writes one JSON value for a sentence: numbers without exponent or
// trailing zeros, strings as they are, short.
func Value(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return clip(x, 80)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return strconv.FormatFloat(f, 'f', -1, 64)
		}
		return x.String()
	case bool:
		if x {
			return "on"
		}
		return "off"
	case int:
		return strconv.Itoa(x)
	}
	b, _ := json.Marshal(v)
	return clip(string(b), 80)
}

// ArgWords are how answers name arguments and write their values: the
// words for each name ("flow setpoint" for litresPerMin) and its unit.
type ArgWords struct {
	Names map[string]string
	Units map[string]string
}

// Args writes arguments after a title: " (flow setpoint: 40 L/min)", the
// same in every language (the words are the device's or the set's).
func (s *Set) Args(args map[string]any, w ArgWords) string {
	if list := ArgList(args, w); list != "" {
		return " (" + list + ")"
	}
	return ""
}

// ArgList writes the arguments as "words: value unit, ...", sorted by name;
// an argument with no words is named as it is.
func ArgList(args map[string]any, w ArgWords) string {
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		name := k
		if words := w.Names[k]; words != "" {
			name = words
		}
		parts = append(parts, name+": "+Value(args[k])+glued(w.Units[k])+inMinutes(args[k], w.Units[k]))
	}
	return strings.Join(parts, ", ")
}

// JoinOr joins choices with commas and this set's "or".
func (s *Set) JoinOr(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + s.Or + " " + items[len(items)-1]
}

// PendingAnswer states exactly what waits for approval: target, values,
// timing.
func (s *Set) PendingAnswer(title Title, args map[string]any, w ArgWords, at *time.Time, tz *time.Location, actionID string) string {
	if at != nil {
		return Fill(s.PendingAt, map[string]string{"title": title.String(), "args": s.Args(args, w), "at": s.At(*at, tz), "id": actionID})
	}
	return Fill(s.Pending, map[string]string{"title": title.Inline(), "args": s.Args(args, w), "timing": s.TimingNow, "id": actionID})
}

// PendingOwnerAnswer states what waits for the owner: a change to the
// Core's own brain module asked for through /serve (no device Action holds
// it, so there is a request id instead).
func (s *Set) PendingOwnerAnswer(title Title, args map[string]any, w ArgWords, requestID string) string {
	return Fill(s.PendingOwner, map[string]string{"title": title.Inline(), "args": s.Args(args, w), "id": requestID})
}

// At writes an instant in the device's time zone, exactly, with this set's
// names of days and months (English when the set has none): "Sunday 6
// December 2026, 22:00 (Europe/Berlin, UTC+01:00)".
func (s *Set) At(t time.Time, tz *time.Location) string {
	if tz == nil {
		tz = time.UTC
	}
	local := t.In(tz)
	out := local.Format("Monday 2 January 2006, 15:04")
	if len(s.Weekdays) == 7 && len(s.Months) == 12 {
		out = fmt.Sprintf("%s %d %s %d, %s", s.Weekdays[local.Weekday()], local.Day(), s.Months[local.Month()-1], local.Year(), local.Format("15:04"))
	}
	if tz == time.UTC || tz.String() == "UTC" {
		return out + " (UTC)"
	}
	return out + " (" + tz.String() + ", UTC" + local.Format("-07:00") + ")"
}

// Refusal says why a request for the operation title is refused (the zero
// Title when the refusal names no operation); vars fill the rest of
// reason's template.
func (s *Set) Refusal(reason string, title Title, vars map[string]string) string {
	tmpl, ok := s.Refused[reason]
	if !ok {
		tmpl = s.Refused["device-refused"]
	}
	filled := make(map[string]string, len(vars)+1)
	for k, v := range vars {
		filled[k] = v
	}
	filled["title"] = title.Inline()
	return capitalize(Fill(tmpl, filled))
}

// inMinutes adds a long span of seconds in minutes or hours, so a person
// confirming "3600 s" sees the hour: " = 1 h", " = 10 min", "" otherwise.
func inMinutes(v any, unit string) string {
	f, ok := v.(float64)
	if i, isInt := v.(int); isInt {
		f, ok = float64(i), true
	}
	if !ok || unit != "s" || f < 120 || math.Mod(f, 60) != 0 {
		return ""
	}
	if math.Mod(f, 3600) == 0 {
		return " = " + strconv.Itoa(int(f/3600)) + " h"
	}
	return " = " + strconv.Itoa(int(f/60)) + " min"
}

// glued writes a unit after a number: "62%", "40 L/min", "41.2 °C".
func glued(unit string) string {
	switch unit {
	case "", "%":
		return unit
	}
	return " " + unit
}

// LowerFirst lower-cases a title's first letter for use inside a sentence
// ("Set pump flow" → "set pump flow"); an acronym ("API ...") stays.
func LowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || (len(s) > n && unicode.IsUpper(rune(s[n]))) {
		return s // an acronym stays as it is
	}
	return string(unicode.ToLower(r)) + s[n:]
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
