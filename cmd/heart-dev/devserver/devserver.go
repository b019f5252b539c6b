// Package devserver is the web server of `make run` (cmd/heart-dev), kept
// importable so browser tests and benchmarks serve exactly what a developer
// sees: web/ at "/", worker.js at "/worker.js", wasm with its own media type,
// nothing cached, and the cross-origin isolation headers (COOP/COEP) that
// give the page precise timers and SharedArrayBuffer.
package devserver

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// ErrNoCoreWASM is returned when web/core.wasm has not been built.
var ErrNoCoreWASM = errors.New("web/core.wasm is missing: run make build")

// Handler serves the repository at root (the folder holding web/ and worker.js).
func Handler(root string) (http.Handler, error) {
	web := filepath.Join(root, "web")
	for _, need := range []struct {
		path string
		err  error
	}{
		{filepath.Join(web, "core.wasm"), ErrNoCoreWASM},
		{filepath.Join(web, "wasm_exec.js"), errors.New("web/wasm_exec.js is missing: run make build")},
		{filepath.Join(root, "worker.js"), fmt.Errorf("%s has no worker.js: is --root the repository?", root)},
	} {
		if _, err := os.Stat(need.path); err != nil {
			return nil, need.err
		}
	}
	// Go's table may lack .wasm or .webmanifest on a bare system; streaming
	// compilation in the worker needs application/wasm exactly.
	_ = mime.AddExtensionType(".wasm", "application/wasm")
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
	_ = mime.AddExtensionType(".js", "text/javascript; charset=utf-8")

	files := http.FileServer(http.Dir(web))
	worker := filepath.Join(root, "worker.js")
	mux := http.NewServeMux()
	mux.HandleFunc("GET /worker.js", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, worker)
	})
	// Later: when sim/ lands, heart-dev may proxy /device/ to the simulator
	// here so the worker can reach it without CORS. Not needed for issue #2.
	mux.Handle("GET /", files)
	return headers(mux), nil
}

// headers sets what every response needs: no caching (a rebuilt core.wasm
// is always the one served), and cross-origin isolation.
func headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-store")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Embedder-Policy", "require-corp")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("X-Content-Type-Options", "nosniff")
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			h.Set("Content-Type", "application/wasm")
		}
		next.ServeHTTP(w, r)
	})
}

// FindRoot walks up from dir to the folder holding go.mod; if there is none,
// it returns dir itself.
func FindRoot(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for d := abs; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs
		}
		d = parent
	}
}
