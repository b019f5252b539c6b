package recall

import "testing"

// How long something will take is a prediction no operation makes; how
// long the system has been up is read.
func TestResolve_HowLongAheadIsAnEstimate(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "How long does a 12,000 litre tank take to fill at 40 l/min?", ""},
		{"en", "how long till the fire brigade gets here", ""},
		{"de", "Schätz mal, wie lange die Pumpenlager noch halten.", ""},
		{"en", "how much longer will the backflush take?", ""},
		{"de", "Wie lange dauert das Füllen von 2000 Litern bei 40 Litern pro Minute?", ""},
		{"es", "¿cuánto tarda en llenarse una piscina de 20 m³ con una bomba de 50 l/min?", ""},
		{"fr", "combien de temps pour remplir une cuve de 1000 L à 25 L/min ?", ""},
		{"en", "how long has it been up since the last reboot", "getSystemInfo"},
		{"de", "Wie lange läuft die Steuerung schon ohne Neustart?", "getSystemInfo"},
		{"es", "¿Cuánto tiempo lleva encendido el equipo sin reiniciarse?", "getSystemInfo"},
		{"fr", "depuis combien de temps l'appareil tourne sans redémarrer ?", "getSystemInfo"},
	})
}
