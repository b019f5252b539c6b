package serial

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
)

// ErrClosed is returned once a link has been closed or has failed.
var ErrClosed = errors.New("serial: link closed")

// writer owns the write side of a link: one goroutine writes queued frames,
// so a stuck port fills a bounded queue and callers give up by their ctx
// instead of blocking inside Write.
type writer struct {
	enc     *Encoder
	q       chan Frame
	stop    <-chan struct{}
	failed  func(error)
	dropped atomic.Uint64 // frames refused by trySend because the queue was full
}

func newWriter(w io.Writer, maxPayload, queue int, stop <-chan struct{}, failed func(error)) *writer {
	wr := &writer{enc: NewEncoder(w, maxPayload), q: make(chan Frame, queue), stop: stop, failed: failed}
	go wr.run()
	return wr
}

func (w *writer) run() {
	for {
		select {
		case <-w.stop:
			return
		case f := <-w.q:
			if err := w.enc.Encode(f); err != nil {
				w.failed(err)
				return
			}
		}
	}
}

// send queues f, waiting for room until ctx ends or the link stops.
func (w *writer) send(ctx context.Context, f Frame) error {
	if err := w.check(f); err != nil {
		return err
	}
	select {
	case w.q <- f:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-w.stop:
		return ErrClosed
	}
}

// trySend queues f only if there is room now (events, pongs, cancels: a
// slow link loses them rather than holding up the caller).
func (w *writer) trySend(f Frame) bool {
	if w.check(f) != nil {
		return false
	}
	select {
	case w.q <- f:
		return true
	default:
		w.dropped.Add(1)
		return false
	}
}

// check refuses, before queueing, a frame the encoder would refuse, so the
// error reaches the caller rather than killing the link.
func (w *writer) check(f Frame) error {
	if !f.Type.known() {
		return ErrBadType
	}
	if len(f.Payload) > w.enc.maxPayload {
		return ErrTooLarge
	}
	for _, b := range f.Payload {
		if b == Magic[0] {
			return ErrMagicInBody
		}
	}
	return nil
}
