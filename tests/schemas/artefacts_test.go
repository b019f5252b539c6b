package schemas_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// The repo's own documents built to these schemas: the generated API Index
// and the Understanding case file. Both validators must accept them, so a
// schema change that breaks them (or a document that drifts) is caught here.
var artefacts = []struct {
	path, dir string
}{
	{"../../index/api-index-1.0.json", "api-index"},
	{"../../core/understanding-cases.json", "understanding-cases"},
}

func TestArtefacts_RepoDocumentsPassBothValidators(t *testing.T) {
	c := newCompiler(t)
	for _, a := range artefacts {
		t.Run(a.dir, func(t *testing.T) {
			data, err := os.ReadFile(a.path)
			require.NoError(t, err)
			require.NoError(t, validateWithOracle(t, c, a.dir, data), "santhosh-tekuri")
			require.NoError(t, decoders[a.dir](data), "generated types")
		})
	}
}
