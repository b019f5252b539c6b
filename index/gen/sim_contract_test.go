package main

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/sim"
)

// Answers the simulator gives today that break the contract, reported to its
// owner; listed so every other operation stays guarded. Sample inputs come
// from sim.SamplePath and sim.SampleBody.
var knownSimDeviations = map[string]string{}

// What the device simulator answers is what the contract says, for every
// operation it serves with a 2xx on a fresh device: the contract is true of
// the running device, not only of itself.
func TestSimulatorAnswersMatchContract(t *testing.T) {
	doc, err := contract()
	require.NoError(t, err)
	var paths []string
	for p := range doc.Paths.Map() {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	checked, problems := 0, 0
	for _, p := range paths {
		for method, op := range doc.Paths.Value(p).Operations() {
			if p == "/heart/v1/events" || knownSimDeviations[op.OperationID] != "" {
				continue
			}
			path := p
			for k, v := range sim.SamplePath {
				path = strings.ReplaceAll(path, "{"+k+"}", v)
			}
			if strings.HasPrefix(p, "/heart/v1/capabilities/") || strings.HasPrefix(p, "/heart/v1/definitions/") {
				path = strings.ReplaceAll(p, "{name}", "com.acme.pump.set_flow")
			}
			s := sim.New(sim.Options{})
			resp := s.Serve(context.Background(), &api.Request{Method: method, Path: path, Body: []byte(sim.SampleBody[op.OperationID]),
				Header: api.Header{"authorization": "Bearer demo-owner", "content-type": "application/json"}})
			rr := op.Responses.Status(resp.Status)
			if rr == nil && resp.Status >= 400 {
				rr = op.Responses.Default() // any other error is a problem document
			}
			if !assert.NotNil(t, rr, "%s answered %d, which the contract does not list: %s", op.OperationID, resp.Status, resp.Body) {
				continue
			}
			media := "application/json"
			if resp.Status >= 400 {
				media = api.ContentTypeProblem // missing ids, module operations a device lacks
			}
			mt := rr.Value.Content.Get(media)
			require.NotNil(t, mt, "%s %d", op.OperationID, resp.Status)
			var body any
			require.NoError(t, json.Unmarshal(resp.Body, &body), op.OperationID)
			assert.NoError(t, mt.Schema.Value.VisitJSON(body, openapi3.MultiErrors()), "%s %d: %s", op.OperationID, resp.Status, resp.Body)
			if resp.Status >= 400 {
				problems++
			} else {
				checked++
			}
		}
	}
	assert.GreaterOrEqual(t, checked, 45, "most device operations answer on a fresh simulator")
	t.Logf("%d operations' answers and %d problem answers checked against the contract", checked, problems)
}
