package serial

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// ServerOptions configure Serve; zero values take the defaults.
type ServerOptions struct {
	MaxPayload  int           // frame payload bound; default DefaultMaxPayload
	MaxInFlight int           // requests handled at once; more get 503; default 16
	Timeout     time.Duration // per request; default 30 s
	MaxStreams  int           // event subscriptions at once; default 4
	QueueSize   int           // frames waiting to be written; default 64
	// WriteTimeout bounds writing one frame where the stream has deadlines
	// (a pty, a pipe, a socket); default 10 s. A frame that times out is
	// lost and every event stream on the link ends: its reader is gone.
	WriteTimeout time.Duration
}

func (o ServerOptions) withDefaults() ServerOptions {
	if o.MaxPayload <= 0 {
		o.MaxPayload = DefaultMaxPayload
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = 16
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.MaxStreams <= 0 {
		o.MaxStreams = 4
	}
	if o.QueueSize <= 0 {
		o.QueueSize = 64
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = 10 * time.Second
	}
	return o
}

// Serve answers request frames on rwc with h until ctx ends or the link
// drops, and forwards events from events to each subscriber (nil: none).
// It closes rwc when it returns, and returns nil after ctx ended or the
// other side closed the stream.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, h api.Handler, events api.EventSource) error {
	return ServeWith(ctx, rwc, h, events, ServerOptions{})
}

type server struct {
	opts    ServerOptions
	h       api.Handler
	events  api.EventSource
	w       *writer
	sem     chan struct{}
	streams atomic.Int32
	wg      sync.WaitGroup

	mu      sync.Mutex
	active  map[uint32]context.CancelFunc
	streamC map[uint32]context.CancelFunc
}

// ServeWith is Serve with options.
func ServeWith(ctx context.Context, rwc io.ReadWriteCloser, h api.Handler, events api.EventSource, opts ServerOptions) error {
	opts = opts.withDefaults()
	ctx, cancel := context.WithCancel(ctx)
	var failOnce sync.Once
	var writeErr error
	stop := make(chan struct{})
	fail := func(err error) {
		failOnce.Do(func() { writeErr = err; close(stop); cancel() })
	}
	s := &server{opts: opts, h: h, events: events, sem: make(chan struct{}, opts.MaxInFlight), active: map[uint32]context.CancelFunc{}, streamC: map[uint32]context.CancelFunc{}}
	s.w = newWriter(rwc, opts.MaxPayload, opts.QueueSize, opts.WriteTimeout, s.endStreams, stop, fail)
	go func() {
		// Closing is the only way to stop a blocked Read.
		<-ctx.Done()
		_ = rwc.Close()
	}()
	dec := NewDecoder(rwc, opts.MaxPayload)
	var err error
	for {
		var f Frame
		f, err = dec.Next()
		if err != nil {
			break
		}
		s.dispatch(ctx, f)
	}
	fail(nil)
	s.wg.Wait()
	switch {
	case writeErr != nil:
		return writeErr
	case ctx.Err() != nil, errors.Is(err, io.EOF):
		return nil
	}
	return err
}

func (s *server) dispatch(ctx context.Context, f Frame) {
	switch f.Type {
	case TypePing:
		s.w.trySend(Frame{Type: TypePong, ID: f.ID, Payload: []byte{}})
	case TypeCancel:
		s.mu.Lock()
		if cancel := s.active[f.ID]; cancel != nil {
			cancel()
		}
		s.mu.Unlock()
	case TypeRequest:
		select {
		case s.sem <- struct{}{}:
		default:
			s.reply(ctx, f.ID, api.NewProblem(503, api.CodeUnavailable, "The device is busy with other requests; try again.").Response())
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.handle(ctx, f)
		}()
	}
}

