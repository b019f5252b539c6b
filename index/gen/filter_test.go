package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The contract works as a request validator: bodies that break a schema
// (a bound, a missing member, an extra member, a wrong const or enum) are
// refused, well-formed ones pass. Guards against the silent 3.0 fallback of
// platform-notes.md.
func TestContractValidatesRequestBodies(t *testing.T) {
	doc, err := contract()
	require.NoError(t, err)
	router, err := legacy.NewRouter(doc, openapi3.AllowExtraSiblingFields("goJSONSchema"))
	require.NoError(t, err)
	cases := []struct {
		name, method, path, body string
		ok                       bool
	}{
		{"autonomy level in range", "PUT", "/heart/v1/tending/autonomy", `{"level": 3}`, true},
		{"autonomy level above 5", "PUT", "/heart/v1/tending/autonomy", `{"level": 9}`, false},
		{"autonomy level missing", "PUT", "/heart/v1/tending/autonomy", `{}`, false},
		{"autonomy extra member", "PUT", "/heart/v1/tending/autonomy", `{"level": 3, "why": "x"}`, false},
		{"property value number", "PUT", "/heart/v1/properties/heater.setpoint", `{"value": 40}`, true},
		{"property value object", "PUT", "/heart/v1/properties/heater.setpoint", `{"value": {"a": 1}}`, false},
		{"mute for an hour", "POST", "/heart/v1/alerts/mute", `{"durationSec": 3600}`, true},
		{"mute for two days", "POST", "/heart/v1/alerts/mute", `{"durationSec": 172800}`, false},
		{"token with unknown scope", "POST", "/heart/v1/tokens", `{"name": "x", "kind": "human", "scopes": ["heart.root"]}`, false},
		{"token", "POST", "/heart/v1/tokens", `{"name": "x", "kind": "human", "scopes": ["heart.read"]}`, true},
		{"restart with no body", "POST", "/heart/v1/system/restart", ``, true},
		{"restart with a stray member", "POST", "/heart/v1/system/restart", `{"force": true}`, false},
		{"deny with a digest", "POST", "/heart/v1/actions/7b1c/deny", `{"digest": "` + hex64 + `"}`, true},
		{"deny without digest", "POST", "/heart/v1/actions/7b1c/deny", `{}`, false},
		{"message", "POST", "/heart/v1/messages", `{"to": "peer-1", "text": "hello"}`, true},
		{"message without text", "POST", "/heart/v1/messages", `{"to": "peer-1"}`, false},
		{"time", "PUT", "/heart/v1/time", `{"time": "2026-11-30T21:00:00Z"}`, true},
		{"time not a time", "PUT", "/heart/v1/time", `{"time": "noon"}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var req *http.Request
			if c.body == "" {
				req = httptest.NewRequest(c.method, c.path, nil)
			} else {
				req = httptest.NewRequest(c.method, c.path, bytes.NewBufferString(c.body))
				req.Header.Set("Content-Type", "application/json")
			}
			route, params, err := router.FindRoute(req)
			require.NoError(t, err)
			err = openapi3filter.ValidateRequest(context.Background(), &openapi3filter.RequestValidationInput{
				Request: req, PathParams: params, Route: route,
				Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
			})
			if c.ok {
				assert.NoError(t, err)
			} else {
				assert.Error(t, err)
			}
		})
	}
}

const hex64 = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
