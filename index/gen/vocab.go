package main

// The closed vocabularies of api-operations.md: an operation naming anything
// else is a typo the generator must refuse.
var (
	knownRisks  = set("read", "write", "physical", "destructive")
	knownScopes = set("heart.read", "heart.operate", "heart.tend", "heart.admin", "heart.propose", "heart.brain", "heart.gateway")
	knownLevels = set("basic", "full", "module-control", "module-brain", "module-core", "module-gateway")
)

// MinPhrases is how many distinct phrases every servable operation needs, so
// Recall has enough wording to match (Core Standard §4.1).
const MinPhrases = 6

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}
