package sim

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/check"
	"github.com/heart-core/heart-web/core/gate"
)

// opTable lists the operations a device serves (api-operations.md, all but
// the Core's: serve, core/*, tending/proposals, tending/trials*,
// tending/consultations*, brain/*, reason, valve*, gateway/*, which this
// device answers 404). One line: operationId method path risk scope.
// postActionSettle is the simulator's addition for the confirmed-commit
// timer (docs/simulator.md); report it for api-operations.md.
const opTable = `
getRoot GET / read heart.read
getCard GET /card read heart.read
getCardModules GET /card/modules read heart.read
getPulse GET /pulse read heart.read
getWhoami GET /whoami read heart.read
getTime GET /time read heart.read
putTime PUT /time write heart.admin
getSystemInfo GET /system/info read heart.read
postSystemIdentify POST /system/identify write heart.operate
postSystemRestart POST /system/restart physical heart.admin
postSystemShutdown POST /system/shutdown physical heart.admin
postSystemFactoryReset POST /system/factory-reset destructive heart.admin
getRhythm GET /rhythm read heart.read
getRhythmEntry GET /rhythm/{seq} read heart.read
postRhythmEntry POST /rhythm write heart.tend
getEvents GET /events read heart.read
getProperties GET /properties read heart.read
getProperty GET /properties/{name} read heart.read
putProperty PUT /properties/{name} write heart.operate
getPropertyHistory GET /properties/{name}/history read heart.read
getVitals GET /vitals read heart.read
getVital GET /vitals/{signal} read heart.read
getVitalFeatures GET /vitals/{signal}/features read heart.read
getComponents GET /components read heart.read
getComponent GET /components/{id} read heart.read
postComponentReset POST /components/{id}/reset physical heart.operate
getCapabilities GET /capabilities read heart.read
getCapability GET /capabilities/{name} read heart.read
postCapabilityInvoke POST /capabilities/{name}/invoke write heart.operate
getDefinitions GET /definitions read heart.read
getDefinition GET /definitions/{name} read heart.read
putDefinition PUT /definitions/{name} write heart.admin
deleteDefinition DELETE /definitions/{name} destructive heart.admin
getActions GET /actions read heart.read
getAction GET /actions/{id} read heart.read
postActionApprove POST /actions/{id}/approve write heart.operate
postActionDeny POST /actions/{id}/deny read heart.operate
postActionCancel POST /actions/{id}/cancel read heart.operate
postActionSettle POST /actions/{id}/settle read heart.tend
getSchedules GET /schedules read heart.read
postSchedule POST /schedules write heart.operate
getSchedule GET /schedules/{id} read heart.read
deleteSchedule DELETE /schedules/{id} read heart.operate
getLogs GET /logs read heart.read
deleteLogs DELETE /logs destructive heart.admin
getDiagnostics GET /diagnostics read heart.read
postDiagnosticsRun POST /diagnostics/run write heart.operate
getFaults GET /faults read heart.read
getFault GET /faults/{code} read heart.read
getAlerts GET /alerts read heart.read
getAlert GET /alerts/{id} read heart.read
postAlert POST /alerts write heart.tend
postAlertAcknowledge POST /alerts/{id}/acknowledge write heart.operate
postAlertResolve POST /alerts/{id}/resolve write heart.operate
postAlertsMute POST /alerts/mute write heart.operate
deleteAlertsMute DELETE /alerts/mute read heart.operate
getConfig GET /config read heart.read
putConfig PUT /config write heart.admin
getConfigBackups GET /config/backups read heart.read
postConfigBackup POST /config/backups write heart.operate
postConfigRestore POST /config/backups/{id}/restore write heart.admin
getUpdates GET /updates read heart.read
postUpdateApply POST /updates/{id}/apply write heart.admin
postUpdateRollback POST /updates/rollback write heart.admin
getTokens GET /tokens read heart.admin
postToken POST /tokens write heart.admin
deleteToken DELETE /tokens/{id} write heart.admin
getNetwork GET /network read heart.read
putNetwork PUT /network write heart.admin
getPeers GET /peers read heart.read
getMessages GET /messages read heart.read
postMessage POST /messages write heart.operate
getTending GET /tending read heart.read
postTendingStop POST /tending/stop read heart.tend
postTendingResume POST /tending/resume write heart.admin
putTendingAutonomy PUT /tending/autonomy write heart.admin
getTendingAllowlist GET /tending/allowlist read heart.read
putTendingAllowlist PUT /tending/allowlist write heart.admin
getTendingRules GET /tending/rules read heart.read
getTendingRule GET /tending/rules/{id} read heart.read
putTendingRule PUT /tending/rules/{id} write heart.admin
deleteTendingRule DELETE /tending/rules/{id} write heart.admin
postTendingRuleSuspend POST /tending/rules/{id}/suspend read heart.tend
`

// op is one operation: its table row and how the device serves it.
//   - direct: answered at once after auth and scope (GETs, and the calls that
//     decide or record rather than act: approve, deny, cancel, settle, the
//     Core's Rhythm entries and alerts).
//   - prep + run: every other call becomes an Action and passes the gate;
//     prep validates the input (bad input changes nothing) and says what
//     the Action is, run is its effect, called when it runs (now or after
//     approval).
type op struct {
	ID, Method, Path string
	Risk             gate.Risk
	Scope            string
	direct           func(c *call) *api.Response
	prep             func(c *call) (*submission, error)
	run              func(s *Sim, a gate.Action) (int, any, error)
}

// call is one request as it passes through the pipeline.
type call struct {
	s    *Sim
	ctx  context.Context
	req  *api.Request
	p    api.Params
	op   *op
	tok  gate.Token
	ini  gate.Initiator
	note string // why initiator headers were ignored
}

// submission is what prep says the Action is.
type submission struct {
	target     string
	risk       gate.Risk
	scope      string
	args       map[string]any
	callers    []string
	guards     []check.Check
	trial      *trialRequest
	approvedBy string
}

func parseOpTable() []*op {
	var out []*op
	for _, line := range strings.Split(strings.TrimSpace(opTable), "\n") {
		f := strings.Fields(line)
		out = append(out, &op{ID: f[0], Method: f[1], Path: "/heart/v1" + strings.TrimSuffix(f[2], "/"), Risk: gate.Risk(f[3]), Scope: f[4]})
	}
	return out
}

// body decodes a JSON object body into a map (an empty body is {}), as the
// Action's arguments. Non-objects are 400.
func bodyArgs(body []byte) (map[string]any, error) {
	if len(strings.TrimSpace(string(body))) == 0 {
		return map[string]any{}, nil
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil || m == nil {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "The body must be a JSON object.")
	}
	return m, nil
}

// decode is api.DecodeStrict that allows an empty body for optional bodies.
func decode(body []byte, v any, optional bool) error {
	if optional && len(strings.TrimSpace(string(body))) == 0 {
		return nil
	}
	return api.DecodeStrict(body, v)
}
