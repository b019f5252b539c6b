package recall

import "testing"

// A word that only narrows another ("last", "letzte", "dernière") names no
// target alone (concepts.json modifiers; docs/recall.md, thirteenth session).
func TestResolve_ModifierAloneNamesNothing(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "how much was the last water bill", ""},
		{"en", "when did the plumber last come round", ""},
		{"de", "Wie hoch war die Zellzahl bei der letzten Abholung", ""},
		{"de", "Ist das Trinkwasser keimfrei? Wann war die letzte Laborprobe?", ""},
		// with the word it narrows, it still counts
		{"en", "when was the last backup?", "getConfigBackups"},
		{"de", "Wann lief der letzte Selbsttest, und was kam dabei raus?", "getDiagnostics"},
		{"fr", "c'était quand la dernière alerte ?", "getAlerts"},
		{"en", "undo the last update", "postUpdateRollback"},
	})
}
