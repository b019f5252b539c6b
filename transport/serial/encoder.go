package serial

import (
	"io"
	"sync"
)

// Encoder writes frames to a stream. Each frame goes out in one Write call
// under a lock, so frames from several goroutines never interleave.
type Encoder struct {
	mu         sync.Mutex
	w          io.Writer
	maxPayload int
	buf        []byte
}

// NewEncoder writes to w; maxPayload <= 0 means DefaultMaxPayload.
func NewEncoder(w io.Writer, maxPayload int) *Encoder {
	if maxPayload <= 0 {
		maxPayload = DefaultMaxPayload
	}
	return &Encoder{w: w, maxPayload: maxPayload}
}

// Encode writes one frame.
func (e *Encoder) Encode(f Frame) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	b, err := Marshal(e.buf[:0], f, e.maxPayload)
	if err != nil {
		return err
	}
	e.buf = b
	if cap(e.buf) > 4<<10 {
		// Do not keep a large frame's buffer alive between frames.
		defer func() { e.buf = nil }()
	}
	_, err = e.w.Write(b)
	return err
}
