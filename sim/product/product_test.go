package product

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The names and arguments of decisions.md §4 are fixed: outside test sets use them.
func TestDefinitions_MatchDecisionsSection4(t *testing.T) {
	p, err := Load()
	require.NoError(t, err)
	want := map[string]struct {
		risk string
		arg  string
		min  float64
		max  float64
		def  any
	}{
		"pump.start": {"physical", "", 0, 0, nil}, "pump.halt": {"physical", "", 0, 0, nil},
		"pump.set_flow": {"physical", "litresPerMin", 0, 120, nil}, "pump.set_ramp_rate": {"physical", "ramp_rate", 0.5, 5, nil},
		"tank.fill": {"physical", "targetPercent", 0, 100, 90.0}, "tank.drain": {"physical", "targetPercent", 0, 100, 20.0},
		"valve.set_position": {"physical", "percent", 0, 100, nil}, "conveyor.start": {"physical", "", 0, 0, nil},
		"conveyor.halt": {"physical", "", 0, 0, nil}, "conveyor.set_speed": {"physical", "metresPerMin", 0, 30, nil},
		"heater.set_setpoint": {"physical", "celsius", 5, 80, nil}, "mixer.set_speed": {"physical", "rpm", 0, 1500, nil},
		"filter.backflush": {"physical", "durationSec", 10, 600, 60.0}, "sensors.calibrate": {"write", "sensor", 0, 0, nil},
		"report.daily": {"read", "date", 0, 0, "today"},
	}
	require.Len(t, p.Definitions, len(want))
	for _, d := range p.Definitions {
		w, ok := want[d.Name[len("com.acme."):]]
		require.True(t, ok, d.Name)
		assert.Equal(t, w.risk, d.Risk, d.Name)
		assert.Equal(t, d.Name != "com.acme.sensors.calibrate", d.AllowsCaller("ai"), d.Name)
		assert.True(t, d.AllowsCaller("human"), d.Name)
		if w.arg == "" {
			assert.Empty(t, d.Arguments.Properties, d.Name)
			continue
		}
		a := d.Arguments.Properties[w.arg]
		require.NotNil(t, a, d.Name)
		if w.max > 0 {
			assert.Equal(t, w.min, *a.Minimum, d.Name)
			assert.Equal(t, w.max, *a.Maximum, d.Name)
		}
		assert.Equal(t, w.def, a.Default, d.Name)
	}
}

func TestDefinitions_HaltsAndGuards(t *testing.T) {
	p := MustLoad()
	halts := map[string]bool{}
	guards := map[string]string{}
	for _, d := range p.Definitions {
		if d.Halt {
			halts[d.Thing] = true
		}
		for _, g := range d.Guards {
			guards[d.Name] = g.Signal + g.Op
		}
	}
	assert.Equal(t, map[string]bool{"pump": true, "conveyor": true}, halts, "the mixer has no halt")
	assert.Equal(t, map[string]string{"com.acme.pump.set_flow": "pump.pressure<", "com.acme.pump.set_ramp_rate": "pump.pressure<", "com.acme.heater.set_setpoint": "tank.level>"}, guards)
}

func TestProperties_AndComponents_AreTheFixedSet(t *testing.T) {
	p := MustLoad()
	var names []string
	for _, pr := range p.Properties {
		names = append(names, pr.Name)
	}
	assert.ElementsMatch(t, []string{"tank.level", "tank.volume", "pump.flow", "pump.pressure", "pump.state", "pump.ramp_rate", "heater.temperature", "heater.setpoint", "conveyor.speed", "conveyor.state", "valve.position", "filter.dp", "mixer.speed", "power.consumption"}, names)
	var ids []string
	for _, c := range p.Components {
		ids = append(ids, c.ID)
	}
	assert.ElementsMatch(t, []string{"pump-1", "tank-1", "valve-1", "conveyor-1", "heater-1", "filter-1", "mixer-1", "controller"}, ids)
	assert.Equal(t, "UTC", p.Card.TimeZone)
	assert.Equal(t, 300, p.Card.ApprovalTimeoutSec)
}
