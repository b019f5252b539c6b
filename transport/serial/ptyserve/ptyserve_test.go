package ptyserve

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/transport/serial"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var echo = api.HandlerFunc(func(ctx context.Context, req *api.Request) *api.Response {
	if req.Path == serial.EventsPath {
		return &api.Response{Status: 200, Header: api.Header{"content-type": serial.ContentTypeEventStream}}
	}
	return api.JSON(200, req)
})

type oneEvent struct{}

func (oneEvent) Subscribe(ctx context.Context) (<-chan api.Event, error) {
	ch := make(chan api.Event, 1)
	ch <- api.Event{Type: "alert", Data: []byte(`{"code":"x"}`)}
	go func() { <-ctx.Done(); close(ch) }()
	return ch, nil
}

func ctxTimeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func TestPty_RoundTripsEveryByteValueThroughARawTerminal(t *testing.T) {
	srv, err := Start(context.Background(), echo, oneEvent{}, serial.ServerOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, srv.Close()) })
	require.True(t, strings.HasPrefix(srv.Path, "/dev/"), srv.Path)

	c, err := Dial(srv.Path, serial.ClientOptions{Token: "t"})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })

	// 300 requests give ids whose low byte takes every value (0x03 ^C, 0x0D
	// CR, 0x11/0x13 XON/XOFF, 0x7F DEL): a cooked tty would mangle some.
	var wg sync.WaitGroup
	errs := make(chan string, 300)
	for i := 0; i < 300; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := []byte{byte(i), '\r', '\n', 0x03, 0x11, 0x13, 0x7F}
			resp, err := c.RoundTrip(ctxTimeout(t, 10*time.Second), api.NewRequest("POST", "/heart/v1/x", body))
			if err != nil {
				errs <- err.Error()
				return
			}
			var got api.Request
			if err := api.DecodeStrict(resp.Body, &got); err != nil || string(got.Body) != string(body) {
				errs <- fmt.Sprintf("body changed on the way: %v %q %d", err, got.Body, resp.Status)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	s := c.Stats()
	assert.Zero(t, s.DroppedCRC+s.DroppedSize+s.DroppedTruncated+s.BytesSkipped)

	ch, err := c.Subscribe(ctxTimeout(t, 10*time.Second))
	require.NoError(t, err)
	select {
	case ev := <-ch:
		assert.Equal(t, "alert", ev.Type)
	case <-time.After(5 * time.Second):
		t.Fatal("no event over the pty")
	}
}

func TestPty_ServerOutlivesAClientAndServesTheNext(t *testing.T) {
	srv, err := Start(context.Background(), echo, nil, serial.ServerOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, srv.Close()) })
	for i := 0; i < 2; i++ {
		c, err := Dial(srv.Path, serial.ClientOptions{})
		require.NoError(t, err)
		require.NoError(t, c.Ping(ctxTimeout(t, 5*time.Second)))
		require.NoError(t, c.Close())
	}
}

func TestStdio_ServesOverAPairOfPipes(t *testing.T) {
	inR, inW, err := os.Pipe()
	require.NoError(t, err)
	outR, outW, err := os.Pipe()
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeFiles(ctx, inR, outW, echo, nil, serial.ServerOptions{}) }()

	c := serial.NewClient(pipeRWC{r: outR, w: inW}, serial.ClientOptions{})
	resp, err := c.RoundTrip(ctxTimeout(t, 5*time.Second), api.NewRequest("GET", "/heart/v1/card", nil))
	require.NoError(t, err)
	assert.Equal(t, 200, resp.Status)
	require.NoError(t, c.Close())
	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("ServeFiles did not return")
	}
}

type pipeRWC struct{ r, w *os.File }

func (p pipeRWC) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p pipeRWC) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipeRWC) Close() error {
	_ = p.w.Close()
	return p.r.Close()
}

// flood publishes events until stopped, as a busy device does.
type flood struct{}

func (flood) Subscribe(ctx context.Context) (<-chan api.Event, error) {
	ch := make(chan api.Event)
	go func() {
		defer close(ch)
		for {
			select {
			case ch <- api.Event{Type: "property", Data: []byte(`{"name":"pump.flow","value":40.1}`)}:
			case <-ctx.Done():
				return
			}
			time.Sleep(100 * time.Microsecond)
		}
	}()
	return ch, nil
}

func TestPty_AClientThatLeftWithoutCancelFreesItsStream(t *testing.T) {
	srv, err := Start(context.Background(), echo, flood{}, serial.ServerOptions{MaxStreams: 1, WriteTimeout: 100 * time.Millisecond})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, srv.Close()) })

	// A client subscribes, then stops reading and goes away silently.
	f, err := Open(srv.Path)
	require.NoError(t, err)
	req, _ := serial.Marshal(nil, serial.Frame{Type: serial.TypeRequest, ID: 1, Payload: []byte(`{"method":"GET","path":"/heart/v1/events"}`)}, serial.DefaultMaxPayload)
	_, err = f.Write(req)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	// Nobody reads: the pty fills up, a write times out, the stream ends.
	time.Sleep(500 * time.Millisecond)

	// A new client gets the one stream slot, and fresh events rather than a
	// backlog of old frames.
	c, err := Dial(srv.Path, serial.ClientOptions{Timeout: 2 * time.Second})
	require.NoError(t, err)
	defer c.Close()
	ch, err := c.Subscribe(ctxTimeout(t, 5*time.Second))
	require.NoError(t, err)
	select {
	case _, ok := <-ch:
		require.True(t, ok)
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
	}
}
