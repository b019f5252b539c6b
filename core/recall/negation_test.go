package recall

import "testing"

// A negation denies the request unless it stands in the reason given after
// the deed ("…, que el mecánico no lo encuentra").
func TestResolve_NegationInAReasonDeniesNothing(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"es", "haz parpadear el controlador que el mecánico no lo encuentra", "postSystemIdentify"},
		{"es", "pon el calentador a 30 grados para que no se congele", "com.acme.heater.set_setpoint"},
		{"en", "restart the controller because the screen does not respond", "postSystemRestart"},
		{"en", "don't restart the controller", ""},
		{"es", "quiero que no arranques la bomba", ""},
		{"de", "starte die Pumpe nicht", ""},
		{"fr", "ne redémarre pas le contrôleur", ""},
	})
}

// A denial the story tells ("the new guy can't find it") denies nothing
// the request asks for; one in the request still does.
func TestResolve_AStorysDenialDeniesNothingAsked(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "Can you make the station blink or beep? The new maintenance guy can't find it in the basement.", "postSystemIdentify"},
		{"de", "Kannst du die Station mal piepen lassen? Der neue Hausmeister findet sie im Keller nicht.", "postSystemIdentify"},
		{"en", "don't restart the pump", ""},
	})
}
