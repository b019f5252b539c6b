package explain

import (
	"strconv"
	"strings"
)

// brainAnswer says what GET /heart/v1/brain (and the status that cutting
// the brain returns) holds: the lease and what it allows, or that the Core
// is brainless, and whether a cut keeps a brain out until the owner
// restores it.
func (s *Set) brainAnswer(brainless bool, status map[string]any) string {
	var out string
	if lease, ok := status["lease"].(map[string]any); ok && !brainless {
		var uses []string
		if list, ok := lease["uses"].([]any); ok {
			for _, u := range list {
				uses = append(uses, Value(u))
			}
		}
		left, _ := lease["remainingSec"].(float64)
		out = Fill(s.BrainHeld, map[string]string{"model": Value(lease["model"]), "uses": strings.Join(uses, ", "),
			"minutes": strconv.Itoa(int(left+59) / 60)})
	} else {
		out = s.Brainless
	}
	if cut, ok := status["cut"].(map[string]any); ok && brainless {
		out += " " + Fill(s.BrainCut, map[string]string{"why": Value(cut["why"])})
	}
	return capitalize(out)
}
