package explain

import (
	"encoding/json"
	"regexp"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTemplates_LoadAndEveryRefusalReasonHasOne(t *testing.T) {
	all := Load()
	set := all.For("en")
	require.NotNil(t, set)
	assert.Same(t, set, all.For("xx"), "an unknown language falls back to English")
	for _, reason := range []string{"caller-not-allowed", "out-of-range", "autonomy-stopped", "person-only", "no-halt", "ungrounded", "not-servable", "invalid-request", "guard-failed", "device-refused", "core-refused", "not-found"} {
		assert.NotEmpty(t, set.Refused[reason], reason)
	}
}

func TestFill_LeavesUnknownPlaceholders(t *testing.T) {
	assert.Equal(t, "a 1 {b} c", Fill("a {a} {b} c", map[string]string{"a": "1"}))
	assert.Equal(t, "open {", Fill("open {", nil))
}

func TestPropertyAnswer_StatesValueWithUnit(t *testing.T) {
	set := Load().For("en")
	cases := []struct {
		rule string
		p    Property
		want string
	}{
		{"a property's own template", Property{Name: "tank.level", Title: "Tank level", Value: 62.0, Unit: "%"}, "The tank is 62% full."},
		{"by unit", Property{Name: "valve.position", Title: "Valve position", Value: 35.5, Unit: "%"}, "The valve position is 35.5%."},
		{"any other unit", Property{Name: "pump.flow", Title: "Pump flow", Value: 40.0, Unit: "L/min"}, "The pump flow is 40 L/min."},
		{"a state", Property{Name: "pump.state", Title: "Pump state", Value: "running"}, "The pump state is running."},
		{"with its setpoint", Property{Name: "heater.temperature", Title: "Heater temperature", Value: 41.2, Unit: "°C", Setpoint: 45.0}, "The heater temperature is 41.2 °C. Its setpoint is 45 °C."},
	}
	for _, tc := range cases {
		t.Run(tc.rule, func(t *testing.T) { assert.Equal(t, tc.want, set.PropertyAnswer(tc.p)) })
	}
}

func TestReadAnswer_SummarisesAnyRead(t *testing.T) {
	set := Load().For("en")
	list := map[string]any{"alerts": []any{map[string]any{"id": "a1", "code": "low", "summary": "Tank low"}}}
	assert.Equal(t, "1 alert: a1 low Tank low.", set.ReadAnswer("List open alerts", list))
	assert.Equal(t, "There are no alerts.", set.ReadAnswer("List open alerts", map[string]any{"alerts": []any{}}))
	many := map[string]any{"logs": []any{"a", "b", "c", "d", "e", "f"}}
	assert.Equal(t, "6 log entries, among them a; b; c; d; e.", set.ReadAnswer("Show the logs", many))
	assert.Equal(t, "Show the system clock: synced on, time 2026-01-05T06:00:00Z.", set.ReadAnswer("Show the system clock", map[string]any{"time": "2026-01-05T06:00:00Z", "synced": true}))
	assert.Equal(t, "The tank is 62% full.", set.ReadAnswer("x", map[string]any{"name": "tank.level", "title": "Tank level", "value": 62.0, "unit": "%"}))
}

// A list answer names its items in the caller's language, one or many.
func TestReadAnswer_ListNounsInEveryLanguage(t *testing.T) {
	all := Load()
	none := map[string]any{"faults": []any{}}
	one := map[string]any{"faults": []any{map[string]any{"code": "F1"}}}
	odd := map[string]any{"widgets": []any{}}
	cases := []struct{ lang, none, one, odd string }{
		{"en", "There are no faults.", "1 fault: F1.", "There are no items."},
		{"de", "Keine Störungen vorhanden.", "1 Störung: F1.", "Keine Einträge vorhanden."},
		{"es", "No hay fallos.", "1 fallo: F1.", "No hay elementos."},
		{"fr", "La liste des défauts est vide.", "1 défaut : F1.", "La liste des éléments est vide."},
	}
	for _, tc := range cases {
		t.Run(tc.lang, func(t *testing.T) {
			set := all.For(tc.lang)
			assert.Equal(t, tc.none, set.ReadAnswer("x", none))
			assert.Equal(t, tc.one, set.ReadAnswer("x", one))
			assert.Equal(t, tc.odd, set.ReadAnswer("x", odd))
		})
	}
	// every language names every list the English set names
	for lang, set := range all {
		for key := range all["en"].Nouns {
			_, ok := set.Nouns[key]
			assert.True(t, ok, "%s has no noun for %q", lang, key)
		}
	}
}

func TestPendingAnswer_StatesTargetValuesAndTiming(t *testing.T) {
	set := Load().For("en")
	now := set.PendingAnswer("Set pump flow", map[string]any{"litresPerMin": 40.0}, map[string]string{"litresPerMin": "L/min"}, nil, time.UTC, "id-1")
	assert.Equal(t, "I have asked the device to set pump flow with litresPerMin 40 L/min, to run as soon as it is approved. It will not happen until a person approves it (Action id-1).", now)
	berlin, err := time.LoadLocation("Europe/Berlin")
	require.NoError(t, err)
	at := time.Date(2026, 1, 11, 21, 0, 0, 0, time.UTC)
	later := set.PendingAnswer("Restart the system now", nil, nil, &at, berlin, "id-2")
	assert.Equal(t, `I have asked the device to schedule "Restart the system now" for Sunday 11 January 2026, 22:00 (Europe/Berlin, UTC+01:00). It will not happen until a person approves it (Action id-2).`, later)
}

// placeholder is one {name} a template is filled at.
var placeholder = regexp.MustCompile(`\{[A-Za-z]+\}`)

func placeholders(tmpl string) []string {
	found := placeholder.FindAllString(tmpl, -1)
	set := map[string]bool{}
	for _, p := range found {
		set[p] = true
	}
	out := make([]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// sameTemplates checks that got has exactly en's keys, recursively, and that
// each template keeps exactly the placeholders of its English counterpart.
func sameTemplates(t *testing.T, path string, en, got map[string]any) {
	t.Helper()
	for key, want := range en {
		at := path + "." + key
		v, ok := got[key]
		if !assert.True(t, ok, "%s is missing", at) {
			continue
		}
		switch w := want.(type) {
		case map[string]any:
			g, ok := v.(map[string]any)
			if assert.True(t, ok, "%s must be an object like English", at) {
				sameTemplates(t, at, w, g)
			}
		case string:
			g, ok := v.(string)
			if assert.True(t, ok, "%s must be a string like English", at) {
				assert.NotEmpty(t, g, at)
				assert.Equal(t, placeholders(w), placeholders(g), "%s keeps English's placeholders", at)
			}
		case []any:
			g, ok := v.([]any)
			if assert.True(t, ok, "%s must be a list like English", at) {
				assert.Len(t, g, len(w), "%s has as many names as English", at)
			}
		default:
			t.Fatalf("%s: unexpected %T in English", at, want)
		}
	}
	for key := range got {
		_, ok := en[key]
		assert.True(t, ok, "%s.%s is not in English", path, key)
	}
}

func TestTemplates_EveryLanguageHasEnglishKeysAndPlaceholders(t *testing.T) {
	var all map[string]map[string]any
	require.NoError(t, json.Unmarshal(raw, &all))
	en := all["en"]
	require.NotNil(t, en)
	for _, lang := range []string{"de", "es", "fr"} {
		require.Contains(t, all, lang, "templates.json has a %q block", lang)
	}
	for lang, set := range all {
		if lang == "en" {
			continue
		}
		t.Run(lang, func(t *testing.T) { sameTemplates(t, lang, en, set) })
	}
}

func TestTemplates_ForPicksTheLanguage(t *testing.T) {
	all := Load()
	cases := []struct {
		lang, want string
	}{
		{"de", "Ich habe das nicht als etwas verstanden, das dieses System tun kann, daher habe ich nichts getan."},
		{"es", "No he entendido eso como algo que este sistema pueda hacer, así que no he hecho nada."},
		{"fr", "Je n'ai pas compris cela comme quelque chose que ce système peut faire, je n'ai donc rien fait."},
		{"en", "I did not understand that as something this system can do, so I did nothing."},
		{"xx", "I did not understand that as something this system can do, so I did nothing."},
	}
	for _, tc := range cases {
		t.Run(tc.lang, func(t *testing.T) {
			set := all.For(tc.lang)
			require.NotNil(t, set)
			assert.Equal(t, tc.want, set.NotUnderstood)
		})
	}
	assert.Same(t, all["de"], all.For("de"))
	assert.Same(t, all["en"], all.For("xx"))
}

func TestPendingAnswer_InGerman(t *testing.T) {
	set := Load().For("de")
	now := set.PendingAnswer("Set pump flow", nil, nil, nil, time.UTC, "id-1")
	assert.Equal(t, "Ich habe das Gerät gebeten, „set pump flow“ auszuführen, sobald es genehmigt ist. Das geschieht erst, wenn eine Person es genehmigt hat (Aktion id-1).", now)
	assert.Equal(t, "Nur eine Person darf „calibrate sensor“ ausführen, und zwar direkt, nicht über den Core. Bitte tun Sie es selbst am Gerät oder in dessen eigener Oberfläche.",
		set.Refusal("person-only", map[string]string{"title": "Calibrate sensor"}))
}

func TestTemplates_DatesAndJoinsInTheLanguage(t *testing.T) {
	all := Load()
	at := time.Date(2026, 1, 11, 22, 0, 0, 0, time.UTC)
	cases := []struct{ lang, date, or, with string }{
		{"en", "Sunday 11 January 2026, 22:00 (UTC)", "a, b or c", " with level 3"},
		{"de", "Sonntag 11 Januar 2026, 22:00 (UTC)", "a, b oder c", " mit level 3"},
		{"es", "domingo 11 enero 2026, 22:00 (UTC)", "a, b o c", " con level 3"},
		{"fr", "dimanche 11 janvier 2026, 22:00 (UTC)", "a, b ou c", " avec level 3"},
	}
	for _, c := range cases {
		s := all.For(c.lang)
		assert.Equal(t, c.date, s.At(at, time.UTC), c.lang)
		assert.Equal(t, c.or, s.JoinOr([]string{"a", "b", "c"}), c.lang)
		assert.Equal(t, c.with, s.Args(map[string]any{"level": 3.0}, nil), c.lang)
	}
}

// A question names an argument in words ("to" is the recipient), in the
// request's language; an argument without a word keeps its name.
func TestSet_ArgNameInWords(t *testing.T) {
	ts := Load()
	assert.Equal(t, "recipient", ts.For("en").ArgName("to"))
	assert.Equal(t, "Empfänger", ts.For("de").ArgName("to"))
	assert.Equal(t, "litresPerMin", ts.For("fr").ArgName("litresPerMin"))
	assert.Equal(t, "What recipient should I use to send a message to a peer?",
		Fill(ts.For("en").Missing, map[string]string{"name": ts.For("en").ArgName("to"), "title": "send a message to a peer"}))
}
