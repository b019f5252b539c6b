package serial

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// ClientOptions configure a Client; zero values take the defaults.
type ClientOptions struct {
	MaxPayload    int           // frame payload bound; default DefaultMaxPayload
	MaxInFlight   int           // calls waiting for an answer at once; default 8 (the server takes 16)
	Timeout       time.Duration // per call when ctx has no deadline; default 10 s
	Token         string        // bearer token Subscribe sends; empty sends none
	EventBuffer   int           // events queued per subscriber; default 64
	MaxSubscribed int           // subscriptions at once; default 8
}

func (o ClientOptions) withDefaults() ClientOptions {
	if o.MaxPayload <= 0 {
		o.MaxPayload = DefaultMaxPayload
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = 8
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	if o.EventBuffer <= 0 {
		o.EventBuffer = 64
	}
	if o.MaxSubscribed <= 0 {
		o.MaxSubscribed = 8
	}
	return o
}

// Client is the caller's end of a serial link. It implements api.Transport
// and api.EventSource. A reader goroutine matches response frames to calls
// by request id, so several calls can be in flight; Close stops it.
type Client struct {
	opts ClientOptions
	rwc  io.ReadWriteCloser
	dec  *Decoder
	w    *writer
	sem  chan struct{}

	nextID        atomic.Uint32
	eventsDropped atomic.Uint64

	mu      sync.Mutex
	pending map[uint32]chan Frame
	subs    map[uint32]*subscription
	subSem  chan struct{}

	done      chan struct{}
	closeOnce sync.Once
	err       error
}

var (
	_ api.Transport   = (*Client)(nil)
	_ api.EventSource = (*Client)(nil)
)

// NewClient starts a client on rwc. The client owns rwc: Close closes it.
func NewClient(rwc io.ReadWriteCloser, opts ClientOptions) *Client {
	opts = opts.withDefaults()
	c := &Client{
		opts: opts, rwc: rwc, dec: NewDecoder(rwc, opts.MaxPayload),
		sem:     make(chan struct{}, opts.MaxInFlight),
		pending: map[uint32]chan Frame{}, subs: map[uint32]*subscription{},
		subSem: make(chan struct{}, opts.MaxSubscribed),
		done:   make(chan struct{}),
	}
	// Ids start at a random point: on a link that outlives its clients (a
	// serial port), a stale answer left for an earlier client is unlikely
	// to carry an id this client is waiting for.
	c.nextID.Store(rand.Uint32())
	c.w = newWriter(rwc, opts.MaxPayload, opts.MaxInFlight+opts.MaxSubscribed+8, opts.Timeout, nil, c.done, c.fail)
	go c.read()
	return c
}

// ClientStats are the decoder's counters plus events a slow subscriber lost.
type ClientStats struct {
	Stats
	EventsDropped uint64
}

// Stats returns the link's counters.
func (c *Client) Stats() ClientStats {
	return ClientStats{Stats: c.dec.Stats(), EventsDropped: c.eventsDropped.Load()}
}

// Close stops the reader and closes the link. Calls waiting get ErrClosed.
func (c *Client) Close() error {
	c.fail(ErrClosed)
	return nil
}

// Done is closed when the link has stopped; Err then says why.
func (c *Client) Done() <-chan struct{} { return c.done }

// Err is why the link stopped (ErrClosed after Close), or nil while it runs.
func (c *Client) Err() error {
	select {
	case <-c.done:
		return c.err
	default:
		return nil
	}
}

func (c *Client) fail(err error) {
	c.closeOnce.Do(func() {
		c.err = err
		close(c.done)
		_ = c.rwc.Close()
	})
}

func (c *Client) read() {
	for {
		f, err := c.dec.Next()
		if err != nil {
			c.fail(fmt.Errorf("serial: link lost: %w", err))
			return
		}
		switch f.Type {
		case TypeResponse, TypePong:
			c.mu.Lock()
			ch := c.pending[f.ID]
			delete(c.pending, f.ID)
			c.mu.Unlock()
			if ch != nil {
				ch <- f // buffered 1, and the id was just removed: never blocks
			}
		case TypeEvent:
			var ev api.Event
			if json.Unmarshal(f.Payload, &ev) != nil {
				continue
			}
			c.mu.Lock()
			if sub := c.subs[f.ID]; sub != nil {
				select {
				case sub.ch <- ev:
				default:
					c.eventsDropped.Add(1)
				}
			}
			c.mu.Unlock()
		case TypeCancel:
			// The device ended a subscription (its event source closed).
			c.mu.Lock()
			if sub := c.subs[f.ID]; sub != nil {
				c.endLocked(f.ID, sub)
			}
			c.mu.Unlock()
		case TypePing:
			c.w.trySend(Frame{Type: TypePong, ID: f.ID, Payload: []byte{}})
		}
	}
}

func (c *Client) newID() uint32 {
	for {
		if id := c.nextID.Add(1); id != 0 { // 0 is never a request id
			return id
		}
	}
}

func (c *Client) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, c.opts.Timeout)
}

// call sends one frame and waits for the frame answering its id.
func (c *Client) call(ctx context.Context, typ Type, payload []byte, register func(id uint32)) (Frame, uint32, error) {
	select {
	case c.sem <- struct{}{}:
		defer func() { <-c.sem }()
	case <-ctx.Done():
		return Frame{}, 0, fmt.Errorf("serial: too many calls in flight: %w", ctx.Err())
	case <-c.done:
		return Frame{}, 0, c.err
	}
	id := c.newID()
	ch := make(chan Frame, 1)
	c.mu.Lock()
	c.pending[id] = ch
	if register != nil {
		register(id)
	}
	c.mu.Unlock()
	forget := func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}
	if err := c.w.send(ctx, Frame{Type: typ, ID: id, Payload: payload}); err != nil {
		forget()
		return Frame{}, id, fmt.Errorf("serial: send: %w", err)
	}
	select {
	case f := <-ch:
		return f, id, nil
	case <-ctx.Done():
		forget()
		// Tell the device to stop working on it; best effort.
		c.w.trySend(Frame{Type: TypeCancel, ID: id, Payload: []byte{}})
		return Frame{}, id, fmt.Errorf("serial: no answer: %w", ctx.Err())
	case <-c.done:
		return Frame{}, id, c.err
	}
}

// RoundTrip sends req and waits for its response. An error means the device
// did not answer (link down, timeout), never that it answered an error.
func (c *Client) RoundTrip(ctx context.Context, req *api.Request) (*api.Response, error) {
	ctx, cancel := c.withTimeout(ctx)
	defer cancel()
	f, _, err := c.call(ctx, TypeRequest, marshalJSON(req), nil)
	if err != nil {
		return nil, err
	}
	var resp api.Response
	if err := json.Unmarshal(f.Payload, &resp); err != nil {
		return nil, fmt.Errorf("serial: unreadable response: %w", err)
	}
	if resp.Header == nil {
		resp.Header = api.Header{}
	}
	return &resp, nil
}

// Ping checks the link end to end.
func (c *Client) Ping(ctx context.Context) error {
	ctx, cancel := c.withTimeout(ctx)
	defer cancel()
	_, _, err := c.call(ctx, TypePing, []byte{}, nil)
	return err
}
