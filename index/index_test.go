package index

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tableRow is one row of api-operations.md, as transcribed in testdata/operations.tsv.
type tableRow struct{ id, method, path, risk, scope, level, serve, summary string }

func readTable(t *testing.T) []tableRow {
	t.Helper()
	f, err := os.Open("testdata/operations.tsv")
	require.NoError(t, err)
	defer func() { _ = f.Close() }()
	var rows []tableRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		require.Len(t, c, 8, line)
		rows = append(rows, tableRow{c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]})
	}
	require.NoError(t, sc.Err())
	return rows
}

func mustLoad(t *testing.T) *Index {
	t.Helper()
	idx, err := Load()
	require.NoError(t, err)
	return idx
}

// The Index holds exactly the operations of api-operations.md, with their
// methods, full /heart/v1 paths (§4.1 example), risks, scopes, levels,
// serve flags and summaries.
func TestIndexEqualsTheOperationsTable(t *testing.T) {
	idx := mustLoad(t)
	rows := readTable(t)
	require.Len(t, idx.Operations, len(rows))
	for _, r := range rows {
		e, ok := idx.ByID(r.id)
		if !assert.True(t, ok, "operation %s is missing from the Index", r.id) {
			continue
		}
		want := "/heart/v1" + r.path
		if r.path == "/" {
			want = "/heart/v1"
		}
		assert.Equal(t, r.method, e.Method, r.id)
		assert.Equal(t, want, e.Path, r.id)
		assert.Equal(t, r.risk, e.Risk, r.id)
		assert.Equal(t, r.scope, e.Scope, r.id)
		assert.Equal(t, r.level, e.Level, r.id)
		assert.Equal(t, r.serve == "yes", e.Serve, r.id)
		assert.Equal(t, r.summary, e.Summary, r.id)
	}
}

// Operations /serve must never reach carry no phrases (§4.1, §7.3: a Proposal
// never comes from interpreted language); every other one has at least six
// distinct phrases.
func TestPhrasesOnlyOnServableOperations(t *testing.T) {
	for _, e := range mustLoad(t).Operations {
		if !e.Serve {
			assert.Empty(t, e.Phrases, e.ID)
			continue
		}
		distinct := map[string]bool{}
		for _, p := range e.Phrases {
			distinct[p] = true
		}
		assert.GreaterOrEqual(t, len(distinct), MinPhrases, e.ID)
	}
	idx := mustLoad(t)
	stop, ok := idx.ByID("postTendingProposals")
	require.True(t, ok)
	assert.False(t, stop.Serve)
}

// No phrase belongs to two operations: a shared phrase would make Recall
// match both equally (an over-match).
func TestNoPhraseSharedBetweenOperations(t *testing.T) {
	owner := map[string]string{}
	for _, e := range mustLoad(t).Operations {
		for _, p := range e.Phrases {
			prev, taken := owner[p]
			assert.False(t, taken, "%q is a phrase of %s and %s", p, prev, e.ID)
			owner[p] = e.ID
		}
	}
}

// The §4.1 example: postTendingStop is a read-risk, heart.tend, module-control
// operation whose phrases include "stop acting" and "hands off".
func TestStopEntryMatchesTheStandardsExample(t *testing.T) {
	e, ok := mustLoad(t).ByID("postTendingStop")
	require.True(t, ok)
	assert.Equal(t, "/heart/v1/tending/stop", e.Path)
	assert.Equal(t, "read", e.Risk)
	assert.Equal(t, "heart.tend", e.Scope)
	assert.Subset(t, e.Phrases, []string{"stop acting", "hands off", "stop autonomy", "stop all automatic actions"})
}

// The Index stays small enough to ship everywhere (§4.1: 27 KB / 5.5 KB for
// 124 operations). The bound leaves room for more phrases, not for bloat.
func TestIndexIsSmall(t *testing.T) {
	raw, gz := len(Raw()), gzippedLen(t, Raw())
	t.Logf("API Index: %d operations, %d bytes raw, %d bytes gzipped", len(mustLoad(t).Operations), raw, gz)
	assert.Less(t, raw, 64*1024)
	assert.Less(t, gz, 16*1024)
	assert.Less(t, gz, raw/3, "phrases and keys compress well")
}

// Phrases are general wording for any HEART system: they never name the demo
// product's things, whose words belong to its own definitions in the Map.
func TestPhrasesNameNoProductThings(t *testing.T) {
	for _, e := range mustLoad(t).Operations {
		for _, p := range e.Phrases {
			for _, word := range strings.Fields(p) {
				assert.NotContains(t, []string{"acme", "pump", "tank", "conveyor", "heater", "mixer", "flow"}, strings.Trim(word, ",.?!'"), "%s: %q", e.ID, p)
			}
		}
	}
}

// gzippedLen is the size of b at the best gzip compression. It lives in the
// test (and in heart-bench), not in the runtime package, so core.wasm does
// not carry compress/gzip.
func gzippedLen(t *testing.T, b []byte) int {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	require.NoError(t, err)
	_, err = zw.Write(b)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Len()
}
