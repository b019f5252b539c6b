package recall

import "testing"

// A reason after a comma opened by "que", "denn", "since" is the request's
// why: what it names (the showers, a reserve, a train) is not the object.
// The same word that asks ("Hola, ¿qué playbooks …?") opens no reason.
func TestResolve_AReasonAfterACommaIsTheWhy(t *testing.T) {
	x := fullIndex(t)
	assertResolves(t, x, []resolveCase{
		{"es", "pon el calentador a sesenta grados porfa, que las duchas salen frías", "com.acme.heater.set_setpoint"},
		{"es", "arranca la bomba, que hay que reponer la reserva de agua de emergencia", "com.acme.pump.start"},
		{"es", "Arranca la bomba, que entra la primera unidad al tren de lavado", "com.acme.pump.start"},
		{"es", "Hola, ¿qué playbooks tiene la estación configurados ahora mismo?", "getTendingRules"},
	})
}
