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
