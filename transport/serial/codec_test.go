package serial

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// tb is what both *testing.T and *rapid.T offer.
type tb interface {
	require.TestingT
	Helper()
}

func mustMarshal(t tb, f Frame) []byte {
	t.Helper()
	b, err := Marshal(nil, f, DefaultMaxPayload)
	require.NoError(t, err)
	return b
}

func decodeAll(t tb, r io.Reader, maxPayload int) ([]Frame, Stats) {
	t.Helper()
	d := NewDecoder(r, maxPayload)
	var out []Frame
	for {
		f, err := d.Next()
		if errors.Is(err, io.EOF) {
			return out, d.Stats()
		}
		require.NoError(t, err)
		out = append(out, f)
	}
}

func TestMarshal_MatchesTheDocumentedExamples(t *testing.T) {
	// docs/serial-frames.md shows these frames byte for byte.
	cases := []struct {
		name string
		f    Frame
		hex  string
	}{
		{"ping", Frame{Type: TypePing, ID: 7, Payload: []byte{}}, "fe4801040000000700000000baece5ed5c82ac96"},
		{"request", Frame{Type: TypeRequest, ID: 1, Payload: []byte(`{"method":"GET","path":"/heart/v1/properties/pump.flow","headers":{"authorization":"Bearer demo-viewer"}}`)},
			"fe4801010000000100000069" + "4b558cfe" + hex.EncodeToString([]byte(`{"method":"GET","path":"/heart/v1/properties/pump.flow","headers":{"authorization":"Bearer demo-viewer"}}`)) + "112aa0b0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.hex, hex.EncodeToString(mustMarshal(t, c.f)))
			frames, _ := decodeAll(t, bytes.NewReader(mustMarshal(t, c.f)), 0)
			assert.Equal(t, []Frame{c.f}, frames)
		})
	}
}

func TestMarshal_RefusesWhatCannotBeDecoded(t *testing.T) {
	cases := []struct {
		name string
		f    Frame
		max  int
		err  error
	}{
		{"payload over the bound", Frame{Type: TypeRequest, Payload: make([]byte, 11)}, 10, ErrTooLarge},
		{"0xFE in the payload", Frame{Type: TypeRequest, Payload: []byte{'{', 0xFE, '}'}}, 10, ErrMagicInBody},
		{"unknown type", Frame{Type: 9}, 10, ErrBadType},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Marshal(nil, c.f, c.max)
			require.ErrorIs(t, err, c.err)
		})
	}
}

func TestDecoder_DropsBadFramesAndDeliversTheNextValidOne(t *testing.T) {
	good := Frame{Type: TypeResponse, ID: 42, Payload: []byte(`{"status":200}`)}
	gb := mustMarshal(t, good)

	corruptPayload := mustMarshal(t, Frame{Type: TypeRequest, ID: 1, Payload: []byte(`{"x":1}`)})
	corruptPayload[HeaderSize+2] ^= 0x01
	corruptHeader := mustMarshal(t, Frame{Type: TypeRequest, ID: 1, Payload: []byte(`{}`)})
	corruptHeader[5] ^= 0x10
	oversize := mustMarshal(t, Frame{Type: TypeRequest, ID: 2, Payload: bytes.Repeat([]byte("a"), 64)})
	truncated := mustMarshal(t, Frame{Type: TypeRequest, ID: 3, Payload: []byte(`{"long":"payload"}`)})
	truncated = truncated[:HeaderSize+5]
	badVersion := mustMarshal(t, Frame{Type: TypeRequest, ID: 4, Payload: []byte(`{}`)})
	badVersion[2] = 2
	binary.BigEndian.PutUint32(badVersion[12:16], crcOf(badVersion[:12]))

	cases := []struct {
		name   string
		before []byte
		check  func(t *testing.T, s Stats)
	}{
		{"garbage between frames", []byte("noise\x00\xff\xfeH"), func(t *testing.T, s Stats) {}},
		{"corrupt payload CRC", corruptPayload, func(t *testing.T, s Stats) { assert.EqualValues(t, 1, s.DroppedCRC) }},
		{"corrupt header CRC", corruptHeader, func(t *testing.T, s Stats) { assert.EqualValues(t, 1, s.DroppedCRC) }},
		{"length over the bound", oversize, func(t *testing.T, s Stats) { assert.EqualValues(t, 1, s.DroppedSize) }},
		{"frame cut short by the next marker", truncated, func(t *testing.T, s Stats) { assert.EqualValues(t, 1, s.DroppedTruncated) }},
		{"unknown version", badVersion, func(t *testing.T, s Stats) { assert.EqualValues(t, 1, s.DroppedUnknown) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stream := append(append(append([]byte{}, c.before...), gb...), "tail"...)
			frames, s := decodeAll(t, bytes.NewReader(stream), 32)
			require.Equal(t, []Frame{good}, frames)
			assert.EqualValues(t, 1, s.FramesOK)
			assert.EqualValues(t, len(stream)-len(gb), s.BytesSkipped, "every byte outside the delivered frame is counted once")
			c.check(t, s)
		})
	}
}

