package sim

import (
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
)

// bindHandlers attaches code to every row of opTable. Reads and the calls
// that decide or record are direct; every other call is an Action.
func (s *Sim) bindHandlers() {
	direct := map[string]func(c *call) *api.Response{
		"getRoot": getRoot, "getCard": getCard, "getCardModules": getCardModules, "getPulse": getPulse, "getWhoami": getWhoami,
		"getTime": getTime, "getSystemInfo": getSystemInfo, "getRhythm": getRhythm, "getRhythmEntry": getRhythmEntry,
		"postRhythmEntry": postRhythm, "getEvents": getEvents, "getProperties": getProperties, "getProperty": getProperty,
		"getPropertyHistory": getPropertyHistory, "getVitals": getVitals, "getVital": getVital, "getVitalFeatures": getVitalFeatures,
		"getComponents": getComponents, "getComponent": getComponent, "getCapabilities": readDefinitions("capabilities"),
		"getCapability": readDefinition, "getDefinitions": readDefinitions("definitions"), "getDefinition": readDefinition,
		"getActions": listActions, "getAction": getAction, "postActionApprove": approveAction, "postActionDeny": denyAction,
		"postActionCancel": cancelAction, "postActionSettle": settleTrial, "getSchedules": getSchedules, "getSchedule": getSchedule,
		"getLogs": getLogs, "getDiagnostics": getDiagnostics, "getFaults": getFaults, "getFault": getFault, "getAlerts": getAlerts,
		"getAlert": getAlert, "postAlert": postAlert, "getConfig": getConfig, "getConfigBackups": getBackups, "getUpdates": getUpdates,
		"getTokens": getTokens, "getNetwork": getNetwork, "getPeers": getPeers, "getMessages": getMessages, "getTending": getTending,
		"getTendingAllowlist": getAllowlist, "getTendingRules": getRules, "getTendingRule": getRule,
	}
	type gated struct {
		prep func(c *call) (*submission, error)
		run  func(s *Sim, a gate.Action) (int, any, error)
	}
	acts := map[string]gated{
		"putTime":                {simple(checkPutTime), runPutTime},
		"postSystemIdentify":     {simple(noBody), runIdentify},
		"postSystemRestart":      {simple(noBody), runRestart},
		"postSystemShutdown":     {simple(noBody), runShutdown},
		"postSystemFactoryReset": {simple(noBody), runFactoryReset},
		"putProperty":            {simple(checkPutProperty), runPutProperty},
		"postComponentReset":     {simple(checkComponent), runComponentReset},
		"postCapabilityInvoke":   {prepInvoke, func(*Sim, gate.Action) (int, any, error) { return 0, nil, nil }},
		"putDefinition":          {prepPutDefinition, runPutDefinition},
		"deleteDefinition":       {prepDeleteDefinition, runDeleteDefinition},
		"postSchedule":           {prepSchedule, runSchedule},
		"deleteSchedule":         {prepDeleteSchedule, runDeleteSchedule},
		"deleteLogs":             {simple(noBody), runDeleteLogs},
		"postDiagnosticsRun":     {simple(noBody), runDiagnostics},
		"postAlertAcknowledge":   {prepAlertChange, runAlertState("acknowledged")},
		"postAlertResolve":       {prepAlertChange, runAlertState("resolved")},
		"postAlertsMute":         {prepMute, runMute},
		"deleteAlertsMute":       {simple(noBody), runUnmute},
		"putConfig":              {simple(checkConfig), runPutConfig},
		"postConfigBackup":       {simple(noBody), runBackup},
		"postConfigRestore":      {simple(checkRestore), runRestoreConfig},
		"postUpdateApply":        {simple(checkUpdate), runApplyUpdate},
		"postUpdateRollback":     {simple(noBody), runRollback},
		"postToken":              {simple(checkToken), runPostToken},
		"deleteToken":            {simple(checkDeleteToken), runDeleteToken},
		"putNetwork":             {simple(checkNetwork), runPutNetwork},
		"postMessage":            {simple(checkMessage), runMessage},
		"postTendingStop":        {simple(noBody), runStop},
		"postTendingResume":      {simple(noBody), runResume},
		"putTendingAutonomy":     {prepAutonomy, runAutonomy},
		"putTendingAllowlist":    {prepAllowlist, runAllowlist},
		"putTendingRule":         {prepPutRule, runPutRule},
		"deleteTendingRule":      {simple(checkRuleExists), runDeleteRule},
		"postTendingRuleSuspend": {simple(checkRuleExists), runSuspendRule},
	}
	for id, o := range s.ops {
		if f, ok := direct[id]; ok {
			o.direct = f
		}
		if g, ok := acts[id]; ok {
			o.prep, o.run = g.prep, g.run
		}
	}
}
