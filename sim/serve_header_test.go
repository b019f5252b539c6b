package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An ai write that the allowlist lets run at level 5 must still wait when the
// Core says it comes from /serve (Core §6.2: from /serve only reads and Stop
// run without a person); and only a Core token may say so.
func TestGate_ServeHeader_NeverUsesAllowlist(t *testing.T) {
	s, _ := newTestSim(t)
	require.Equal(t, 200, do(t, s, "demo-owner", "PUT", "/heart/v1/tending/autonomy", `{"level":5}`).Status)
	require.Equal(t, 200, do(t, s, "demo-owner", "PUT", "/heart/v1/tending/allowlist",
		`{"allowlist":[{"target":"postSystemIdentify","initiators":["ai"]}]}`).Status)

	cases := []struct {
		name    string
		headers []string
		status  int
	}{
		{"brain-style ai call uses the allowlist", []string{"Heart-Initiator: ai", "Heart-On-Behalf-Of: operator", "Idempotency-Key: k1"}, 200},
		{"serve call waits for a person", []string{"Heart-Initiator: ai", "Heart-On-Behalf-Of: operator", "Heart-Serve: 1", "Idempotency-Key: k2"}, 202},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := do(t, s, "demo-core", "POST", "/heart/v1/system/identify", "", c.headers...)
			assert.Equal(t, c.status, resp.Status, string(resp.Body))
		})
	}
}

// The Core lowers autonomy on its own account at once (its brainless
// transition: the safe direction); the same lowering asked for through
// /serve, and any raising by the Core, wait for a person.
func TestGate_CoreLoweringAutonomyRunsOnlyOnItsOwnAccount(t *testing.T) {
	for _, c := range []struct {
		name    string
		level   string
		headers []string
		status  int
	}{
		{"own lowering runs", "4", []string{"Heart-Initiator: ai", "Idempotency-Key: a1"}, 200},
		{"lowering from /serve waits", "4", []string{"Heart-Initiator: ai", "Heart-On-Behalf-Of: owner", "Heart-Serve: 1", "Idempotency-Key: a2"}, 202},
		{"raising waits", "5", []string{"Heart-Initiator: ai", "Idempotency-Key: a3"}, 202},
		{"a lowering to the same level is no lowering", "3", []string{"Heart-Initiator: ai", "Idempotency-Key: a4"}, 202},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := newTestSim(t)
			if c.level == "4" {
				require.Equal(t, 200, do(t, s, "demo-owner", "PUT", "/heart/v1/tending/autonomy", `{"level":5}`).Status)
			}
			resp := do(t, s, "demo-core", "PUT", "/heart/v1/tending/autonomy", `{"level":`+c.level+`}`, c.headers...)
			assert.Equal(t, c.status, resp.Status, string(resp.Body))
		})
	}
}
