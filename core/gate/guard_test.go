package gate

import (
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/check"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGuards_HoldOrFailClosed(t *testing.T) {
	pressureBelow6 := check.Check{Signal: "pump.pressure", Op: "<", Value: 6}
	levelAbove10 := check.Check{Signal: "tank.level", Op: ">", Value: 10}
	reader := func(vals map[string]float64) Reader {
		return func(signal, feature string) (float64, bool) {
			v, ok := vals[signal+"/"+feature]
			return v, ok
		}
	}
	cases := []struct {
		name   string
		guards []check.Check
		vals   map[string]float64
		ok     bool
	}{
		{"NoGuards_Pass", nil, nil, true},
		{"Holds_Pass", []check.Check{pressureBelow6}, map[string]float64{"pump.pressure/value": 4}, true},
		{"AllHold_Pass", []check.Check{pressureBelow6, levelAbove10}, map[string]float64{"pump.pressure/value": 4, "tank.level/value": 50}, true},
		{"DoesNotHold_Fails", []check.Check{pressureBelow6}, map[string]float64{"pump.pressure/value": 6}, false},
		{"SecondDoesNotHold_Fails", []check.Check{pressureBelow6, levelAbove10}, map[string]float64{"pump.pressure/value": 4, "tank.level/value": 10}, false},
		{"Unreadable_FailsClosed", []check.Check{pressureBelow6}, map[string]float64{}, false},
		{"FeatureRead_Mean", []check.Check{{Signal: "pump.pressure", Feature: "mean", Op: "<", Value: 6}}, map[string]float64{"pump.pressure/mean": 5, "pump.pressure/value": 9}, true},
		{"Malformed_FailsClosed", []check.Check{{Signal: "pump.pressure", Op: "~", Value: 6}}, map[string]float64{"pump.pressure/value": 1}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckGuards(c.guards, reader(c.vals))
			if c.ok {
				require.NoError(t, err)
				return
			}
			p := requireProblem(t, err, 422, api.CodeGuardFailed)
			assert.NotEmpty(t, p.Detail)
		})
	}
}
