package main

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const contractFile = "../../schemas/openapi/heart-api-1.0.yaml"

// contract loads the OpenAPI file once for the package: loading is the slow
// part, and no test changes the document.
var contract = sync.OnceValues(func() (*openapi3.T, error) { return LoadDoc(context.Background(), contractFile) })

// The OpenAPI contract loads with its external 2020-12 schemas and is valid.
func TestContractLoadsAndValidates(t *testing.T) {
	doc, err := contract()
	require.NoError(t, err)
	require.NoError(t, ValidateDoc(context.Background(), doc, contractFile))
	assert.Equal(t, "3.1.0", doc.OpenAPI)
}

// Every operation's bearer scope is the one x-heart-scope names (api-operations.md "scope").
func TestContractSecurityScopeEqualsXHeartScope(t *testing.T) {
	doc, err := contract()
	require.NoError(t, err)
	n := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			n++
			require.NotNil(t, op.Security, "%s %s", method, path)
			assert.Equal(t, []string{op.Extensions["x-heart-scope"].(string)}, securityScopes(op), "%s %s", method, path)
		}
	}
	assert.Equal(t, 109, n, "the table of api-operations.md has 109 operations")
}

// After InternalizeRefs a 2020-12 `const` in an external schema is enforced
// (platform-notes.md: a silent 3.0 fallback would ignore it).
func TestContractEnforcesConstFromExternalSchema(t *testing.T) {
	doc, err := contract()
	require.NoError(t, err)
	op := doc.Paths.Find("/heart/v1/core/index").Get
	schema := op.Responses.Status(200).Value.Content.Get("application/json").Schema.Value
	require.NoError(t, schema.VisitJSON(map[string]any{"version": "1.0", "operations": []any{map[string]any{
		"id": "getRoot", "method": "GET", "path": "/heart/v1", "level": "basic", "summary": "x", "risk": "read",
		"scope": "heart.read", "serve": true, "parameters": []any{}}}}))
	assert.Error(t, schema.VisitJSON(map[string]any{"version": "2.0", "operations": []any{}}), "version const 1.0 must be enforced")
}

// The committed Index is exactly what the generator makes from the contract,
// so the Index cannot drift from the OpenAPI file (Core Standard §4.1).
func TestCommittedIndexEqualsRegenerated(t *testing.T) {
	doc, err := contract()
	require.NoError(t, err)
	got, err := render(context.Background(), doc, contractFile)
	require.NoError(t, err)
	want, err := os.ReadFile("../api-index-1.0.json")
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), "run `go generate ./index` and commit the result")
}

// Building twice gives the same bytes (map order must never leak out).
func TestBuildIsDeterministic(t *testing.T) {
	doc, err := contract()
	require.NoError(t, err)
	var outs [][]byte
	for range 3 {
		idx, err := Build(doc, contractFile)
		require.NoError(t, err)
		data, err := Marshal(idx)
		require.NoError(t, err)
		outs = append(outs, data)
	}
	assert.Equal(t, outs[0], outs[1])
	assert.Equal(t, outs[0], outs[2])
	assert.Equal(t, byte('\n'), outs[0][len(outs[0])-1], "ends with a newline")
}
