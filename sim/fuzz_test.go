package sim

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/heart-core/heart-web/core/api"
)

// FuzzServe sends arbitrary calls: the device never panics, and every error
// is problem+json with a code.
func FuzzServe(f *testing.F) {
	seeds := []struct{ method, path, body string }{
		{"GET", "/heart/v1/properties/tank.level", ""},
		{"POST", "/heart/v1/capabilities/com.acme.pump.set_flow/invoke", `{"arguments":{"litresPerMin":40}}`},
		{"POST", "/heart/v1/capabilities/com.acme.pump.set_ramp_rate/invoke", trialBody},
		{"POST", "/heart/v1/schedules", `{"target":"postSystemRestart","at":"2026-01-06T00:00:00Z"}`},
		{"PUT", "/heart/v1/tending/rules/x", `{"rule":{"when":{},"then":{},"status":"adopted"},"presence":{"method":"device-code","code":"1"}}`},
		{"PUT", "/heart/v1/definitions/com.acme.y", `{"title":"Y","risk":"write","callers":["human"],"arguments":{"type":"object","properties":{"a":{"type":"number","minimum":1}}}}`},
		{"POST", "/heart/v1/actions/x/approve", `{"digest":"00"}`},
		{"PUT", "/_sim/faults", `{"pressureSpikeBar":3}`},
		{"POST", "/_sim/restore", `{"version":1,"state":{}}`},
		{"GET", "/heart/v1/vitals/pump.flow/features?windowSec=99999", ""},
		{"DELETE", "/heart/v1/alerts/mute", `[]`},
	}
	for i, s := range seeds {
		f.Add(s.method, s.path, []byte(s.body), uint8(i))
	}
	tokens := []string{"demo-owner", "demo-operator", "demo-viewer", "demo-core", "demo-brain", "", "junk"}
	s, _ := newTestSim(f)
	f.Fuzz(func(t *testing.T, method, target string, body []byte, who uint8) {
		if !strings.HasPrefix(target, "/") {
			target = "/heart/v1/" + target
		}
		req := api.NewRequest(method, target, body)
		if tok := tokens[int(who)%len(tokens)]; tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		if who%3 == 0 {
			req.Header.Set("Heart-Initiator", "ai")
			req.Header.Set("Heart-On-Behalf-Of", "operator")
		}
		if IsSimPath(req.Path) && req.Path != "/_sim/faults" && req.Path != "/_sim/display" {
			// Reset, restore and clock moves have their own tests; fuzzed, a
			// day's advance repeated while minimising only makes the run slow.
			return
		}
		resp := s.Serve(context.Background(), req)
		if resp == nil || resp.Status < 100 || resp.Status > 599 {
			t.Fatalf("bad response %+v", resp)
		}
		if resp.Status >= 400 {
			if resp.Header.Get("Content-Type") != api.ContentTypeProblem {
				t.Fatalf("%d without problem+json: %s", resp.Status, resp.Body)
			}
			if p, ok := api.ParseProblem(resp); !ok || p.Detail == "" {
				t.Fatalf("bad problem: %s", resp.Body)
			}
		} else if len(resp.Body) > 0 && !json.Valid(resp.Body) {
			t.Fatalf("invalid JSON body: %s", resp.Body)
		}
	})
}
