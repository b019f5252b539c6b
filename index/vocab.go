package index

// The closed vocabularies of the Index (api-operations.md, "Columns"). The
// generator and Parse both refuse anything else.
var (
	risks   = setOf("read", "write", "physical", "destructive")
	scopes  = setOf("heart.read", "heart.operate", "heart.tend", "heart.admin", "heart.propose", "heart.brain", "heart.gateway")
	levels  = setOf("basic", "full", "module-control", "module-brain", "module-core", "module-gateway")
	methods = setOf("GET", "PUT", "POST", "PATCH", "DELETE")
	ins     = setOf("path", "query", "body")
	types   = setOf("string", "integer", "number", "boolean", "object", "array")
)

// MinPhrases is how many distinct phrases every servable operation carries,
// so Recall has enough wording to match (§4.1).
const MinPhrases = 6

// KnownRisk reports whether r is one of read, write, physical, destructive.
func KnownRisk(r string) bool { return risks[r] }

// KnownScope reports whether s is a token scope of HEART API 1.0.
func KnownScope(s string) bool { return scopes[s] }

// KnownLevel reports whether l is basic, full or a module level.
func KnownLevel(l string) bool { return levels[l] }

func setOf(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}
