package explain

import (
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
	for _, reason := range []string{"caller-not-allowed", "out-of-range", "autonomy-stopped", "person-only", "no-halt", "ungrounded", "not-servable", "invalid-request", "guard-failed", "device-refused", "not-found"} {
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
	assert.Equal(t, "1 alerts: a1 low Tank low.", set.ReadAnswer("List open alerts", list))
	assert.Equal(t, "There are no alerts.", set.ReadAnswer("List open alerts", map[string]any{"alerts": []any{}}))
	many := map[string]any{"logs": []any{"a", "b", "c", "d", "e", "f"}}
	assert.Equal(t, "6 logs, among them a; b; c; d; e.", set.ReadAnswer("Show the logs", many))
	assert.Equal(t, "Show the system clock: synced on, time 2026-01-05T06:00:00Z.", set.ReadAnswer("Show the system clock", map[string]any{"time": "2026-01-05T06:00:00Z", "synced": true}))
	assert.Equal(t, "The tank is 62% full.", set.ReadAnswer("x", map[string]any{"name": "tank.level", "title": "Tank level", "value": 62.0, "unit": "%"}))
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
