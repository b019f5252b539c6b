package sim

// Sample inputs for calling the simulator, shared by the tests that call
// every operation (tests/contract, index/gen): path parameters that exist in
// the demo product, and a valid body for each write that needs one.
var (
	SamplePath = map[string]string{"name": "tank.level", "signal": "pump.flow", "id": "pump-1", "code": "E101"}
	SampleBody = map[string]string{
		"putTime": `{"time":"2026-01-05T07:00:00Z"}`, "postRhythmEntry": `{"kind":"decision","summary":"kept"}`,
		"postAlertsMute": `{"durationSec":3600}`, "putConfig": `{"name":"x"}`,
		"postToken":  `{"name":"night","kind":"human","scopes":["heart.read"],"clearance":"operator"}`,
		"putNetwork": `{"hostname":"ps-9"}`, "postMessage": `{"to":"acme-ps-0002","text":"hi"}`,
		"putTendingAutonomy": `{"level":2}`, "putTendingAllowlist": `{"allowlist":[]}`,
	}
)
