package schemas_test

import (
	"github.com/heart-core/heart-web/schemas"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"
)

// schemaDir is where the standard's schemas live, relative to this package.
const schemaDir = "../../schemas/1.0"

// ownSchemas lists the schema files this package owns and tests; the
// resources schema belongs to the OpenAPI contract and is tested there.
func ownSchemas(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(schemaDir, "*.schema.json"))
	require.NoError(t, err)
	var names []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".schema.json")
		if name == "resources" {
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// newCompiler loads every schema file under its $id, so refs between files
// resolve exactly as a consumer fetching https://heart.dev/schemas/1.0/ would.
func newCompiler(t testing.TB) *jsonschema.Compiler {
	t.Helper()
	c, err := schemas.Compiler()
	require.NoError(t, err)
	return c
}

func schemaID(file string) string { return schemas.Base + file }

func TestSchemas_AllCompileWithFormatAssertion(t *testing.T) {
	c := newCompiler(t)
	for _, name := range ownSchemas(t) {
		t.Run(name, func(t *testing.T) {
			_, err := c.Compile(schemaID(name + ".schema.json"))
			require.NoError(t, err)
		})
	}
}

// TestSchemas_IDMatchesFileName: refs between files use relative file names,
// so every $id must be the base URI plus the file's own name.
func TestSchemas_IDMatchesFileName(t *testing.T) {
	for _, name := range ownSchemas(t) {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(schemaDir, name+".schema.json"))
			require.NoError(t, err)
			doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(data)))
			require.NoError(t, err)
			m, ok := doc.(map[string]any)
			require.True(t, ok)
			require.Equal(t, schemaID(name+".schema.json"), m["$id"])
			require.Equal(t, "https://json-schema.org/draft/2020-12/schema", m["$schema"])
		})
	}
}
