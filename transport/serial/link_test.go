package serial

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRoundTrip_CarriesRequestsAndResponsesUnchanged(t *testing.T) {
	c, _ := pair(t, echo, nil, ClientOptions{}, ServerOptions{})
	bin := []byte{0xFE, 0x48, 0x00, 0xFF, '\n'}
	cases := []struct {
		name string
		req  *api.Request
	}{
		{"get with query", api.NewRequest("GET", "/heart/v1/logs?limit=5&level=warn", nil)},
		{"post with json body", api.NewRequest("POST", "/heart/v1/tending/stop", []byte(`{"reason":"x"}`))},
		{"binary body with the marker byte", api.NewRequest("PUT", "/heart/v1/blob", bin)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.req.Header.Set("Authorization", "Bearer demo-owner")
			resp, err := c.RoundTrip(ctxTimeout(t, 5*time.Second), tc.req)
			require.NoError(t, err)
			require.Equal(t, 200, resp.Status)
			assert.Equal(t, api.ContentTypeJSON, resp.Header.Get("content-type"))
			got := decodeReq(t, resp)
			assert.Equal(t, *tc.req, got)
		})
	}
}

func TestRoundTrip_ManyConcurrentCallsEachGetTheirOwnAnswer(t *testing.T) {
	c, _ := pair(t, echo, nil, ClientOptions{MaxInFlight: 8}, ServerOptions{MaxInFlight: 8})
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := "/heart/v1/n/" + itoa(i)
			resp, err := c.RoundTrip(ctxTimeout(t, 10*time.Second), api.NewRequest("GET", path+"?sleep="+itoa(i%3)+"ms", nil))
			if err != nil {
				errs <- err
				return
			}
			var got api.Request
			if err := json.Unmarshal(resp.Body, &got); err != nil || got.Path != path {
				errs <- errors.New("answer for " + got.Path + " came to " + path)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	assert.EqualValues(t, 100, c.Stats().FramesOK)
}

func TestRoundTrip_TimesOutWhenTheDeviceNeverAnswers(t *testing.T) {
	c, dev := rawDevice(t, ClientOptions{})
	go func() { _, _ = dev.Read(make([]byte, 1<<16)) }() // takes the request, says nothing
	start := time.Now()
	_, err := c.RoundTrip(ctxTimeout(t, 100*time.Millisecond), api.NewRequest("GET", "/heart/v1/card", nil))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestRoundTrip_DefaultTimeoutAppliesWithoutADeadline(t *testing.T) {
	c, _ := rawDevice(t, ClientOptions{Timeout: 50 * time.Millisecond})
	// Nobody reads the device end: even the write cannot complete.
	_, err := c.RoundTrip(context.Background(), api.NewRequest("GET", "/heart/v1/card", nil))
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestRoundTrip_FailsWhenTheLinkDrops(t *testing.T) {
	c, dev := rawDevice(t, ClientOptions{})
	go func() {
		_, _ = dev.Read(make([]byte, 1<<16))
		_ = dev.Close()
	}()
	_, err := c.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("GET", "/heart/v1/card", nil))
	require.Error(t, err)
	assert.NotErrorIs(t, err, context.DeadlineExceeded)
	<-c.Done()
	require.Error(t, c.Err())
}

func TestClient_SkipsGarbageAndCorruptFramesAndTinyWrites(t *testing.T) {
	c, dev := rawDevice(t, ClientOptions{})
	go func() {
		dec := NewDecoder(dev, 0)
		f, err := dec.Next()
		if err != nil {
			return
		}
		bad, _ := Marshal(nil, Frame{Type: TypeResponse, ID: f.ID, Payload: marshalJSON(&api.Response{Status: 500})}, DefaultMaxPayload)
		bad[len(bad)-1] ^= 0xFF
		good, _ := Marshal(nil, Frame{Type: TypeResponse, ID: f.ID, Payload: marshalJSON(&api.Response{Status: 204})}, DefaultMaxPayload)
		stream := append(append([]byte("line noise \xfe\x00"), bad...), good...)
		for _, b := range stream { // one byte a write, as a slow UART delivers
			if _, err := dev.Write([]byte{b}); err != nil {
				return
			}
		}
	}()
	resp, err := c.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("GET", "/heart/v1/card", nil))
	require.NoError(t, err)
	assert.Equal(t, 204, resp.Status)
	s := c.Stats()
	assert.EqualValues(t, 1, s.DroppedCRC)
	assert.EqualValues(t, 1, s.FramesOK)
	assert.Positive(t, s.BytesSkipped)
}

func TestServe_AnswersBusyBeyondItsInFlightBound(t *testing.T) {
	release := make(chan struct{})
	var entered atomic.Int32
	h := api.HandlerFunc(func(ctx context.Context, req *api.Request) *api.Response {
		entered.Add(1)
		<-release
		return api.JSON(200, map[string]string{})
	})
	c, _ := pair(t, h, nil, ClientOptions{}, ServerOptions{MaxInFlight: 2})
	defer close(release)
	for i := 0; i < 2; i++ {
		go func() { _, _ = c.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("GET", "/heart/v1/card", nil)) }()
	}
	require.Eventually(t, func() bool { return entered.Load() == 2 }, 5*time.Second, time.Millisecond)
	resp, err := c.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("GET", "/heart/v1/card", nil))
	require.NoError(t, err)
	require.Equal(t, 503, resp.Status)
	p, ok := api.ParseProblem(resp)
	require.True(t, ok)
	assert.Equal(t, api.CodeUnavailable, p.Code)
}

