package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/index"
)

func buildFile(t *testing.T, name string) (*index.Index, error) {
	t.Helper()
	file := filepath.Join("testdata", name)
	doc, err := LoadDoc(context.Background(), file)
	require.NoError(t, err)
	return Build(doc, file)
}

// Bad input: every broken contract is refused with a message naming the
// file, the operation and the field (issue #2, "Bad input").
func TestBuildRefusesBrokenContracts(t *testing.T) {
	cases := []struct {
		file string
		want []string
	}{
		{"missing-operation-id.yaml", []string{"testdata/missing-operation-id.yaml", "GET /heart/v1/a", "operationId", "missing"}},
		{"duplicate-id.yaml", []string{"testdata/duplicate-id.yaml", "getThing (GET /heart/v1/b)", "operationId", "duplicate id, also used by GET /heart/v1/a"}},
		{"too-few-phrases.yaml", []string{"testdata/too-few-phrases.yaml", "getThing", "x-heart-phrases", "at least 6 distinct phrases, has 5"}},
		{"repeated-phrase.yaml", []string{"getThing", "x-heart-phrases", `"a phrase 0" is repeated`}},
		{"phrases-on-unservable.yaml", []string{"testdata/phrases-on-unservable.yaml", "postThing", "x-heart-phrases", "x-heart-serve: false must have no phrases"}},
		{"unknown-risk.yaml", []string{"testdata/unknown-risk.yaml", "postThing", "x-heart-risk", `unknown value "dangerous"`}},
		{"unknown-scope.yaml", []string{"testdata/unknown-scope.yaml", "getThing", "x-heart-scope", `unknown value "heart.everything"`}},
		{"unknown-level.yaml", []string{"testdata/unknown-level.yaml", "getThing", "x-heart-level", `unknown value "premium"`}},
		{"missing-risk.yaml", []string{"getThing", "x-heart-risk", "missing"}},
		{"shared-phrase.yaml", []string{"getB", "x-heart-phrases", `"a phrase 3" is also a phrase of getA`}},
		{"scope-mismatch.yaml", []string{"getThing", "security", "[heart.admin]", "[heart.read]"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			idx, err := buildFile(t, c.file)
			require.Error(t, err)
			assert.Nil(t, idx, "a broken contract yields no Index")
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// A valid contract gives one entry per operation, in path then method order,
// with path, query and body inputs and their types.
func TestBuildReadsOperationsAndParameters(t *testing.T) {
	idx, err := buildFile(t, "good.yaml")
	require.NoError(t, err)
	require.Len(t, idx.Operations, 3)
	assert.Equal(t, []string{"postThing", "getThing", "putThing"}, []string{idx.Operations[0].ID, idx.Operations[1].ID, idx.Operations[2].ID})

	post := idx.Operations[0]
	assert.False(t, post.Serve)
	assert.Empty(t, post.Phrases)
	assert.Equal(t, []index.Parameter{}, post.Parameters)

	put := idx.Operations[2]
	assert.Equal(t, index.Entry{
		ID: "putThing", Method: "PUT", Path: "/heart/v1/things/{id}", Level: "full", Summary: "Summary of putThing",
		Risk: "write", Scope: "heart.operate", Serve: true,
		Phrases: []string{"put phrase 0", "put phrase 1", "put phrase 2", "put phrase 3", "put phrase 4", "put phrase 5"},
		Parameters: []index.Parameter{
			{Name: "id", In: "path", Required: true, Type: "string"},
			{Name: "dryRun", In: "query", Required: false, Type: "boolean"},
			{Name: "level", In: "body", Required: true, Type: "number"},
			{Name: "mode", In: "body", Required: false, Type: "integer"},
			{Name: "note", In: "body", Required: false, Type: "string"},
		},
	}, put)
}

// Marshal's output is what index.Load reads back.
func TestMarshalRoundTripsThroughLoader(t *testing.T) {
	idx, err := buildFile(t, "good.yaml")
	require.NoError(t, err)
	data, err := Marshal(idx)
	require.NoError(t, err)
	back, err := index.Parse(data)
	require.NoError(t, err)
	assert.Equal(t, idx, back)
}

// The whole pipeline (load, validate, check, write) refuses a broken contract
// and writes nothing; a good one is written and reads back.
func TestRunWritesOnlyGoodContracts(t *testing.T) {
	out := filepath.Join(t.TempDir(), "index.json")
	err := run("testdata/unknown-scope.yaml", out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "testdata/unknown-scope.yaml")
	assert.NoFileExists(t, out)

	err = run("testdata/no-such-file.yaml", out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no-such-file.yaml")

	require.NoError(t, run("testdata/good.yaml", out))
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	idx, err := index.Parse(data)
	require.NoError(t, err)
	assert.Len(t, idx.Operations, 3)
}
