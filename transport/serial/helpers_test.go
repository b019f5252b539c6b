package serial

import (
	"context"
	"io"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/require"
)

// fanout is a small api.EventSource for tests.
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
		if _, ok := f.subs[ch]; ok {
			delete(f.subs, ch)
			close(ch)
		}
		f.mu.Unlock()
	}()
	return ch, nil
}

// closeAll ends every subscription from the source's side.
func (f *fanout) closeAll() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for ch := range f.subs {
		delete(f.subs, ch)
		close(ch)
	}
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

// echo answers every request with what it received; /heart/v1/events
// streams for the bearer "t", as the simulator does for a valid token.
var echo = api.HandlerFunc(func(ctx context.Context, req *api.Request) *api.Response {
	if req.Path == EventsPath {
		if req.Bearer() != "t" {
			return api.NewProblem(401, api.CodeUnauthorized, "No valid token.").Response()
		}
		return &api.Response{Status: 200, Header: api.Header{"content-type": ContentTypeEventStream}}
	}
	if d, err := time.ParseDuration(req.Query.Get("sleep")); err == nil {
		select {
		case <-time.After(d):
		case <-ctx.Done():
		}
	}
	return api.JSON(200, req)
})

// pair serves h on one end of an in-memory pipe and returns a client on the
// other; both stop at the end of the test.
func pair(t *testing.T, h api.Handler, ev api.EventSource, copts ClientOptions, sopts ServerOptions) (*Client, <-chan error) {
	t.Helper()
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	done := make(chan struct{})
	go func() { errc <- ServeWith(ctx, b, h, ev, sopts); close(done) }()
	c := NewClient(a, copts)
	t.Cleanup(func() {
		_ = c.Close()
		cancel()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("Serve did not return")
		}
	})
	return c, errc
}

// rawDevice gives a test the device's end of a pipe as bytes, with a
// client on the other end.
func rawDevice(t *testing.T, opts ClientOptions) (*Client, io.ReadWriteCloser) {
	t.Helper()
	a, b := net.Pipe()
	c := NewClient(a, opts)
	t.Cleanup(func() { _ = c.Close(); _ = b.Close() })
	return c, b
}

func itoa(i int) string { return strconv.Itoa(i) }

func ctxTimeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func decodeReq(t *testing.T, resp *api.Response) api.Request {
	t.Helper()
	var got api.Request
	require.NoError(t, api.DecodeStrict(resp.Body, &got))
	return got
}
