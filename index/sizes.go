package index

import (
	"bytes"
	"compress/gzip"
)

// Sizes reports the embedded Index's size in bytes, raw and gzipped at the
// best compression (the standard's §4.1 figure is 27 KB / 5.5 KB for 124
// operations). It compresses at call time: call it for reports, not per request.
func Sizes() (raw, gzipped int) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid, so no error
	_, _ = zw.Write(Raw())                                   // writes to a bytes.Buffer cannot fail
	_ = zw.Close()
	return len(Raw()), buf.Len()
}
