package recall

import "testing"

// A numbered thing no pack knows is one of many elsewhere: the request is
// not understood. A number that is a value, a time, an argument's name or
// a place beside a thing of ours leaves the request as it was.
func TestResolve_ANumberedUnknownThingIsElsewhere(t *testing.T) {
	x := fullIndex(t)
	assertResolves(t, x, []resolveCase{
		{"de", "Mangel 2 Temperatur auf 180 Grad", ""},
		{"en", "open cell 14 on B wing for the nurse", ""},
		{"en", "how many litres did the Dash 8 on stand 2 take on this morning", ""},
		{"fr", "ouvre la porte de l'atelier voie 1", ""},
		// a thing of ours named: the numbered one says where
		{"en", "Quick check before period 3: tank level?", "getProperty"},
		{"de", "Mach die Pumpe aus, der Schlauch bei Parzelle 12 ist geplatzt!", "com.acme.pump.halt"},
		// a time, an argument's name
		{"de", "Logs von heute früh zwischen 4 und 5 Uhr", "getLogs"},
		{"en", "pump.set_flow litresPerMin 35", "com.acme.pump.set_flow"},
	})
}
