package recall

import "testing"

// A deed on the thing the request names is not one on a thing only the
// story names.
func TestResolve_TheRequestsThingNotTheStorys(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Schalt bitte die Pumpe ein, das Reservoir ist fast leer", "com.acme.pump.start"},
		{"en", "sump's filling up fast after all that rain, get the pump going", "com.acme.pump.start"},
		{"en", "pump is running fine now, next step: start the conveyor", "com.acme.conveyor.start"},
	})
}

// The station's own building holds our things ("die Heizung im
// Pumpenhaus", "la caseta de bombeo").
func TestResolve_ThePumpHouseIsOurs(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Stell die Heizung im Pumpenhaus auf 12 Grad", "com.acme.heater.set_setpoint"},
		{"es", "pon la calefacción de la caseta de bombeo a 12 grados", "com.acme.heater.set_setpoint"},
		{"en", "frost heater to 9, let's dry the pump house out", "com.acme.heater.set_setpoint"},
	})
}

// A number ending the request after a thing named with a word of place is
// another one of its kind ("the level in tank 3?"); after "to", or alone,
// it is a value ("set the valve to 5", "valve 5").
func TestResolve_ANumberedThingAtTheEnd(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "what's the level in tank 3?", ""},
		{"de", "Wie hoch ist der Wasserstand im Becken 3?", ""},
		{"es", "nivel del depósito 2", ""},
		{"en", "set the valve to 5", "com.acme.valve.set_position"},
		{"en", "valve 5", "com.acme.valve.set_position"},
		{"es", "mi padre apuntó: rampa de la bomba 2,5. ¿lo puedes poner?", "com.acme.pump.set_ramp_rate"},
	})
}

// An angle is a quantity this station does not measure, even in degrees.
func TestResolve_AnglesAreNotTemperatures(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "set the screen deck angle to 18 degrees", ""},
		{"de", "Stell den Winkel vom Sieb auf 18 Grad", ""},
		{"en", "set the heater to 18 degrees", "com.acme.heater.set_setpoint"},
	})
}
