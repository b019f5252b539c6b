package explain

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/index"
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

// plain is a title with no translation (a product command's, or English).
func plain(title string) Title { return Load().For("en").Title("", title) }

func TestReadAnswer_SummarisesAnyRead(t *testing.T) {
	set := Load().For("en")
	list := map[string]any{"alerts": []any{map[string]any{"id": "a1", "code": "low", "summary": "Tank low"}}}
	assert.Equal(t, "1 alert: a1 low Tank low.", set.ReadAnswer(plain("List open alerts"), list))
	assert.Equal(t, "There are no alerts.", set.ReadAnswer(plain("List open alerts"), map[string]any{"alerts": []any{}}))
	many := map[string]any{"logs": []any{"a", "b", "c", "d", "e", "f"}}
	assert.Equal(t, "6 log entries, among them a; b; c; d; e.", set.ReadAnswer(plain("Show the logs"), many))
	assert.Equal(t, "Show the system clock: synced on, time 2026-01-05T06:00:00Z.", set.ReadAnswer(plain("Show the system clock"), map[string]any{"time": "2026-01-05T06:00:00Z", "synced": true}))
	assert.Equal(t, "The tank is 62% full.", set.ReadAnswer(plain("x"), map[string]any{"name": "tank.level", "title": "Tank level", "value": 62.0, "unit": "%"}))
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
			assert.Equal(t, tc.none, set.ReadAnswer(plain("x"), none))
			assert.Equal(t, tc.one, set.ReadAnswer(plain("x"), one))
			assert.Equal(t, tc.odd, set.ReadAnswer(plain("x"), odd))
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
	now := set.PendingAnswer(plain("Set pump flow"), map[string]any{"litresPerMin": 40.0}, ArgWords{Names: map[string]string{"litresPerMin": "flow setpoint"}, Units: map[string]string{"litresPerMin": "L/min"}}, nil, time.UTC, "id-1")
	assert.Equal(t, "I have asked the device to set pump flow (flow setpoint: 40 L/min), to run as soon as it is approved. It will not happen until a person approves it (Action id-1).", now)
	berlin, err := time.LoadLocation("Europe/Berlin")
	require.NoError(t, err)
	at := time.Date(2026, 1, 11, 21, 0, 0, 0, time.UTC)
	later := set.PendingAnswer(set.Title("postSystemRestart", "Restart the system now"), nil, ArgWords{}, &at, berlin, "id-2")
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
	// a product command's title comes from the device, as it is
	now := set.PendingAnswer(set.Title("com.acme.pump.set_flow", "Set pump flow"), nil, ArgWords{}, nil, time.UTC, "id-1")
	assert.Equal(t, "Ich habe das Gerät gebeten, „set pump flow“ auszuführen, sobald es genehmigt ist. Das geschieht erst, wenn eine Person es genehmigt hat (Aktion id-1).", now)
	assert.Equal(t, "Nur eine Person darf „calibrate sensor“ ausführen, und zwar direkt, nicht über den Core. Bitte tun Sie es selbst am Gerät oder in dessen eigener Oberfläche.",
		set.Refusal("person-only", plain("Calibrate sensor"), nil))
	// an Index operation's title is German, its nouns capitalised
	restart := set.Title("postSystemRestart", "Restart the system now")
	assert.Equal(t, "Ich habe das Gerät gebeten, „System jetzt neu starten“ auszuführen, sobald es genehmigt ist. Das geschieht erst, wenn eine Person es genehmigt hat (Aktion id-1).",
		set.PendingAnswer(restart, nil, ArgWords{}, nil, time.UTC, "id-1"))
	assert.Equal(t, "Sie dürfen „System jetzt neu starten“ nicht ausführen: Dafür ist der Scope heart.admin nötig, über den Sie nicht verfügen.",
		set.Refusal("caller-not-allowed", restart, map[string]string{"scope": "heart.admin", "title": "ignored"}))
}

// Every Index operation /serve serves has a title in German, Spanish and
// French, so a new operation is not answered with its English summary; and
// titles.json names no operation the Index does not serve.
func TestTitles_EveryServedOperationInEveryLanguage(t *testing.T) {
	idx, err := index.Load()
	require.NoError(t, err)
	all := Load()
	served := map[string]bool{}
	for _, e := range idx.Operations {
		if !e.Serve {
			continue
		}
		served[e.ID] = true
		for _, lang := range []string{"de", "es", "fr"} {
			title := all.For(lang).Title(e.ID, e.Summary)
			assert.True(t, title.translated, "%s has no %s title (Index summary %q)", e.ID, lang, e.Summary)
			assert.Equal(t, strings.TrimSpace(title.String()), title.String(), "%s %s", lang, e.ID)
			assert.NotContains(t, title.String(), "{", "%s %s", lang, e.ID)
		}
	}
	require.NotEmpty(t, served)
	var titles map[string]map[string]string
	require.NoError(t, json.Unmarshal(rawTitles, &titles))
	assert.NotContains(t, titles, "en", "English is the Index summary")
	for lang, byID := range titles {
		require.Contains(t, []string{"de", "es", "fr"}, lang)
		for id, title := range byID {
			assert.True(t, served[id], "titles.json %s names %s, which the Index does not serve", lang, id)
			if lang != "de" {
				// inside a sentence, after a verb: "exécuter « redémarrer … »"
				r, _ := utf8.DecodeRuneInString(title)
				assert.True(t, unicode.IsLower(r), "%s %s: %q starts with a small letter inside a sentence", lang, id, title)
			}
		}
	}
}

