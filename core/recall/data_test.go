package recall

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestData_EmbeddedFilesLoad(t *testing.T) {
	d, err := load()
	require.NoError(t, err)
	for _, l := range Languages {
		require.Contains(t, d.packs, l)
	}
	require.NotEmpty(t, d.units.byFirst)
	require.NotEmpty(t, d.acme)
}

func TestLangPack_LexiconValuesAreConceptsOrMarkers(t *testing.T) {
	d := mustLoad()
	for _, l := range Languages {
		p := d.packs[l]
		for k, cs := range p.lex {
			assert.NotEmpty(t, cs, "%s: %q maps to nothing", l, k)
			for _, c := range cs {
				assert.Equal(t, strings.ToLower(c), c, "%s: concept %q must be lower case", l, c)
			}
			assert.Equal(t, Normalize(k), k, "%s: key %q is not normalised", l, k)
		}
	}
}

func TestLangPack_EveryPackHasTheSameSections(t *testing.T) {
	d := mustLoad()
	for _, l := range Languages {
		p := d.packs[l]
		assert.NotEmpty(t, p.stop, l)
		assert.NotEmpty(t, p.nums, l)
		days := map[int]bool{}
		for _, d := range p.time.Weekdays {
			days[d] = true
		}
		assert.Len(t, days, 7, "%s: seven weekdays", l)
		assert.NotEmpty(t, p.time.Parts, l)
		assert.NotEmpty(t, p.time.Days, l)
	}
}

// The core vocabulary of a pump station is covered in every language.
func TestLangPack_CoversTheDomainInEveryLanguage(t *testing.T) {
	d := mustLoad()
	x, err := Build(nil, nil, Options{})
	require.NoError(t, err)
	words := map[string]map[string]string{
		"de": {"Pumpe": "pump", "Durchfluss": "flow", "Förderleistung": "flow", "Füllstand": "level", "Neustart": "restart", "Zeitplan": "schedule", "Protokoll": "log", "Warnungen": "alert", "Alarme": "alert", "Ventil": "valve", "Förderband": "conveyor", "Heizung": "heater", "Druck": "pressure", "Mischer": "mixer", "Fehler": "fault", "Sicherung": "backup", "Netzwerk": "network", "kalibrieren": "calibrate", "Pumpendurchfluss": "pump", "Tankfüllstand": "tank"},
		"es": {"bomba": "pump", "caudal": "flow", "depósito": "tank", "tanque": "tank", "reiniciar": "restart", "registros": "log", "válvula": "valve", "cinta": "conveyor", "presión": "pressure", "alarmas": "alert", "arranca": "start", "calentador": "heater"},
		"fr": {"pompe": "pump", "débit": "flow", "cuve": "tank", "réservoir": "tank", "redémarrer": "restart", "journaux": "log", "vanne": "valve", "convoyeur": "conveyor", "pression": "pressure", "alertes": "alert", "arrête": "stop", "chauffage": "heater"},
		"en": {"reboot": "restart", "throughput": "flow", "alarms": "alert", "logs": "log", "reservoir": "tank", "heating": "heater"},
	}
	for l, m := range words {
		for w, want := range m {
			toks := tokenize(w)
			cs, _ := x.cz.analyse(d.packs[l], toks, false, false)
			assert.Contains(t, uniqConcepts(cs), want, "%s %q", l, w)
		}
	}
}

func TestUnits_AliasesParse(t *testing.T) {
	d := mustLoad()
	for first, as := range d.units.byFirst {
		for _, a := range as {
			assert.Equal(t, first, a.toks[0])
			assert.NotZero(t, a.factor, "%v", a.toks)
			assert.NotEmpty(t, d.units.dims[a.unit])
		}
	}
}

func TestAcmeEntities_CoverTheDemoProperties(t *testing.T) {
	ids := map[string]bool{}
	for _, e := range AcmeEntities() {
		ids[e.ID] = true
	}
	for _, p := range []string{"tank.level", "tank.volume", "pump.flow", "pump.pressure", "pump.state", "pump.ramp_rate",
		"heater.temperature", "heater.setpoint", "conveyor.speed", "conveyor.state", "valve.position", "filter.dp",
		"mixer.speed", "power.consumption", "pump-1", "tank-1", "valve-1", "conveyor-1", "heater-1", "filter-1", "mixer-1", "controller"} {
		assert.True(t, ids[p], p)
	}
}

// Two lexicon entries that fold to one key must mean the same: which one
// held would otherwise depend on map order, and the same request would be
// read two ways from one run to the next.
func TestParsePack_FoldedLexiconKeysMustAgree(t *testing.T) {
	_, err := parsePack([]byte(`{"lang": "es", "lexicon": {"pasó": "happen @past", "paso": "happen"}}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "paso")
	_, err = parsePack([]byte(`{"lang": "es", "lexicon": {"pasó": "happen", "paso": "happen"}}`))
	require.NoError(t, err)
}
