package argschema

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oracle compiles schema with santhosh-tekuri/jsonschema, asserting formats,
// so "valid" means what a full JSON Schema 2020-12 validator says.
func oracle(t testing.TB, schema []byte) *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	require.NoError(t, c.AddResource("mem://arguments.json", doc))
	s, err := c.Compile("mem://arguments.json")
	require.NoError(t, err)
	return s
}

func oracleValid(t testing.TB, s *jsonschema.Schema, doc []byte) bool {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	require.NoError(t, err)
	return s.Validate(inst) == nil
}

// The validator must agree with the oracle on every corpus pair: it is the
// only validator core.wasm has.
func TestValidate_AgreesWithJSONSchemaOracle(t *testing.T) {
	for _, c := range loadCorpus(t) {
		ours, err := Parse(c.Schema)
		require.NoError(t, err)
		theirs := oracle(t, c.Schema)
		for _, d := range c.Documents {
			doc := []byte(mustJSON(d.Doc))
			assert.Equal(t, oracleValid(t, theirs, doc), ours.Validate(d.Doc) == nil, "%s: %s", c.Name, doc)
			assert.Equal(t, d.Valid, ours.Validate(d.Doc) == nil, "%s: corpus expectation for %s", c.Name, doc)
		}
	}
}

// FuzzValidate feeds arbitrary documents to every corpus schema: ours never
// panics and always agrees with the oracle.
func FuzzValidate(f *testing.F) {
	cases := loadCorpus(f)
	for _, c := range cases {
		for _, d := range c.Documents {
			f.Add([]byte(mustJSON(d.Doc)))
		}
	}
	type pair struct {
		ours   *Schema
		theirs *jsonschema.Schema
	}
	var pairs []pair
	for _, c := range cases {
		s, err := Parse(c.Schema)
		require.NoError(f, err)
		pairs = append(pairs, pair{s, oracle(f, c.Schema)})
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		var args map[string]any
		if json.Unmarshal(doc, &args) != nil || args == nil {
			return
		}
		canon := []byte(mustJSON(args))
		for _, p := range pairs {
			prob := p.ours.Validate(args)
			if prob != nil && prob.Status != 400 && prob.Status != 422 {
				t.Fatalf("status %d", prob.Status)
			}
			if got, want := prob == nil, oracleValid(t, p.theirs, canon); got != want {
				t.Fatalf("ours valid=%v, oracle valid=%v for %s", got, want, canon)
			}
		}
	})
}
