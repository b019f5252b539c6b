package brain

import (
	"encoding/json"
	"testing"

	"github.com/heart-core/heart-web/schemas"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ParseLeasePut accepts exactly the documents lease.schema.json's
// leasePutRequest accepts, and Uses is its enum.
func TestParseLeasePut_MatchesTheContract(t *testing.T) {
	s, err := schemas.Compile("lease.schema.json#/$defs/leasePutRequest")
	require.NoError(t, err)
	const ok = `"id":"l-1","model":"m","uses":["propose"],"issuedAt":"2026-01-05T06:00:00Z","expiresAt":"2026-01-05T07:00:00Z"`
	for _, doc := range []string{
		`{"lease":{` + ok + `}}`,
		`{"lease":{` + ok + `,"offline":{"maxSec":60}}}`,
		`{"lease":{` + ok + `,"offline":{"maxSec":60,"stepDown":[{"afterSec":0,"uses":[]},{"afterSec":30,"uses":["explain"]}]}}}`,
		`{}`,
		`{"lease":{}}`,
		`{"lease":{` + ok + `,"extra":1}}`,
		`{"lease":{` + ok + `},"extra":1}`,
		`{"lease":{"id":"","model":"m","uses":["propose"],"issuedAt":"2026-01-05T06:00:00Z","expiresAt":"2026-01-05T07:00:00Z"}}`,
		`{"lease":{"id":"l","model":"","uses":["propose"],"issuedAt":"2026-01-05T06:00:00Z","expiresAt":"2026-01-05T07:00:00Z"}}`,
		`{"lease":{"id":"l","model":"m","uses":[],"issuedAt":"2026-01-05T06:00:00Z","expiresAt":"2026-01-05T07:00:00Z"}}`,
		`{"lease":{"id":"l","model":"m","uses":["drive"],"issuedAt":"2026-01-05T06:00:00Z","expiresAt":"2026-01-05T07:00:00Z"}}`,
		`{"lease":{"id":"l","model":"m","uses":["serve","serve"],"issuedAt":"2026-01-05T06:00:00Z","expiresAt":"2026-01-05T07:00:00Z"}}`,
		`{"lease":{"id":"l","model":"m","uses":["serve"],"issuedAt":"yesterday","expiresAt":"2026-01-05T07:00:00Z"}}`,
		`{"lease":{"id":"l","model":"m","uses":["serve"],"expiresAt":"2026-01-05T07:00:00Z"}}`,
		`{"lease":{` + ok + `,"offline":{}}}`,
		`{"lease":{` + ok + `,"offline":{"maxSec":0}}}`,
		`{"lease":{` + ok + `,"offline":{"maxSec":60,"stepDown":[{"afterSec":-1,"uses":[]}]}}}`,
		`{"lease":{` + ok + `,"offline":{"maxSec":60,"stepDown":[{"afterSec":1}]}}}`,
		`{"lease":{` + ok + `,"offline":{"maxSec":60,"stepDown":[{"afterSec":1,"uses":["chat","chat"]}]}}}`,
		`{"lease":{` + ok + `,"offline":{"maxSec":60,"stepDown":[{"afterSec":1,"uses":[],"x":1}]}}}`,
	} {
		var v any
		require.NoError(t, json.Unmarshal([]byte(doc), &v))
		want := schemas.Check(s, v) == nil
		_, err := ParseLeasePut([]byte(doc))
		assert.Equal(t, want, err == nil, "%s: schema says %v, Parse says %v", doc, want, err)
	}

	var file struct {
		Defs map[string]struct {
			Enum []Use `json:"enum"`
		} `json:"$defs"`
	}
	raw, err := schemas.File("lease.schema.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &file))
	assert.Equal(t, file.Defs["leaseUse"].Enum, Uses)
}
