package recall

import "testing"

// A weak match on common words alone, naming nothing of this system, is not
// understood; a word of the system's own functions, an entity, or a request
// to stop or undo keeps it.
func TestResolve_UnanchoredWeakMatches(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Wer hat eigentlich die Glühbirne erfunden?", ""},
		{"fr", "c'est qui le chef de quart cette nuit ?", ""},
		{"en", "firmware vers and serial no pls", "getSystemInfo"},
		{"es", "manos fuera, para toda acción automática", "postTendingStop"},
		{"fr", "Pourriez-vous défaire immédiatement l'essai numéro 3 et revenir aux anciens réglages ?", "postTendingTrialUndo"},
	})
}
