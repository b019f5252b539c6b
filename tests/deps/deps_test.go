//go:build !js

// Package deps guards the size of core.wasm (decisions.md §1): the worker
// must never link net/http (it doubles the module), an OpenAPI or JSON
// Schema library, or the browser-automation code of the tests.
package deps

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/cmd/heart-dev/devserver"
)

// forbidden are import paths (or prefixes, ending in "/") core.wasm must not
// depend on, with the reason.
var forbidden = map[string]string{
	"net/http":                                    "2.6 MB raw more; the worker uses fetch through safejs",
	"github.com/getkin/kin-openapi/":              "OpenAPI parsing happens at build time (index/gen)",
	"github.com/santhosh-tekuri/jsonschema/":      "3.1 MB raw; generated Go types validate at run time",
	"github.com/chromedp/":                        "browser automation is for tests only",
	"github.com/heart-core/heart-web/core/schema": "0.7 MB raw with its regexps; the Core's own bodies (the Valve, the brain lease) are small hand-written types that tests check against the schemas",
}

func wasmDeps(t *testing.T, pkg string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "list", "-deps", pkg)
	cmd.Dir = devserver.FindRoot(".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	require.NoError(t, err, "go list -deps %s", pkg)
	return strings.Fields(string(out))
}

func TestCoreWASM_LinksNoNetHTTP_NoSchemaLibraries(t *testing.T) {
	deps := wasmDeps(t, "./wasm/worker")
	// The list is real: it holds the Core and the worker's own glue.
	require.Contains(t, deps, "github.com/heart-core/heart-web/core")
	require.Contains(t, deps, "github.com/hack-pad/safejs")
	for _, d := range deps {
		for bad, why := range forbidden {
			if d == bad || (strings.HasSuffix(bad, "/") && strings.HasPrefix(d, bad)) || strings.HasPrefix(d, bad+"/") {
				assert.Failf(t, "core.wasm links a forbidden package", "%s (%s)", d, why)
			}
		}
	}
}
