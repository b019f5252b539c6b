package core_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/heart-core/heart-web/core/api"
)

// Any body to PUT /heart/v1/brain/lease: never a panic; a lease comes in
// only with 200, and anything else is a problem+json answer that left the
// module as it was.
func FuzzBrainLeaseBody(f *testing.F) {
	for _, seed := range []string{
		`{"lease":{"id":"l-1","model":"m","uses":["propose"],"issuedAt":"2026-01-05T06:00:00Z","expiresAt":"2026-01-05T07:00:00Z"}}`,
		`{"lease":{"id":"l-1","model":"m","uses":["propose"],"issuedAt":"2026-01-05T06:00:00Z","expiresAt":"2026-01-05T07:00:00Z","offline":{"maxSec":60,"stepDown":[{"afterSec":10,"uses":[]}]}}}`,
		`{"lease":{}}`, `{}`, `[]`, `null`, `{"lease":{"id":"","uses":["propose","propose"]}}`, "\x00", `{"lease":{"expiresAt":"9999-12-31T23:59:59Z"}}`,
	} {
		f.Add(seed)
	}
	d := newDemo(f)
	f.Fuzz(func(t *testing.T, body string) {
		before := d.status(t)
		req := api.NewRequest("PUT", "/heart/v1/brain/lease", []byte(body))
		req.Header.Set("Authorization", "Bearer demo-brain")
		resp := d.core.Serve(context.Background(), req)
		switch {
		case resp.Status == 200:
			var s map[string]any
			if err := json.Unmarshal(resp.Body, &s); err != nil || s["brainless"] != false {
				t.Fatalf("200 without a lease: %s", resp.Body)
			}
			// start again from no lease for the next input
			d = newDemo(t)
		case resp.Status >= 400 && resp.Status < 500:
			if resp.Header.Get("Content-Type") != "application/problem+json" {
				t.Fatalf("%d without problem+json: %s", resp.Status, resp.Body)
			}
			if after := d.status(t); string(after) != string(before) {
				t.Fatalf("a refused lease changed the module: %s then %s", before, after)
			}
		default:
			t.Fatalf("status %d: %s", resp.Status, resp.Body)
		}
	})
}

func (d *demo) status(t testing.TB) []byte {
	req := api.NewRequest("GET", "/heart/v1/brain", nil)
	req.Header.Set("Authorization", "Bearer demo-viewer")
	return d.core.Serve(context.Background(), req).Body
}
