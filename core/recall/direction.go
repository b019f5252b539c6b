package recall

import (
	"slices"
	"strings"
)

// direction says which way a command moves what it sets, from the words of
// its own name ("com.acme.tank.fill" raises, "com.acme.tank.drain" lowers):
// +1, -1, or 0 when its name says neither or both. Operations have none.
// Build stores it on each target, so no request conceptizes names again.
func (x *Index) direction(t *tgt) int {
	if t.Kind != "command" {
		return 0
	}
	name := t.ID
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	cs := x.cz.textConcepts(idWords(name))
	up := slices.ContainsFunc(cs, func(c string) bool { return slices.Contains(x.d.concepts.Raising, c) })
	down := slices.ContainsFunc(cs, func(c string) bool { return slices.Contains(x.d.concepts.Lowering, c) })
	switch {
	case up && !down:
		return 1
	case down && !up:
		return -1
	}
	return 0
}
