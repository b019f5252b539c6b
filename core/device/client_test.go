package device

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core/api"
)

// TestClient_Token_SetOrLeftToTheTransport: with a token every call carries
// it; without one the call carries no Authorization, so a Transport that
// holds the token (the browser's fetch Link) adds it, and an empty
// "Bearer " never reaches the device.
func TestClient_Token_SetOrLeftToTheTransport(t *testing.T) {
	var seen []string
	tr := api.TransportFunc(func(_ context.Context, req *api.Request) (*api.Response, error) {
		_, has := req.Header["authorization"]
		seen = append(seen, req.Header.Get("Authorization")+"|"+map[bool]string{true: "set", false: "unset"}[has])
		return api.JSON(200, map[string]any{}), nil
	})
	for _, token := range []string{"demo-core", ""} {
		c := &Client{Transport: tr, Token: token, KeyPrefix: "core-x"}
		_, err := c.Do(context.Background(), "GET", "/heart/v1/card", nil, On{})
		require.NoError(t, err)
	}
	assert.Equal(t, []string{"Bearer demo-core|set", "|unset"}, seen)
}
