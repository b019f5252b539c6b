// Package serial carries HEART API requests, responses and events over one
// byte stream (a serial port, a pty, stdio, WebSerial) as framed messages.
// The format is specified in docs/serial-frames.md; this package is pure Go
// (no os, no syscall) so the browser's WebSerial transport can wrap it.
package serial

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// Magic is the start marker. 0xFE never occurs in UTF-8, so it never occurs
// in a payload (JSON, UTF-8): a decoder that lost its place finds the next
// frame by scanning for it, and a 0xFE inside a payload means the frame was
// cut short.
var Magic = [2]byte{0xFE, 0x48}

// Version is the only frame format version this package speaks.
const Version = 1

// Sizes of the fixed parts of a frame.
const (
	HeaderSize  = 16 // magic 2, version 1, type 1, id 4, length 4, header CRC 4
	TrailerSize = 4  // frame CRC
	Overhead    = HeaderSize + TrailerSize
)

// DefaultMaxPayload bounds a payload unless configured otherwise: a
// 64 KiB body (the Card's maxRequestBytes) grows to about 88 KiB in base64,
// so 256 KiB leaves room for headers and for larger list responses.
const DefaultMaxPayload = 256 << 10

// Type says what a frame carries.
type Type byte

// Frame types.
const (
	TypeRequest  Type = 1 // payload: api.Request JSON
	TypeResponse Type = 2 // payload: api.Response JSON, id of the request
	TypeEvent    Type = 3 // payload: api.Event JSON, id of the subscribing request
	TypePing     Type = 4 // empty payload
	TypePong     Type = 5 // empty payload, id of the ping
	TypeCancel   Type = 6 // empty payload: stop request or subscription id
)

func (t Type) known() bool { return t >= TypeRequest && t <= TypeCancel }

func (t Type) String() string {
	switch t {
	case TypeRequest:
		return "request"
	case TypeResponse:
		return "response"
	case TypeEvent:
		return "event"
	case TypePing:
		return "ping"
	case TypePong:
		return "pong"
	case TypeCancel:
		return "cancel"
	}
	return fmt.Sprintf("type(%d)", byte(t))
}

// Frame is one decoded message.
type Frame struct {
	Type    Type
	ID      uint32
	Payload []byte
}

// Errors of Marshal.
var (
	ErrTooLarge    = errors.New("serial: payload over the bound")
	ErrMagicInBody = errors.New("serial: payload contains byte 0xFE (payloads are UTF-8)")
	ErrBadType     = errors.New("serial: unknown frame type")
)

var crcTable = crc32.IEEETable

// Marshal appends the wire bytes of f to dst. It refuses a payload over
// maxPayload or one holding 0xFE, so every frame it writes can be decoded.
func Marshal(dst []byte, f Frame, maxPayload int) ([]byte, error) {
	if !f.Type.known() {
		return dst, ErrBadType
	}
	if len(f.Payload) > maxPayload {
		return dst, ErrTooLarge
	}
	for _, b := range f.Payload {
		if b == Magic[0] {
			return dst, ErrMagicInBody
		}
	}
	start := len(dst)
	dst = append(dst, Magic[0], Magic[1], Version, byte(f.Type))
	dst = binary.BigEndian.AppendUint32(dst, f.ID)
	dst = binary.BigEndian.AppendUint32(dst, uint32(len(f.Payload)))
	dst = binary.BigEndian.AppendUint32(dst, crc32.Checksum(dst[start:start+12], crcTable))
	dst = append(dst, f.Payload...)
	dst = binary.BigEndian.AppendUint32(dst, crc32.Checksum(dst[start:], crcTable))
	return dst, nil
}

func crc32Checksum(b []byte) uint32 { return crc32.Checksum(b, crcTable) }
