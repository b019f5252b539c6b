package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A past question of a property at a time gone asks for its history; the
// same question of now reads it.
func TestResolve_APastQuestionAtATimeGoneReadsTheHistory(t *testing.T) {
	x := fullIndex(t)
	res := x.Resolve("what was the tank level at 6 this morning", testCtx())
	assert.Equal(t, "getPropertyHistory", top(t, res).Target)
	assert.Equal(t, "tank.level", top(t, res).Args["name"])
	assert.Equal(t, "getProperty", top(t, x.Resolve("what is the tank level now", testCtx())).Target)
}

// A setpoint named beside the heater's other words is the setpoint, even
// where "water" in "water heater" favours the temperature.
func TestResolve_TheSetpointNamedWinsOverTheTemperature(t *testing.T) {
	x := fullIndex(t)
	for text, want := range map[string]string{
		"What's the hot water heater set to downstairs? The target I mean, not what it's reading.": "heater.setpoint",
		"Auf welchen Sollwert steht die Heizung am Heißwassertank der Station?":                    "heater.setpoint",
		"what temperature is the water heater at":                                                  "heater.temperature",
		"how many litres a minute is the pump moving":                                              "pump.flow",
	} {
		c := top(t, x.Resolve(text, testCtx()))
		assert.Equal(t, "getProperty", c.Target, text)
		assert.Equal(t, want, c.Args["name"], text)
	}
}

// The words of a minimum or maximum in each language ("mini et maxi",
// "Maximalwert", "tiefster", "máx") ask for the statistics of a signal.
func TestResolve_MinAndMaxWordsAskForStatistics(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"fr", "Quelle est la température mini et maxi du réchauffeur depuis une heure ?", "getVitalFeatures"},
		{"de", "Maximalwert vom Pumpendruck in der letzten Stunde", "getVitalFeatures"},
		{"de", "Tiefster Tankstand heute?", "getVitalFeatures"},
		{"es", "presión máx de la bomba en la última hora", "getVitalFeatures"},
		{"es", "retrolava el filtro 2 min", "com.acme.filter.backflush"},
	})
}

// A read that names one property of a thing asks for that property, not
// for a summary of the system that takes no argument.
func TestResolve_ANamedPropertyOverASummary(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "what position is valve-1 sitting at?", "getProperty"},
		{"es", "¿La bomba de la estación está en marcha? ¿Qué estado tiene?", "getProperty"},
		{"en", "how is the station doing overall?", "getPulse"},
	})
}

// A programmed or set temperature is the setpoint.
func TestResolve_AProgrammedTemperatureIsTheSetpoint(t *testing.T) {
	x := fullIndex(t)
	for _, text := range []string{"quelle est la température programmée du chauffe-eau ?", "¿cuál es la temperatura programada del calentador?"} {
		assert.Equal(t, "heater.setpoint", top(t, x.Resolve(text, testCtx())).Args["name"], text)
	}
	assert.Equal(t, "getSchedule", top(t, x.Resolve("¿Qué tiene programado la sch-4?", testCtx())).Target)
}
