package bridge

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/core/api"
)

func TestLink_NoDevice_ThenSet(t *testing.T) {
	var l Link
	_, err := l.RoundTrip(context.Background(), api.NewRequest("GET", "/heart/v1/pulse", nil))
	require.ErrorIs(t, err, ErrNoDevice)
	l.Set(api.InProcess(api.HandlerFunc(func(context.Context, *api.Request) *api.Response { return api.JSON(200, "ok") })))
	resp, err := l.RoundTrip(context.Background(), api.NewRequest("GET", "/heart/v1/pulse", nil))
	require.NoError(t, err)
	assert.Equal(t, 200, resp.Status)
}

func TestDeviceFromQuery(t *testing.T) {
	cases := []struct {
		search, device, token string
		bad                   bool
	}{
		{"", "", "", false},
		{"?foo=1", "", "", false},
		{"?device=http%3A%2F%2F127.0.0.1%3A8081&token=demo-core", "http://127.0.0.1:8081", "demo-core", false},
		{"device=https://pump.example/", "https://pump.example/", "", false},
		{"?device=ftp://x", "ftp://x", "", true},
		{"?device=127.0.0.1:8081", "127.0.0.1:8081", "", true},
		{"?device=http://x/?a=1", "http://x/?a=1", "", true},
		{"?device=%zz", "", "", true},
	}
	for _, c := range cases {
		d, tok, err := DeviceFromQuery(c.search)
		if c.bad {
			assert.Error(t, err, c.search)
			continue
		}
		require.NoError(t, err, c.search)
		assert.Equal(t, c.device, d)
		assert.Equal(t, c.token, tok)
	}
}
