// Package sim is the Acme pump station simulator (decisions.md §1 "Device
// simulator", §4 "The demo product"): a real HEART API device, served through
// one api.Handler, with physics over simulated time, the gate of core/gate
// (decisions.md §3) as the authority for its Actions, approvals, schedules,
// alerts, the Rhythm, Playbooks, the confirmed-commit timer for Trials
// (decisions.md §1; HEART Core §7.5), events, snapshots and fault injection.
//
// It imports no net/http and no os, so it builds for js/wasm and runs
// in-process in the browser; cmd/heart-sim serves it over HTTP.
// docs/simulator.md describes it for people.
package sim