// Inside a sentence a translation stays as it is (German nouns keep their
// capital); an untranslated title has its first letter lowered.
func TestTitle_FormsInsideASentence(t *testing.T) {
	all := Load()
	cases := []struct{ lang, id, summary, label, inline string }{
		{"en", "postSystemRestart", "Restart the system now", "Restart the system now", "restart the system now"},
		{"de", "postSystemRestart", "Restart the system now", "System jetzt neu starten", "System jetzt neu starten"},
		{"fr", "postSystemRestart", "Restart the system now", "redémarrer le système maintenant", "redémarrer le système maintenant"},
		{"es", "getAlerts", "List open alerts", "listar las alertas abiertas", "listar las alertas abiertas"},
		{"fr", "com.acme.tank.fill", "Fill the tank", "Fill the tank", "fill the tank"},
		{"de", "", "API health", "API health", "API health"},
		{"xx", "getAlerts", "List open alerts", "List open alerts", "list open alerts"},
	}
	for _, tc := range cases {
		title := all.For(tc.lang).Title(tc.id, tc.summary)
		assert.Equal(t, tc.label, title.String(), tc.lang+" "+tc.id)
		assert.Equal(t, tc.inline, title.Inline(), tc.lang+" "+tc.id)
	}
}

// The Core's own refusals are English on its API and said in the answer's
// language by /serve; any other detail (the device's) is left as it is.
func TestTemplates_CoreDetailInEveryLanguage(t *testing.T) {
	all := Load()
	for key := range all["en"].CoreDetails {
		en := all.CoreDetail(key)
		require.NotEmpty(t, en, key)
		assert.Equal(t, en, all.Detail(all.For("en"), en), key)
		for _, lang := range []string{"de", "es", "fr"} {
			got := all.Detail(all.For(lang), en)
			assert.NotEqual(t, en, got, "%s %s", lang, key)
			assert.Equal(t, all[lang].CoreDetails[key], got, "%s %s", lang, key)
		}
	}
	assert.Equal(t, "le Core n'a que ses paquets de connaissances intégrés ; il n'existe aucun paquet antérieur auquel revenir.",
		all.Detail(all.For("fr"), all.CoreDetail("no-earlier-package")))
	assert.Equal(t, "Argument \"celsius\" is 95.", all.Detail(all.For("fr"), "Argument \"celsius\" is 95."), "the device's words stay")
	assert.Equal(t, "", all.Detail(all.For("fr"), ""))
}

func TestTemplates_DatesAndJoinsInTheLanguage(t *testing.T) {
	all := Load()
	at := time.Date(2026, 1, 11, 22, 0, 0, 0, time.UTC)
	cases := []struct{ lang, date, or string }{
		{"en", "Sunday 11 January 2026, 22:00 (UTC)", "a, b or c"},
		{"de", "Sonntag 11 Januar 2026, 22:00 (UTC)", "a, b oder c"},
		{"es", "domingo 11 enero 2026, 22:00 (UTC)", "a, b o c"},
		{"fr", "dimanche 11 janvier 2026, 22:00 (UTC)", "a, b ou c"},
	}
	for _, c := range cases {
		s := all.For(c.lang)
		assert.Equal(t, c.date, s.At(at, time.UTC), c.lang)
		assert.Equal(t, c.or, s.JoinOr([]string{"a", "b", "c"}), c.lang)
		// arguments are written the same way in every language; their
		// words come from the device or the set
		assert.Equal(t, " (Stufe: 3, windowSec: 60 s)", s.Args(map[string]any{"windowSec": 60, "level": 3.0},
			ArgWords{Names: map[string]string{"level": "Stufe"}, Units: map[string]string{"windowSec": "s"}}), c.lang)
	}
	assert.Equal(t, "", all.For("en").Args(nil, ArgWords{}), "no arguments, nothing written")
	seconds := ArgWords{Units: map[string]string{"durationSec": "s"}}
	for v, want := range map[any]string{3600: " (durationSec: 3600 s = 1 h)", 300.0: " (durationSec: 300 s = 5 min)", 90: " (durationSec: 90 s)", 61.5: " (durationSec: 61.5 s)"} {
		assert.Equal(t, want, all.For("en").Args(map[string]any{"durationSec": v}, seconds), "a long span is also given in minutes or hours")
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
