package argschema

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core/api"
)

type corpusDoc struct {
	Doc   map[string]any `json:"doc"`
	Valid bool           `json:"valid"`
	Code  string         `json:"code"`
	Field string         `json:"field"`
}

type corpusCase struct {
	Name      string          `json:"name"`
	Schema    json.RawMessage `json:"schema"`
	Documents []corpusDoc     `json:"documents"`
}

func loadCorpus(t testing.TB) []corpusCase {
	raw, err := os.ReadFile("testdata/corpus.json")
	require.NoError(t, err)
	var c struct {
		Cases []corpusCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(raw, &c))
	require.NotEmpty(t, c.Cases)
	return c.Cases
}

func TestValidate_CorpusNamesFieldAndCode(t *testing.T) {
	for _, c := range loadCorpus(t) {
		s, err := Parse(c.Schema)
		require.NoError(t, err, c.Name)
		for _, d := range c.Documents {
			name := c.Name + "/" + mustJSON(d.Doc)
			t.Run(name, func(t *testing.T) {
				p := s.Validate(d.Doc)
				if d.Valid {
					assert.Nil(t, p)
					return
				}
				require.NotNil(t, p)
				assert.Equal(t, d.Code, p.Code)
				assert.Equal(t, d.Field, p.Field)
				want := map[string]int{api.CodeInvalidRequest: 400, api.CodeOutOfRange: 422}[d.Code]
				assert.Equal(t, want, p.Status)
				assert.NotEmpty(t, p.Detail)
			})
		}
	}
}

func TestParse_RefusesKeywordsOutsideTheSubset(t *testing.T) {
	cases := []struct{ name, schema, field string }{
		{"not an object", `{"type": "array"}`, "arguments.type"},
		{"unknown keyword", `{"type": "object", "oneOf": []}`, "oneOf"},
		{"unknown argument type", `{"type": "object", "properties": {"a": {"type": "array"}}}`, "arguments.properties.a.type"},
		{"format other than date", `{"type": "object", "properties": {"a": {"type": "string", "format": "email"}}}`, "arguments.properties.a.format"},
		{"required but undescribed", `{"type": "object", "required": ["a"]}`, "arguments.required"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.schema))
			require.Error(t, err)
			p := err.(*api.Problem)
			assert.Equal(t, 400, p.Status)
			assert.Equal(t, c.field, p.Field)
		})
	}
}

func TestApplyDefaults_FillsMissingOnlyAndLeavesInputAlone(t *testing.T) {
	s, err := Parse([]byte(`{"type": "object", "properties": {
		"targetPercent": {"type": "number", "default": 90}, "date": {"type": "string", "default": "today"}, "x": {"type": "number"}}}`))
	require.NoError(t, err)
	in := map[string]any{"targetPercent": 50.0}
	out := s.ApplyDefaults(in)
	assert.Equal(t, map[string]any{"targetPercent": 50.0, "date": "today"}, out)
	assert.Equal(t, map[string]any{"targetPercent": 50.0}, in)
}

func mustJSON(v any) string {
	var b bytes.Buffer
	_ = json.NewEncoder(&b).Encode(v)
	return string(bytes.TrimSpace(b.Bytes()))
}
