package schemas_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exampleDir holds one folder per schema (or per schema $def, as
// "serve.serveRequest"), each with valid/ and invalid/ documents. Every
// invalid folder has reasons.json: file name -> the keyword that must fail
// and the instance location (JSON Pointer, "" for the root) where it fails.
const exampleDir = "testdata"

// reason is why an invalid example must be refused.
type reason struct {
	Keyword string `json:"keyword"`
	At      string `json:"at"`
}

// example is one document of the corpus.
type example struct {
	Dir, Name string
	Valid     bool
	Data      []byte
	Reason    reason
}

// schemaURL maps a folder name to the schema (or $def) it exercises.
func schemaURL(dir string) string {
	name, def, found := strings.Cut(dir, ".")
	u := schemaID(name + ".schema.json")
	if found {
		u += "#/$defs/" + def
	}
	return u
}

// loadExamples reads the whole corpus; it fails the test if an invalid
// document has no stated reason, or a reason names no document.
func loadExamples(t testing.TB) []example {
	t.Helper()
	dirs, err := os.ReadDir(exampleDir)
	require.NoError(t, err)
	var out []example
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		valid, err := filepath.Glob(filepath.Join(exampleDir, d.Name(), "valid", "*.json"))
		require.NoError(t, err)
		for _, f := range valid {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			out = append(out, example{Dir: d.Name(), Name: filepath.Base(f), Valid: true, Data: data})
		}
		reasons := map[string]reason{}
		if data, err := os.ReadFile(filepath.Join(exampleDir, d.Name(), "invalid", "reasons.json")); err == nil {
			require.NoError(t, json.Unmarshal(data, &reasons), d.Name())
		}
		invalid, err := filepath.Glob(filepath.Join(exampleDir, d.Name(), "invalid", "*.json"))
		require.NoError(t, err)
		seen := map[string]bool{}
		for _, f := range invalid {
			base := filepath.Base(f)
			if base == "reasons.json" {
				continue
			}
			r, ok := reasons[base]
			require.True(t, ok, "%s/invalid/%s states no reason in reasons.json", d.Name(), base)
			seen[base] = true
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			out = append(out, example{Dir: d.Name(), Name: base, Data: data, Reason: r})
		}
		for name := range reasons {
			require.True(t, seen[name], "%s/invalid/reasons.json names missing file %s", d.Name(), name)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dir+out[i].Name < out[j].Dir+out[j].Name })
	return out
}

// failures flattens santhosh-tekuri's error tree into "keyword@location"
// strings, so a test can ask whether the document failed for a given reason.
func failures(err *jsonschema.ValidationError) []string {
	var out []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if kp := e.ErrorKind.KeywordPath(); len(kp) > 0 {
			loc := ""
			if len(e.InstanceLocation) > 0 {
				loc = "/" + strings.Join(e.InstanceLocation, "/")
			}
			out = append(out, kp[len(kp)-1]+"@"+loc)
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(err)
	return out
}

// validateWithOracle validates data against the folder's schema with
// santhosh-tekuri, the reference validator of decisions.md §1.
func validateWithOracle(t testing.TB, c *jsonschema.Compiler, dir string, data []byte) error {
	t.Helper()
	sch, err := c.Compile(schemaURL(dir))
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(data)))
	require.NoError(t, err)
	return sch.Validate(doc)
}

func TestExamples_ValidPassAndInvalidFailForTheirStatedReason(t *testing.T) {
	c := newCompiler(t)
	for _, ex := range loadExamples(t) {
		t.Run(ex.Dir+"/"+ex.Name, func(t *testing.T) {
			err := validateWithOracle(t, c, ex.Dir, ex.Data)
			if ex.Valid {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			var verr *jsonschema.ValidationError
			require.ErrorAs(t, err, &verr)
			want := ex.Reason.Keyword + "@" + ex.Reason.At
			assert.Contains(t, failures(verr), want, "fails, but not for its stated reason:\n%v", err)
		})
	}
}

// TestExamples_EverySchemaHasEnough: at least 2 valid and 3 invalid
// documents for every schema this package owns.
func TestExamples_EverySchemaHasEnough(t *testing.T) {
	valid, invalid := map[string]int{}, map[string]int{}
	for _, ex := range loadExamples(t) {
		name, _, _ := strings.Cut(ex.Dir, ".")
		if ex.Valid {
			valid[name]++
		} else {
			invalid[name]++
		}
	}
	for _, name := range ownSchemas(t) {
		assert.GreaterOrEqual(t, valid[name], 2, "%s: valid examples", name)
		assert.GreaterOrEqual(t, invalid[name], 3, "%s: invalid examples", name)
	}
}
