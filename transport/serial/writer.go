package serial

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"time"
)

// ErrClosed is returned once a link has been closed or has failed.
var ErrClosed = errors.New("serial: link closed")

// writer owns the write side of a link: one goroutine writes queued frames,
// so a stuck port fills a bounded queue and callers give up by their ctx
// instead of blocking inside Write.
type writer struct {
	enc       *Encoder
	out       io.Writer
	timeout   time.Duration // per frame, where the stream supports deadlines
	onTimeout func()        // called after a frame timed out
	timedOut  atomic.Uint64
	q         chan Frame
	stop      <-chan struct{}
	failed    func(error)
	dropped   atomic.Uint64 // frames refused by trySend because the queue was full
}

func newWriter(w io.Writer, maxPayload, queue int, timeout time.Duration, onTimeout func(), stop <-chan struct{}, failed func(error)) *writer {
	wr := &writer{enc: NewEncoder(w, maxPayload), out: w, timeout: timeout, onTimeout: onTimeout, q: make(chan Frame, queue), stop: stop, failed: failed}
	go wr.run()
	return wr
}

// deadliner is a stream whose writes can time out (os.File on a pty or
// pipe, net.Conn).
type deadliner interface{ SetWriteDeadline(time.Time) error }

func (w *writer) run() {
	dl, _ := w.out.(deadliner)
	for {
		select {
		case <-w.stop:
			return
		case f := <-w.q:
			if dl != nil && w.timeout > 0 {
				_ = dl.SetWriteDeadline(time.Now().Add(w.timeout))
			}
			err := w.enc.Encode(f)
			switch {
			case err == nil:
			case isTimeout(err):
				// Nobody is reading (a serial port whose client went away).
				// The frame is lost, perhaps half written: the reader's
				// decoder resynchronises. The link itself stays up.
				w.timedOut.Add(1)
				if w.onTimeout != nil {
					w.onTimeout()
				}
			default:
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

// isTimeout recognises a write deadline (os.ErrDeadlineExceeded and net
// timeouts) without importing os, which this package keeps out.
func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}
