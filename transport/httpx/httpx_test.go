package httpx

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// echo answers with the request it received; /heart/v1/events streams for
// the bearer "t"; /slow waits for ctx.
var echo = api.HandlerFunc(func(ctx context.Context, req *api.Request) *api.Response {
	switch req.Path {
	case EventsPath:
		if req.Bearer() != "t" {
			return api.NewProblem(401, api.CodeUnauthorized, "No valid token.").Response()
		}
		return &api.Response{Status: 200, Header: api.Header{"content-type": ContentTypeEventStream}}
	case "/slow":
		<-ctx.Done()
		return api.NewProblem(504, api.CodeTimeout, ctx.Err().Error()).Response()
	}
	return api.JSON(200, req)
})

type fanout struct {
	mu   sync.Mutex
	subs map[chan api.Event]struct{}
}

func (f *fanout) Subscribe(ctx context.Context) (<-chan api.Event, error) {
	ch := make(chan api.Event, 16)
	f.mu.Lock()
	if f.subs == nil {
		f.subs = map[chan api.Event]struct{}{}
	}
	f.subs[ch] = struct{}{}
	f.mu.Unlock()
	go func() {
		<-ctx.Done()
		f.mu.Lock()
		delete(f.subs, ch)
		f.mu.Unlock()
	}()
	return ch, nil
}

func (f *fanout) publish(ev api.Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for ch := range f.subs {
		ch <- ev
	}
}

func (f *fanout) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.subs)
}

func serve(t *testing.T, h api.Handler, opts Options) *Transport {
	t.Helper()
	srv := httptest.NewServer(Handler(h, opts))
	t.Cleanup(srv.Close)
	require.True(t, strings.HasPrefix(srv.URL, "http://127.0.0.1:"), srv.URL)
	return &Transport{BaseURL: srv.URL, Client: srv.Client()}
}

func ctxTimeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func TestRoundTrip_CarriesMethodPathQueryHeadersAndBody(t *testing.T) {
	tr := serve(t, echo, Options{})
	cases := []struct {
		name string
		req  *api.Request
	}{
		{"get with query", api.NewRequest("GET", "/heart/v1/logs?limit=5&level=warn", nil)},
		{"post with body", api.NewRequest("POST", "/heart/v1/tending/stop", []byte(`{"reason":"x"}`))},
		{"escaped path", api.NewRequest("GET", "/heart/v1/properties/pump.flow", nil)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.req.Header.Set("Authorization", "Bearer demo-owner")
			c.req.Header.Set("Heart-Initiator", "ai")
			resp, err := tr.RoundTrip(ctxTimeout(t, 5*time.Second), c.req)
			require.NoError(t, err)
			require.Equal(t, 200, resp.Status)
			assert.Equal(t, api.ContentTypeJSON, resp.Header.Get("Content-Type"))
			var got api.Request
			require.NoError(t, api.DecodeStrict(resp.Body, &got))
			assert.Equal(t, c.req.Method, got.Method)
			assert.Equal(t, c.req.Path, got.Path)
			assert.Equal(t, c.req.Query, got.Query)
			assert.Equal(t, c.req.Body, got.Body)
			assert.Equal(t, "Bearer demo-owner", got.Header["authorization"], "header names arrive lower-cased")
			assert.Equal(t, "ai", got.Header["heart-initiator"])
		})
	}
}

func TestHandler_RefusesABodyOverTheBoundWith413(t *testing.T) {
	tr := serve(t, echo, Options{MaxBody: 16})
	cases := []struct {
		name string
		body string
		want int
	}{
		{"at the bound", strings.Repeat("a", 16), 200},
		{"over the bound", strings.Repeat("a", 17), 413},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, err := tr.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("POST", "/x", []byte(c.body)))
			require.NoError(t, err)
			require.Equal(t, c.want, resp.Status)
			if c.want == 413 {
				p, ok := api.ParseProblem(resp)
				require.True(t, ok)
				assert.Equal(t, api.CodeTooLarge, p.Code)
				assert.Equal(t, api.ContentTypeProblem, resp.Header.Get("content-type"))
			}
		})
	}
}

func TestHandler_RefusesAChunkedBodyOverTheBound(t *testing.T) {
	srv := httptest.NewServer(Handler(echo, Options{MaxBody: 16}))
	t.Cleanup(srv.Close)
	// No Content-Length: the bound must hold while reading.
	resp, err := srv.Client().Post(srv.URL+"/x", "application/json", struct{ *strings.Reader }{strings.NewReader(strings.Repeat("a", 100))})
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, 413, resp.StatusCode)
}

func TestHandler_GivesTheHandlerATimeout(t *testing.T) {
	tr := serve(t, echo, Options{Timeout: 30 * time.Millisecond})
	resp, err := tr.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("GET", "/slow", nil))
	require.NoError(t, err)
	assert.Equal(t, 504, resp.Status)
}