func crcOf(b []byte) uint32 {
	return crc32Checksum(b)
}

func TestDecoder_AssemblesAFrameSplitIntoOneByteReads(t *testing.T) {
	want := []Frame{
		{Type: TypeRequest, ID: 1, Payload: []byte(`{"method":"GET"}`)},
		{Type: TypePing, ID: 2, Payload: []byte{}},
		{Type: TypeEvent, ID: 1, Payload: []byte(`{"type":"alert"}`)},
	}
	var stream []byte
	for _, f := range want {
		stream = append(stream, mustMarshal(t, f)...)
	}
	frames, s := decodeAll(t, iotest.OneByteReader(bytes.NewReader(stream)), 0)
	require.Equal(t, want, frames)
	assert.Zero(t, s.BytesSkipped)
}

func TestDecoder_ReturnsReadErrors(t *testing.T) {
	boom := errors.New("boom")
	d := NewDecoder(iotest.ErrReader(boom), 0)
	_, err := d.Next()
	require.ErrorIs(t, err, boom)
}

// Property: any sequence of valid frames with random garbage between them
// decodes to exactly those frames, in order.
func TestDecoder_GarbageBetweenFramesYieldsExactlyTheValidFrames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 8).Draw(t, "n")
		var want []Frame
		var stream []byte
		for i := 0; i < n; i++ {
			stream = append(stream, rapid.SliceOfN(rapid.Byte(), 0, 40).Draw(t, "garbage")...)
			payload := []byte(rapid.StringN(0, 60, -1).Draw(t, "payload")) // valid UTF-8: never 0xFE
			f := Frame{
				Type:    Type(rapid.IntRange(1, 6).Draw(t, "type")),
				ID:      rapid.Uint32().Draw(t, "id"),
				Payload: payload,
			}
			want = append(want, f)
			stream = append(stream, mustMarshal(t, f)...)
		}
		stream = append(stream, rapid.SliceOfN(rapid.Byte(), 0, 40).Draw(t, "garbage")...)
		chunk := rapid.IntRange(1, 64).Draw(t, "chunk")
		frames, _ := decodeAll(t, &chunkReader{b: stream, n: chunk}, 128)
		if len(want) == 0 {
			want = nil
		}
		require.Equal(t, want, frames)
	})
}

// chunkReader hands out at most n bytes a Read, like a serial port.
type chunkReader struct {
	b []byte
	n int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.b)
	c.b = c.b[k:]
	return k, nil
}

func FuzzDecoder(f *testing.F) {
	f.Add(mustMarshal(f, Frame{Type: TypeRequest, ID: 1, Payload: []byte(`{"method":"GET","path":"/heart/v1/card"}`)}))
	f.Add([]byte{0xFE, 0x48, 0x01, 0x02, 0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFF})
	f.Add([]byte("garbage\xfeH\xfe"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d := NewDecoder(bytes.NewReader(data), 1024)
		consumed := 0
		for i := 0; ; i++ {
			fr, err := d.Next()
			if err != nil {
				require.ErrorIs(t, err, io.EOF)
				break
			}
			// A delivered frame re-encodes to bytes present in the input,
			// so its CRCs were right; and each frame consumes input.
			b, merr := Marshal(nil, fr, 1024)
			require.NoError(t, merr)
			require.True(t, bytes.Contains(data, b))
			consumed += len(b)
			require.LessOrEqual(t, i, len(data)/Overhead)
		}
		s := d.Stats()
		require.EqualValues(t, len(data), consumed+int(s.BytesSkipped))
	})
}
