//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/heart-core/heart-web/index"
)

var sizeSection = Section{
	Title: "Sizes",
	About: "core.wasm is built fresh with the Makefile's flags (`GOOS=js GOARCH=wasm -trimpath -ldflags='-s -w'`); gzip is level 9. The Index is the embedded one that `GET /heart/v1/core/index` serves.",
	Run: func(ctx context.Context, env *Env) ([]Row, error) {
		if _, err := env.Serve(ctx); err != nil {
			return nil, err
		}
		wasm, err := os.ReadFile(filepath.Join(env.Dir, "web", "core.wasm"))
		if err != nil {
			return nil, err
		}
		idx, err := index.Load()
		if err != nil {
			return nil, err
		}
		raw, gz := len(index.Raw()), gzipLen(index.Raw())
		return []Row{
			{Name: "core.wasm raw", Value: mb(len(wasm)), Reference: "2.6 MB (bare worker + net/http-free Core, decisions §1)", Note: "downloaded once per page load; cached by a service worker later"},
			{Name: "core.wasm gzip -9", Value: mb(gzipLen(wasm)), Reference: "0.74 MB (decisions §1)", Note: "what crosses the network with Content-Encoding: gzip"},
			{Name: "API Index raw", Value: kb(raw), Reference: "27 KB for 124 operations (standard §4.1)", Note: fmt.Sprintf("%d operations", len(idx.Operations))},
			{Name: "API Index gzip -9", Value: kb(gz), Reference: "5.5 KB (standard §4.1)", Note: ""},
		}, nil
	},
}

func gzipLen(b []byte) int {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level: no error
	_, _ = zw.Write(b)                                       // a bytes.Buffer never fails
	_ = zw.Close()
	return buf.Len()
}

func mb(n int) string { return fmt.Sprintf("%.2f MB (%d B)", float64(n)/1e6, n) }
func kb(n int) string { return fmt.Sprintf("%.1f KB (%d B)", float64(n)/1e3, n) }
