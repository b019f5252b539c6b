package recall

import "testing"

// "make a …" asks for something new to be made, as "create" does.
func TestResolve_MakeANewThing(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "make an access token for our new relief milker", "postToken"},
		{"en", "make a backup of the config", "postConfigBackup"},
		{"en", "make a coffee", ""},
		// a silence is ended, not made, by words of ending it
		{"es", "vuelve a activar los avisos de alarma, se acabó el silencio", "deleteAlertsMute"},
		{"fr", "Annule la mise en sourdine des alertes", "deleteAlertsMute"},
		{"en", "mute the alarms for a bit, I'm on it", "postAlertsMute"},
	})
}

// A login is a token in every language.
func TestResolve_ALoginIsAToken(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "make a read-only login for the seasonal crew", "postToken"},
		{"en", "who has a login?", "getTokens"},
		{"de", "Leg einen Login für Anna an", "postToken"},
	})
}
