package index

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/heart-core/heart-web/core/api"
)

func validEntry() Entry {
	return Entry{ID: "getThing", Method: "GET", Path: "/heart/v1/thing", Level: "basic", Summary: "Show the thing",
		Risk: "read", Scope: "heart.read", Serve: true, Phrases: []string{"show the thing"},
		Parameters: []Parameter{{Name: "id", In: "path", Required: true, Type: "string"}}}
}

// Bad input: an Index that breaks a rule is refused with a 400 problem naming
// the field, and nothing is returned.
func TestParseRefusesInvalidIndex(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(*Index)
		field string
	}{
		{"version must be 1.0", func(x *Index) { x.Version = "2.0" }, "version"},
		{"at least one operation", func(x *Index) { x.Operations = nil }, "operations"},
		{"id required", func(x *Index) { x.Operations[0].ID = "" }, "operations[0].id"},
		{"ids unique", func(x *Index) { x.Operations = append(x.Operations, x.Operations[0]) }, "operations[1].id"},
		{"method known", func(x *Index) { x.Operations[0].Method = "FETCH" }, "operations[0].method"},
		{"path under /heart/v1", func(x *Index) { x.Operations[0].Path = "/heart/v10/x" }, "operations[0].path"},
		{"level known", func(x *Index) { x.Operations[0].Level = "premium" }, "operations[0].level"},
		{"risk known", func(x *Index) { x.Operations[0].Risk = "spicy" }, "operations[0].risk"},
		{"scope known", func(x *Index) { x.Operations[0].Scope = "heart.root" }, "operations[0].scope"},
		{"summary required", func(x *Index) { x.Operations[0].Summary = "" }, "operations[0].summary"},
		{"no phrases when not servable", func(x *Index) { x.Operations[0].Serve = false }, "operations[0].phrases"},
		{"phrase not empty", func(x *Index) { x.Operations[0].Phrases = []string{""} }, "operations[0].phrases"},
		{"phrase not shared", func(x *Index) {
			e := validEntry()
			e.ID = "getOther"
			x.Operations = append(x.Operations, e)
		}, "operations[1].phrases"},
		{"parameter in known", func(x *Index) { x.Operations[0].Parameters[0].In = "header" }, "operations[0].parameters"},
		{"parameter type known", func(x *Index) { x.Operations[0].Parameters[0].Type = "uuid" }, "operations[0].parameters"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			idx := Index{Version: "1.0", Operations: []Entry{validEntry()}}
			c.edit(&idx)
			data, err := json.Marshal(idx)
			require.NoError(t, err)
			got, err := Parse(data)
			assert.Nil(t, got)
			var p *api.Problem
			require.True(t, errors.As(err, &p), "want a problem, got %v", err)
			assert.Equal(t, 400, p.Status)
			assert.Equal(t, api.CodeInvalidRequest, p.Code)
			assert.Equal(t, c.field, p.Field)
		})
	}
}

// Bad input that is not even the Index's shape is refused too.
func TestParseRefusesMalformedJSON(t *testing.T) {
	for _, in := range []string{``, `{`, `[]`, `{"version":"1.0","operations":[],"extra":1}`, `{"version":"1.0","operations":[{"id":"x","color":"red"}]}`, `{"version":"1.0","operations":[]} {}`} {
		_, err := Parse([]byte(in))
		var p *api.Problem
		require.True(t, errors.As(err, &p), "input %q: %v", in, err)
		assert.Equal(t, 400, p.Status, in)
	}
	_, err := Parse([]byte(strings.Repeat(" ", MaxBytes+1)))
	var p *api.Problem
	require.True(t, errors.As(err, &p))
	assert.Equal(t, 413, p.Status)
}

// Property: any Index built by the rules survives Marshal then Parse unchanged,
// and ByID finds every entry.
func TestParseRoundTripsEveryValidIndex(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 12).Draw(t, "n")
		idx := Index{Version: "1.0"}
		for i := 0; i < n; i++ {
			serve := rapid.Bool().Draw(t, "serve")
			e := Entry{
				ID:      "op" + itoa(i),
				Method:  rapid.SampledFrom([]string{"GET", "PUT", "POST", "PATCH", "DELETE"}).Draw(t, "method"),
				Path:    "/heart/v1/" + rapid.StringMatching(`[a-z]{1,8}(/\{id\})?`).Draw(t, "path"),
				Level:   rapid.SampledFrom([]string{"basic", "full", "module-control", "module-brain", "module-core", "module-gateway"}).Draw(t, "level"),
				Summary: rapid.StringMatching(`[A-Za-z ,']{1,40}`).Draw(t, "summary"),
				Risk:    rapid.SampledFrom([]string{"read", "write", "physical", "destructive"}).Draw(t, "risk"),
				Scope:   rapid.SampledFrom([]string{"heart.read", "heart.operate", "heart.tend", "heart.admin", "heart.propose", "heart.brain", "heart.gateway"}).Draw(t, "scope"),
				Serve:   serve,
				Parameters: rapid.SliceOfN(rapid.Custom(func(t *rapid.T) Parameter {
					return Parameter{Name: rapid.StringMatching(`[a-z]{1,6}`).Draw(t, "pname"), In: rapid.SampledFrom([]string{"path", "query", "body"}).Draw(t, "in"),
						Required: rapid.Bool().Draw(t, "req"), Type: rapid.SampledFrom([]string{"string", "integer", "number", "boolean", "object", "array"}).Draw(t, "type")}
				}), 0, 4).Draw(t, "params"),
			}
			if serve {
				for j := 0; j < rapid.IntRange(1, 8).Draw(t, "phrases"); j++ {
					e.Phrases = append(e.Phrases, "phrase "+itoa(i)+" "+itoa(j))
				}
			}
			idx.Operations = append(idx.Operations, e)
		}
		data, err := json.Marshal(idx)
		require.NoError(t, err)
		back, err := Parse(data)
		require.NoError(t, err)
		require.Equal(t, &idx, back)
		for _, e := range idx.Operations {
			got, ok := back.ByID(e.ID)
			require.True(t, ok)
			require.Equal(t, e, got)
		}
		_, ok := back.ByID("missing")
		require.False(t, ok)
	})
}

// FuzzParse: Parse never panics or hangs on any input, and whatever it accepts
// passes its own checks again after a round trip.
func FuzzParse(f *testing.F) {
	f.Add(Raw())
	f.Add([]byte(`{"version":"1.0","operations":[{"id":"a","method":"GET","path":"/heart/v1","level":"basic","summary":"s","risk":"read","scope":"heart.read","serve":false,"parameters":[]}]}`))
	f.Add([]byte(`{"version":"1.0","operations":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		idx, err := Parse(data)
		if err != nil {
			var p *api.Problem
			if !errors.As(err, &p) {
				t.Fatalf("not a problem: %v", err)
			}
			return
		}
		again, err := json.Marshal(idx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(again); err != nil {
			t.Fatalf("accepted input fails after a round trip: %v", err)
		}
	})
}