func TestRoundTrip_TimesOutOnADeviceThatNeverAnswers(t *testing.T) {
	stuck := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-stuck:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(stuck) })
	cases := []struct {
		name string
		tr   *Transport
		ctx  context.Context
	}{
		{"ctx deadline", &Transport{BaseURL: srv.URL}, ctxTimeout(t, 50*time.Millisecond)},
		{"default timeout without a deadline", &Transport{BaseURL: srv.URL, Timeout: 50 * time.Millisecond}, context.Background()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := c.tr.RoundTrip(c.ctx, api.NewRequest("GET", "/heart/v1/card", nil))
			require.ErrorIs(t, err, context.DeadlineExceeded)
			assert.Less(t, time.Since(start), 2*time.Second)
		})
	}
}

func TestRoundTrip_AnUnreachableDeviceIsAnErrorNotAResponse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	tr := &Transport{BaseURL: "http://" + addr}
	resp, err := tr.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("GET", "/heart/v1/card", nil))
	require.Error(t, err)
	assert.Nil(t, resp)
}

func TestSSE_StreamsEventsBothWays(t *testing.T) {
	src := &fanout{}
	tr := serve(t, echo, Options{Events: src, KeepAlive: 10 * time.Millisecond})
	tr.Token = "t"
	tr.IdleTimeout = time.Second
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := tr.Subscribe(ctx)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return src.count() == 1 }, 5*time.Second, time.Millisecond)
	time.Sleep(50 * time.Millisecond) // several keep-alives pass: they are not events
	want := []api.Event{
		{Type: "alert", Data: []byte(`{"id":"a1","severity":"major"}`)},
		{Type: "property", Data: []byte("{\n\"name\": \"pump.flow\"\n}")},
	}
	for _, ev := range want {
		src.publish(ev)
	}
	for _, w := range want {
		select {
		case got := <-ch:
			assert.Equal(t, w, got)
		case <-time.After(5 * time.Second):
			t.Fatal("no event")
		}
	}
	cancel()
	for range ch {
	}
	require.Eventually(t, func() bool { return src.count() == 0 }, 5*time.Second, time.Millisecond, "the server unsubscribes when the client goes")
}

func TestSSE_RefusedWithoutAValidToken(t *testing.T) {
	tr := serve(t, echo, Options{Events: &fanout{}})
	tr.Token = "wrong"
	_, err := tr.Subscribe(ctxTimeout(t, 5*time.Second))
	require.ErrorIs(t, err, errRefused)
	var p *api.Problem
	require.True(t, errors.As(err, &p))
	assert.Equal(t, api.CodeUnauthorized, p.Code)
}

func TestSSE_ASilentStreamIsDroppedAfterTheIdleTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ContentTypeEventStream)
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	tr := &Transport{BaseURL: srv.URL, IdleTimeout: 50 * time.Millisecond}
	ch, err := tr.Subscribe(ctxTimeout(t, 5*time.Second))
	require.NoError(t, err)
	select {
	case _, ok := <-ch:
		assert.False(t, ok)
	case <-time.After(5 * time.Second):
		t.Fatal("silent stream kept open")
	}
}

func TestHandler_ASlowBodyMeetsTheReadDeadline(t *testing.T) {
	srv := httptest.NewServer(Handler(echo, Options{ReadTimeout: 50 * time.Millisecond}))
	t.Cleanup(srv.Close)
	conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	// Promise 10 bytes, send 2, then nothing.
	_, err = conn.Write([]byte("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab"))
	require.NoError(t, err)
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(5*time.Second)))
	buf := make([]byte, 512)
	n, err := conn.Read(buf)
	require.NoError(t, err, "the server answers instead of waiting for the rest")
	assert.Contains(t, string(buf[:n]), "400")
}

func TestSSE_EitherSignalFromTheHandlerOpensAStream(t *testing.T) {
	cases := []struct {
		name   string
		header api.Header
	}{
		{"content-type text/event-stream", api.Header{"content-type": ContentTypeEventStream}},
		{"the simulator's Heart-Stream header", api.Header{"content-type": api.ContentTypeJSON, "heart-stream": "events"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := &fanout{}
			h := api.HandlerFunc(func(ctx context.Context, req *api.Request) *api.Response {
				return &api.Response{Status: 200, Header: c.header.Clone(), Body: []byte(`{"stream":"text/event-stream"}`)}
			})
			tr := serve(t, h, Options{Events: src})
			ch, err := tr.Subscribe(ctxTimeout(t, 5*time.Second))
			require.NoError(t, err)
			require.Eventually(t, func() bool { return src.count() == 1 }, 5*time.Second, time.Millisecond)
			src.publish(api.Event{Type: "rhythm", Data: []byte(`{}`)})
			select {
			case ev := <-ch:
				assert.Equal(t, "rhythm", ev.Type)
			case <-time.After(5 * time.Second):
				t.Fatal("no event")
			}
		})
	}
}

func TestSSE_StreamsBeyondTheBoundGet503(t *testing.T) {
	src := &fanout{}
	tr := serve(t, echo, Options{Events: src, MaxStreams: 1})
	tr.Token = "t"
	_, err := tr.Subscribe(ctxTimeout(t, 5*time.Second))
	require.NoError(t, err)
	require.Eventually(t, func() bool { return src.count() == 1 }, 5*time.Second, time.Millisecond)
	_, err = tr.Subscribe(ctxTimeout(t, 5*time.Second))
	var p *api.Problem
	require.ErrorAs(t, err, &p)
	assert.Equal(t, api.CodeUnavailable, p.Code)
}
