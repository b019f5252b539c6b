package recall

import "testing"

// An emergency stop of the whole station is the Stop of §6.2, at once, not a
// shutdown waiting for approval; of a thing with a halt it is that halt.
func TestResolve_EmergencyStopOfTheStationIsStop(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "EMERGENCY STOP the water skid", "postTendingStop"},
		{"fr", "arrêt d'urgence de la station, tout de suite !", "postTendingStop"},
		{"es", "parada de emergencia de la estación", "postTendingStop"},
		{"de", "Not-Aus für die ganze Anlage", "postTendingStop"},
		{"en", "emergency stop the pump", "com.acme.pump.halt"},
		{"en", "emergency stop the conveyor", "com.acme.conveyor.halt"},
		{"en", "shut down the system", "postSystemShutdown"},
	})
}
