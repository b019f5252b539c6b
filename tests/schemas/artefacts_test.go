package schemas_test

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// The repo's own documents built to these schemas: the generated API Index,
// the Understanding case file, and the demo product's Card and definitions.
// Both validators must accept them, so a schema change that breaks them (or
// a document that drifts) is caught here. With member set, each element of
// that array is one document.
var artefacts = []struct {
	path, dir, member string
}{
	{"../../index/api-index-1.0.json", "api-index", ""},
	{"../../core/understanding-cases.json", "understanding-cases", ""},
	{"../../sim/product/card.json", "card", ""},
	{"../../sim/product/definitions.json", "definition", "definitions"},
}

func TestArtefacts_RepoDocumentsPassBothValidators(t *testing.T) {
	c := newCompiler(t)
	for _, a := range artefacts {
		t.Run(a.path, func(t *testing.T) {
			data, err := os.ReadFile(a.path)
			require.NoError(t, err)
			docs := [][]byte{data}
			if a.member != "" {
				var wrapper map[string][]json.RawMessage
				require.NoError(t, json.Unmarshal(data, &wrapper))
				require.NotEmpty(t, wrapper[a.member])
				docs = docs[:0]
				for _, d := range wrapper[a.member] {
					docs = append(docs, d)
				}
			}
			for i, doc := range docs {
				where := fmt.Sprintf("document %d", i)
				require.NoError(t, validateWithOracle(t, c, a.dir, doc), "santhosh-tekuri, %s", where)
				require.NoError(t, decoders[a.dir](doc), "generated types, %s", where)
			}
		})
	}
}
