package main

import (
	"encoding/json"
	"github.com/heart-core/heart-web/schemas"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const resourcesID = "https://heart.dev/schemas/1.0/resources.schema.json"

// schemaCompiler knows every file of schemas/1.0 under its $id, so refs
// between files resolve offline; formats are asserted.
func schemaCompiler(t *testing.T) *jsonschema.Compiler {
	t.Helper()
	c, err := schemas.Compiler()
	require.NoError(t, err)
	return c
}

// Every $defs entry of resources.schema.json compiles as 2020-12, refs included.
func TestResourcesSchemaCompiles(t *testing.T) {
	c := schemaCompiler(t)
	data, err := os.ReadFile("../../schemas/1.0/resources.schema.json")
	require.NoError(t, err)
	var doc struct {
		ID   string                     `json:"$id"`
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(data, &doc))
	assert.Equal(t, resourcesID, doc.ID)
	names := make([]string, 0, len(doc.Defs))
	for n := range doc.Defs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		_, err := c.Compile(resourcesID + "#/$defs/" + n)
		assert.NoError(t, err, n)
	}
}

// The shapes of docs/data-shapes.md validate against their definitions, and
// bodies that break them are refused.
func TestResourcesMatchDataShapes(t *testing.T) {
	c := schemaCompiler(t)
	cases := []struct {
		def, doc string
		ok       bool
	}{
		{"Whoami", `{"name": "operator", "kind": "human", "scopes": ["heart.read", "heart.operate", "heart.tend"], "clearance": "operator"}`, true},
		{"Whoami", `{"name": "operator", "kind": "robot", "scopes": [], "clearance": "operator"}`, false},
		{"Property", `{"name": "tank.level", "title": "Tank level", "value": 62.0, "unit": "%", "writable": false, "component": "tank-1", "setpoint": 40, "aliases": ["fill level"], "updatedAt": "2026-11-30T21:00:00Z"}`, true},
		{"Property", `{"name": "pump.state", "value": "running", "enum": ["running", "stopped"], "updatedAt": "2026-11-30T21:00:00Z"}`, true},
		{"Property", `{"name": "tank.level", "value": 62, "updatedAt": "yesterday"}`, false},
		{"PropertyList", `{"properties": [{"name": "tank.level", "value": 62}]}`, true},
		{"PropertyValue", `{"value": 40}`, true},
		{"PropertyValue", `{"value": 40, "unit": "%"}`, false},
		{"VitalList", `{"vitals": [{"signal": "pump.flow", "value": 40.1, "unit": "L/min", "at": "2026-11-30T21:00:00Z"}]}`, true},
		{"VitalFeatures", `{"signal": "pump.flow", "unit": "L/min", "windowSec": 300, "from": "2026-11-30T20:55:00Z", "to": "2026-11-30T21:00:00Z", "features": {"value": 40, "min": 38, "max": 42, "mean": 40.2, "stddev": 0.9, "trend": 0.01, "count": 300}}`, true},
		{"VitalFeatures", `{"signal": "pump.flow", "windowSec": 0, "features": {"count": 0}}`, false},
		{"ComponentList", `{"components": [{"id": "pump-1", "kind": "pump", "title": "Main pump", "state": "running", "properties": ["pump.flow"]}]}`, true},
		{"TokenList", `{"tokens": [{"id": "t1", "name": "operator", "kind": "human", "scopes": ["heart.read"], "clearance": "operator", "hint": "demo-o…"}]}`, true},
		{"TokenInput", `{"name": "night shift", "kind": "human", "scopes": ["heart.read"], "clearance": "operator"}`, true},
		{"TokenInput", `{"name": "night shift", "kind": "human", "scopes": []}`, false},
		{"TokenInput", `{"name": "x", "kind": "human", "scopes": ["heart.read"], "token": "chosen"}`, false},
		{"TokenCreated", `{"id": "t2", "name": "x", "kind": "human", "scopes": ["heart.read"], "value": "hk-secret"}`, true},
		{"RhythmEntryInput", `{"kind": "decision", "summary": "Trial kept"}`, true},
		{"RhythmEntryInput", `{"kind": "", "summary": "Trial kept"}`, false},
		{"MuteRequest", `{"durationSec": 3600}`, true},
		{"MuteRequest", `{"durationSec": 999999}`, false},
		{"EmptyRequest", `{}`, true},
		{"EmptyRequest", `{"x": 1}`, false},
		{"ReasonRequest", `{"task": "propose", "input": "tank overflows", "output": {"schema": "https://heart.dev/schemas/1.0/proposal.schema.json"}}`, true},
		{"ReasonRequest", `{"task": "chat", "output": {"schema": "x"}}`, false},
		{"Valve", `{"rules": [{"data": "pump.flow", "destination": "cloud", "allow": true}]}`, true},
		{"CorePackage", `{"kind": "index", "version": "1.0.1", "payload": "e30=", "signature": "c2ln"}`, true},
		{"CorePackage", `{"kind": "index", "version": "1.0.1", "payload": "e30="}`, false},
		{"TimeSet", `{"time": "2026-11-30T21:00:00Z"}`, true},
		{"TimeSet", `{"time": "now"}`, false},
		{"Time", `{"time": "2026-11-30T21:00:00Z", "synced": true, "timeZone": "UTC"}`, true},
		{"MuteState", `{"mutedUntil": null}`, true},
		{"MuteState", `{"mutedUntil": "2026-11-30T22:00:00Z"}`, true},
		{"Diagnostics", `{"result": "not-run", "checks": {}}`, true},
		{"Diagnostics", `{"lastRun": "2026-11-30T21:00:00Z", "result": "warn", "checks": {"filter": "warn: clogged (E204)"}}`, true},
		{"Diagnostics", `{"result": "maybe", "checks": {}}`, false},
		{"LogPage", `{"logs": [{"seq": 1, "at": "2026-11-30T21:00:00Z", "level": "info", "source": "controller", "message": "Device started."}]}`, true},
		{"Config", `{"name": "Acme pump station", "reportHour": 6}`, true},
		{"MessageInput", `{"to": "acme-ps-0002", "text": "hello"}`, true},
		{"MessageInput", `{"to": "acme-ps-0002", "body": "hello"}`, false},
		{"NetworkSettings", `{"hostname": "ps-1", "dhcp": true}`, true},
		{"NetworkSettings", `{"hostname": ""}`, false},
	}
	for _, tc := range cases {
		name := tc.def + map[bool]string{true: " accepts ", false: " refuses "}[tc.ok] + strings.ReplaceAll(tc.doc[:min(len(tc.doc), 40)], "/", "_")
		t.Run(name, func(t *testing.T) {
			s, err := c.Compile(resourcesID + "#/$defs/" + tc.def)
			require.NoError(t, err)
			doc, err := jsonschema.UnmarshalJSON(strings.NewReader(tc.doc))
			require.NoError(t, err)
			if tc.ok {
				assert.NoError(t, s.Validate(doc))
			} else {
				assert.Error(t, s.Validate(doc))
			}
		})
	}
}
