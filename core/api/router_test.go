package api

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRouter_LiteralBeatsPlaceholder_AndAnswers404And405(t *testing.T) {
	var r Router
	hit := func(name string) RouteFunc {
		return func(_ context.Context, _ *Request, p Params) *Response {
			return JSON(200, map[string]any{"route": name, "params": p})
		}
	}
	r.Handle("GET", "/heart/v1/alerts/{id}", "getAlert", hit("getAlert"))
	r.Handle("POST", "/heart/v1/alerts/mute", "postAlertsMute", hit("postAlertsMute"))

	cases := []struct {
		method, path string
		status       int
		route        string
	}{
		{"POST", "/heart/v1/alerts/mute", 200, "postAlertsMute"},
		{"GET", "/heart/v1/alerts/a%2Fb", 200, "getAlert"},
		{"GET", "/heart/v1/alerts/", 404, ""},
		{"DELETE", "/heart/v1/alerts/x", 405, ""},
		{"GET", "/heart/v1/nothing", 404, ""},
	}
	for _, c := range cases {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			resp := r.Serve(context.Background(), NewRequest(c.method, c.path, nil))
			require.Equal(t, c.status, resp.Status)
			if c.route != "" {
				var got map[string]any
				require.NoError(t, json.Unmarshal(resp.Body, &got))
				assert.Equal(t, c.route, got["route"])
				return
			}
			p, ok := ParseProblem(resp)
			require.True(t, ok)
			assert.Equal(t, ContentTypeProblem, resp.Header.Get("Content-Type"))
			assert.NotEmpty(t, p.Detail)
		})
	}
}

func TestDecodeStrict_NamesTheField(t *testing.T) {
	var v struct {
		Level int `json:"level"`
	}
	cases := []struct {
		body, field string
	}{
		{`{"level":"x"}`, "level"},
		{`{"lvl":3}`, "lvl"},
		{``, ""},
		{`{"level":3} {}`, ""},
	}
	for _, c := range cases {
		err := DecodeStrict([]byte(c.body), &v)
		require.Error(t, err, c.body)
		p := err.(*Problem)
		assert.Equal(t, CodeInvalidRequest, p.Code)
		assert.Equal(t, 400, p.Status)
		assert.Equal(t, c.field, p.Field)
	}
	require.NoError(t, DecodeStrict([]byte(`{"level":3}`), &v))
	assert.Equal(t, 3, v.Level)
}

func TestNewRequest_SplitsQuery(t *testing.T) {
	req := NewRequest("get", "/heart/v1/logs?limit=5&level=warn", nil)
	assert.Equal(t, "GET", req.Method)
	assert.Equal(t, "/heart/v1/logs", req.Path)
	assert.Equal(t, "5", req.Query.Get("limit"))
	req.Header.Set("Authorization", "Bearer demo-owner")
	assert.Equal(t, "demo-owner", req.Bearer())
}

func TestRequest_Limit(t *testing.T) {
	cases := []struct {
		target string
		want   int
		bad    bool
	}{
		{"/x", 100, false},
		{"/x?limit=1", 1, false},
		{"/x?limit=1000", 1000, false},
		{"/x?limit=0", 0, true},
		{"/x?limit=1001", 0, true},
		{"/x?limit=-3", 0, true},
		{"/x?limit=ten", 0, true},
		{"/x?limit=2.5", 0, true},
		{"/x?limit=", 0, true},
	}
	for _, c := range cases {
		n, p := NewRequest("GET", c.target, nil).Limit(100, 1000)
		if c.bad {
			require.NotNil(t, p, c.target)
			assert.Equal(t, 400, p.Status)
			assert.Equal(t, CodeInvalidRequest, p.Code)
			assert.Equal(t, "limit", p.Field)
			continue
		}
		require.Nil(t, p, c.target)
		assert.Equal(t, c.want, n, c.target)
	}
}
