package main

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const contractFile = "../../schemas/openapi/heart-api-1.0.yaml"

// The OpenAPI contract loads with its external 2020-12 schemas and is valid.
func TestContractLoadsAndValidates(t *testing.T) {
	ctx := context.Background()
	doc, err := LoadDoc(ctx, contractFile)
	require.NoError(t, err)
	require.NoError(t, ValidateDoc(ctx, doc, contractFile))
	assert.Equal(t, "3.1.0", doc.OpenAPI)
}

// Every operation's bearer scope is the one x-heart-scope names (api-operations.md "scope").
func TestContractSecurityScopeEqualsXHeartScope(t *testing.T) {
	doc, err := LoadDoc(context.Background(), contractFile)
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
	doc, err := LoadDoc(context.Background(), contractFile)
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
	got, err := Generate(context.Background(), contractFile)
	require.NoError(t, err)
	want, err := os.ReadFile("../api-index-1.0.json")
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), "run `go generate ./index` and commit the result")
}

// Generating twice gives the same bytes (map order must never leak out).
func TestGenerateIsDeterministic(t *testing.T) {
	a, err := Generate(context.Background(), contractFile)
	require.NoError(t, err)
	b, err := Generate(context.Background(), contractFile)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.Equal(t, byte('\n'), a[len(a)-1], "ends with a newline")
}
