package serial

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io"
	"sync/atomic"
)

// Stats count what a Decoder has seen. Every byte read is either part of a
// delivered frame or counted in BytesSkipped, exactly once.
type Stats struct {
	FramesOK         uint64 // frames delivered
	DroppedCRC       uint64 // header or frame CRC wrong
	DroppedSize      uint64 // declared length over the bound
	DroppedTruncated uint64 // a 0xFE inside the payload: the frame was cut short
	DroppedUnknown   uint64 // unknown version or frame type
	BytesSkipped     uint64 // bytes not part of any delivered frame
}

type counters struct {
	ok, crc, size, trunc, unknown, skipped atomic.Uint64
}

// Decoder reads frames from a stream, resynchronising after garbage: it
// scans for the marker, drops (and counts) any frame that fails a check, and
// carries on at the next marker. It never delivers part of a frame.
type Decoder struct {
	r          io.Reader
	maxPayload int
	buf        []byte // buf[start:] holds bytes read but not yet consumed
	start      int
	c          counters
}

// NewDecoder reads from r; maxPayload <= 0 means DefaultMaxPayload. Its
// buffer grows only as far as one frame of maxPayload needs.
func NewDecoder(r io.Reader, maxPayload int) *Decoder {
	if maxPayload <= 0 {
		maxPayload = DefaultMaxPayload
	}
	return &Decoder{r: r, maxPayload: maxPayload, buf: make([]byte, 0, 4<<10)}
}

// Stats returns the counters; safe to call from any goroutine.
func (d *Decoder) Stats() Stats {
	return Stats{
		FramesOK: d.c.ok.Load(), DroppedCRC: d.c.crc.Load(), DroppedSize: d.c.size.Load(),
		DroppedTruncated: d.c.trunc.Load(), DroppedUnknown: d.c.unknown.Load(), BytesSkipped: d.c.skipped.Load(),
	}
}

// Next returns the next valid frame. At the end of the stream it returns
// io.EOF (any trailing partial frame is counted as skipped); other read
// errors are returned as they are. The payload is a fresh slice.
func (d *Decoder) Next() (Frame, error) {
	for {
		if err := d.seekMagic(); err != nil {
			return Frame{}, err
		}
		if err := d.fill(HeaderSize); err != nil {
			return Frame{}, err
		}
		h := d.buf[d.start : d.start+HeaderSize]
		if crc32.Checksum(h[:12], crcTable) != binary.BigEndian.Uint32(h[12:16]) {
			d.c.crc.Add(1)
			d.skip(1)
			continue
		}
		if h[2] != Version || !Type(h[3]).known() {
			d.c.unknown.Add(1)
			d.skip(1)
			continue
		}
		n64 := uint64(binary.BigEndian.Uint32(h[8:12]))
		if n64 > uint64(d.maxPayload) {
			// The payload is not read: scanning from the next byte skips it,
			// since it cannot hold a marker, without waiting for all of it.
			d.c.size.Add(1)
			d.skip(1)
			continue
		}
		n := int(n64)
		cut, err := d.fillPayload(n)
		if err != nil {
			return Frame{}, err
		}
		if cut >= 0 {
			d.c.trunc.Add(1)
			d.skip(cut)
			continue
		}
		// fillPayload may have moved the buffer: slice it afresh.
		total := HeaderSize + n + TrailerSize
		fb := d.buf[d.start : d.start+total]
		h = fb[:HeaderSize]
		if crc32.Checksum(fb[:total-TrailerSize], crcTable) != binary.BigEndian.Uint32(fb[total-TrailerSize:]) {
			d.c.crc.Add(1)
			d.skip(1)
			continue
		}
		f := Frame{Type: Type(h[3]), ID: binary.BigEndian.Uint32(h[4:8]), Payload: bytes.Clone(fb[HeaderSize : HeaderSize+n])}
		if f.Payload == nil {
			f.Payload = []byte{}
		}
		d.start += total
		d.c.ok.Add(1)
		return f, nil
	}
}

// seekMagic discards bytes until buf[start:] begins with the marker (or
// holds only a trailing first byte of it and more must be read).
func (d *Decoder) seekMagic() error {
	for {
		avail := d.buf[d.start:]
		i := bytes.Index(avail, Magic[:])
		if i >= 0 {
			d.skip(i)
			return nil
		}
		keep := 0
		if len(avail) > 0 && avail[len(avail)-1] == Magic[0] {
			keep = 1
		}
		d.skip(len(avail) - keep)
		if err := d.more(); err != nil {
			return err
		}
	}
}

// fillPayload reads until the whole frame of payload length n is buffered,
// watching the payload for 0xFE: it returns the offset (from start) of the
// first one, or -1 when the frame is complete without one.
func (d *Decoder) fillPayload(n int) (int, error) {
	total := HeaderSize + n + TrailerSize
	checked := 0 // payload bytes already known to be free of 0xFE
	for {
		have := len(d.buf) - d.start - HeaderSize
		upto := min(have, n)
		if upto > checked {
			if j := bytes.IndexByte(d.buf[d.start+HeaderSize+checked:d.start+HeaderSize+upto], Magic[0]); j >= 0 {
				return HeaderSize + checked + j, nil
			}
			checked = upto
		}
		if len(d.buf)-d.start >= total {
			return -1, nil
		}
		if err := d.more(); err != nil {
			return 0, err
		}
	}
}

// fill reads until at least n bytes are buffered.
func (d *Decoder) fill(n int) error {
	for len(d.buf)-d.start < n {
		if err := d.more(); err != nil {
			return err
		}
	}
	return nil
}

// more reads at least one byte. At the end of the stream the unconsumed
// bytes (a partial frame) are counted as skipped and io.EOF is returned.
func (d *Decoder) more() error {
	if d.start > 0 {
		// Compact so the buffer never grows past one frame.
		n := copy(d.buf, d.buf[d.start:])
		d.buf = d.buf[:n]
		d.start = 0
	}
	if len(d.buf) == cap(d.buf) {
		limit := Overhead + d.maxPayload
		newCap := min(max(2*cap(d.buf), 4<<10), limit)
		if newCap <= len(d.buf) {
			// Unreachable while callers ask for at most one frame.
			newCap = len(d.buf) + 4<<10
		}
		nb := make([]byte, len(d.buf), newCap)
		copy(nb, d.buf)
		d.buf = nb
	}
	for tries := 0; tries < 100; tries++ {
		n, err := d.r.Read(d.buf[len(d.buf):cap(d.buf)])
		d.buf = d.buf[:len(d.buf)+n]
		if n > 0 {
			return nil
		}
		if err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				d.skip(len(d.buf) - d.start)
				return io.EOF
			}
			return err
		}
	}
	return io.ErrNoProgress
}

func (d *Decoder) skip(n int) {
	d.start += n
	d.c.skipped.Add(uint64(n))
}