func TestServe_AnswersTimeoutWhenTheHandlerOverruns(t *testing.T) {
	h := api.HandlerFunc(func(ctx context.Context, req *api.Request) *api.Response {
		time.Sleep(300 * time.Millisecond) // ignores ctx on purpose
		return api.JSON(200, map[string]string{})
	})
	c, _ := pair(t, h, nil, ClientOptions{}, ServerOptions{Timeout: 30 * time.Millisecond})
	resp, err := c.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("GET", "/heart/v1/card", nil))
	require.NoError(t, err)
	require.Equal(t, 504, resp.Status)
	p, _ := api.ParseProblem(resp)
	assert.Equal(t, api.CodeTimeout, p.Code)
}

func TestServe_CancelsTheHandlerWhenTheCallerGivesUp(t *testing.T) {
	cancelled := make(chan struct{})
	h := api.HandlerFunc(func(ctx context.Context, req *api.Request) *api.Response {
		<-ctx.Done()
		close(cancelled)
		return api.JSON(200, map[string]string{})
	})
	c, _ := pair(t, h, nil, ClientOptions{}, ServerOptions{Timeout: time.Minute})
	_, err := c.RoundTrip(ctxTimeout(t, 50*time.Millisecond), api.NewRequest("GET", "/heart/v1/card", nil))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the handler was not cancelled")
	}
}

func TestServe_AnswersAnUnreadableRequestFrameWith400(t *testing.T) {
	c, _ := pair(t, echo, nil, ClientOptions{}, ServerOptions{})
	f, _, err := c.call(ctxTimeout(t, 5*time.Second), TypeRequest, []byte(`{"not":"a request"}`), nil)
	require.NoError(t, err)
	var resp api.Response
	require.NoError(t, json.Unmarshal(f.Payload, &resp))
	assert.Equal(t, 400, resp.Status)
}

func TestPing_IsAnsweredByTheServer(t *testing.T) {
	c, _ := pair(t, echo, nil, ClientOptions{}, ServerOptions{})
	require.NoError(t, c.Ping(ctxTimeout(t, 5*time.Second)))
}

func TestFrames_OverTheBoundAreRefusedOnBothSides(t *testing.T) {
	big := api.HandlerFunc(func(ctx context.Context, req *api.Request) *api.Response {
		return &api.Response{Status: 200, Body: make([]byte, 4096)}
	})
	c, _ := pair(t, big, nil, ClientOptions{MaxPayload: 2048}, ServerOptions{MaxPayload: 2048})
	t.Run("a request too large is an error before sending", func(t *testing.T) {
		_, err := c.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("POST", "/x", make([]byte, 4096)))
		require.ErrorIs(t, err, ErrTooLarge)
	})
	t.Run("an answer too large becomes 413 too-large", func(t *testing.T) {
		resp, err := c.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("GET", "/x", nil))
		require.NoError(t, err)
		require.Equal(t, 413, resp.Status)
		p, _ := api.ParseProblem(resp)
		assert.Equal(t, api.CodeTooLarge, p.Code)
	})
}