func (s *server) reply(ctx context.Context, id uint32, resp *api.Response) {
	ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	defer cancel()
	payload := marshalJSON(resp)
	if len(payload) > s.opts.MaxPayload {
		payload = marshalJSON(api.NewProblem(413, api.CodeTooLarge, "The answer is larger than a serial frame can carry.").Response())
	}
	_ = s.w.send(ctx, Frame{Type: TypeResponse, ID: id, Payload: payload})
}

func (s *server) track(id uint32, cancel context.CancelFunc) func() {
	s.mu.Lock()
	s.active[id] = cancel
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		delete(s.active, id)
		s.mu.Unlock()
		cancel()
	}
}

// handle serves one request. The request slot is held until the handler
// returns, even when the answer was a timeout, so the bound is real; an
// event stream does not hold one (streams have their own bound).
func (s *server) handle(ctx context.Context, f Frame) {
	released := false
	release := func() {
		if !released {
			released = true
			<-s.sem
		}
	}
	defer release()
	var req api.Request
	if err := json.Unmarshal(f.Payload, &req); err != nil || req.Method == "" || req.Path == "" {
		s.reply(ctx, f.ID, api.NewProblem(400, api.CodeInvalidRequest, "The request frame does not hold a request.").Response())
		return
	}
	if req.Header == nil {
		req.Header = api.Header{}
	}
	rctx, rcancel := context.WithTimeout(ctx, s.opts.Timeout)
	untrack := s.track(f.ID, rcancel)
	done := make(chan *api.Response, 1)
	go func() { done <- s.h.Serve(rctx, &req) }()
	var resp *api.Response
	select {
	case resp = <-done:
	case <-rctx.Done():
		s.reply(ctx, f.ID, api.NewProblem(504, api.CodeTimeout, "The device did not answer in time.").Response())
		<-done // hold the slot until the handler really stops
		untrack()
		return
	}
	untrack()
	// Free the slot before answering: a client that counts its own calls in
	// flight may send the next one as soon as it has this answer.
	release()
	if resp == nil {
		resp = api.NewProblem(500, api.CodeInternal, "The request could not be completed.").Response()
	}
	if !isEventStream(&req, resp) {
		s.reply(ctx, f.ID, resp)
		return
	}
	s.stream(ctx, f.ID, resp)
}

// stream answers a subscription and forwards events until it is cancelled
// or the link stops. A link too slow for the events loses some.
func (s *server) stream(ctx context.Context, id uint32, resp *api.Response) {
	if s.events == nil {
		s.reply(ctx, id, api.NewProblem(503, api.CodeUnavailable, "This link has no events.").Response())
		return
	}
	if s.streams.Add(1) > int32(s.opts.MaxStreams) {
		s.streams.Add(-1)
		s.reply(ctx, id, api.NewProblem(503, api.CodeUnavailable, "Too many event subscriptions on this link.").Response())
		return
	}
	defer s.streams.Add(-1)
	sctx, cancel := context.WithCancel(ctx)
	defer s.track(id, cancel)()
	s.mu.Lock()
	s.streamC[id] = cancel
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.streamC, id)
		s.mu.Unlock()
	}()
	ch, err := s.events.Subscribe(sctx)
	if err != nil {
		s.reply(ctx, id, api.NewProblem(503, api.CodeUnavailable, "Events are not available now.").Response())
		return
	}
	s.reply(ctx, id, resp)
	// However the stream ends, tell the client so it closes its channel.
	defer s.w.trySend(Frame{Type: TypeCancel, ID: id, Payload: []byte{}})
	for {
		select {
		case <-sctx.Done():
			return
		case ev, ok := <-ch:
			if !ok {
				return
			}
			s.w.trySend(Frame{Type: TypeEvent, ID: id, Payload: marshalJSON(ev)})
		}
	}
}

// endStreams ends every event stream: a write timed out, so whoever
// subscribed is no longer reading (a client that left without a cancel).
func (s *server) endStreams() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, cancel := range s.streamC {
		cancel()
	}
}
