package recall

import "strings"

// isUUID: s is written as a UUID, 8-4-4-4-12 hexadecimal digits ("the
// action 11111111-2222-4333-8444-555555555555"), the form of an Action's id.
func isUUID(s string) bool {
	parts := strings.Split(s, "-")
	if len(parts) != 5 {
		return false
	}
	for i, n := range []int{8, 4, 4, 4, 12} {
		if len(parts[i]) != n || strings.Trim(parts[i], "0123456789abcdefABCDEF") != "" {
			return false
		}
	}
	return true
}

// markUUIDs marks used the tokens of every UUID in text, so that one made
// of digits only is read as the id it is, not as numbers.
func markUUIDs(text string, toks []token) {
	var ids []string
	for _, f := range strings.Fields(text) {
		if w := trimIDPunct(f); isUUID(w) {
			ids = append(ids, w)
		}
	}
	markIdents(text, toks, ids)
}
