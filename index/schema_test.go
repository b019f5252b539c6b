package index

import (
	"bytes"
	"encoding/json"
	"github.com/heart-core/heart-web/schemas"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// compileIndexSchema loads every schema file under its $id, so references
// between the standard's files resolve offline.
func compileIndexSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c, err := schemas.Compiler()
	require.NoError(t, err)
	s, err := c.Compile(schemas.Base + "api-index.schema.json")
	require.NoError(t, err)
	return s
}

// The embedded Index is valid against the standard's api-index schema.
func TestIndexValidatesAgainstItsSchema(t *testing.T) {
	s := compileIndexSchema(t)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Raw()))
	require.NoError(t, err)
	require.NoError(t, s.Validate(doc))
}

// The schema check could fail: phrases on an unservable entry are rejected.
func TestSchemaRejectsPhrasesOnUnservableEntry(t *testing.T) {
	s := compileIndexSchema(t)
	idx := mustLoad(t)
	for i, e := range idx.Operations {
		if !e.Serve {
			idx.Operations[i].Phrases = []string{"do it anyway"}
			break
		}
	}
	data, err := json.Marshal(idx)
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Error(t, s.Validate(doc))
}
