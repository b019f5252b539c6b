//go:build !js

package index

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The runtime loader links no OpenAPI or YAML code: only the generator does.
func TestLoaderDoesNotImportOpenAPI(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	require.NoError(t, err, string(out))
	deps := string(out)
	for _, banned := range []string{"kin-openapi", "openapi", "yaml", "jsonschema"} {
		assert.NotContains(t, strings.ToLower(deps), banned)
	}
	assert.Contains(t, deps, "github.com/heart-core/heart-web/index\n")
}
