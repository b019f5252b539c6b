package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/sim"
)

// What the Core answers for its own operations (§11) is what the contract
// says, with the simulator as its device.
func TestCoreAnswersMatchContract(t *testing.T) {
	doc, err := contract()
	require.NoError(t, err)
	dev := sim.New(sim.Options{})
	c := core.New(core.Config{
		Device:      api.TransportFunc(func(ctx context.Context, r *api.Request) (*api.Response, error) { return dev.Serve(ctx, r), nil }),
		DeviceToken: "demo-core", Clock: clock.NewManual(sim.DefaultStart), InstanceID: "contract-test",
	})
	cases := []struct{ method, path, body string }{
		{"GET", "/heart/v1/core", ""},
		{"GET", "/heart/v1/core/index", ""},
		{"GET", "/heart/v1/core/map", ""},
		{"GET", "/heart/v1/core/updates", ""},
		{"GET", "/heart/v1/card", ""},
		{"GET", "/heart/v1/card/modules", ""},
		{"GET", "/heart/v1/pulse", ""},
		{"POST", "/heart/v1/serve", `{"text": "how full is the tank?"}`},
		{"POST", "/heart/v1/serve", `{"text": "what's the weather in Paris?"}`},
		{"POST", "/heart/v1/tending/stop", ""},
	}
	for _, tc := range cases {
		t.Run(tc.method+" "+tc.path+" "+tc.body, func(t *testing.T) {
			item := doc.Paths.Find(tc.path)
			require.NotNil(t, item)
			route := item.GetOperation(tc.method)
			require.NotNil(t, route)
			resp := c.Serve(context.Background(), &api.Request{Method: tc.method, Path: tc.path, Body: []byte(tc.body),
				Header: api.Header{"authorization": "Bearer demo-owner", "content-type": "application/json"}})
			require.Equal(t, 200, resp.Status, "%s", resp.Body)
			rr := route.Responses.Status(200)
			require.NotNil(t, rr)
			var body any
			require.NoError(t, json.Unmarshal(resp.Body, &body))
			assert.NoError(t, rr.Value.Content.Get("application/json").Schema.Value.VisitJSON(body, openapi3.MultiErrors()), "%s", resp.Body)
		})
	}
}

// The Core owns its knowledge packages; with only the built-in ones there
// is nothing to roll back to, and a caller without heart.admin may not ask.
func TestCoreUpdateRollbackWithNothingEarlier(t *testing.T) {
	dev := sim.New(sim.Options{})
	c := core.New(core.Config{
		Device:      api.TransportFunc(func(ctx context.Context, r *api.Request) (*api.Response, error) { return dev.Serve(ctx, r), nil }),
		DeviceToken: "demo-core", Clock: clock.NewManual(sim.DefaultStart), InstanceID: "contract-test",
	})
	for _, tc := range []struct {
		token  string
		status int
		code   string
	}{
		{"demo-owner", 409, api.CodeConflict},
		{"demo-operator", 403, ""},
	} {
		resp := c.Serve(context.Background(), &api.Request{Method: "POST", Path: "/heart/v1/core/updates/rollback",
			Header: api.Header{"authorization": "Bearer " + tc.token}})
		require.Equal(t, tc.status, resp.Status, "%s: %s", tc.token, resp.Body)
		assert.Equal(t, api.ContentTypeProblem, resp.Header["content-type"])
		if tc.code != "" {
			p, ok := api.ParseProblem(resp)
			require.True(t, ok)
			assert.Equal(t, tc.code, p.Code)
		}
	}
}
