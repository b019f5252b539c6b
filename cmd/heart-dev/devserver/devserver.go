// Package devserver is the web server of `make run` (cmd/heart-dev), kept
// importable so browser tests and benchmarks serve exactly what a developer
// sees: web/ at "/", worker.js at "/worker.js", wasm with its own media type,
// nothing cached, and the cross-origin isolation headers (COOP/COEP) that
// give the page precise timers and SharedArrayBuffer. With Options.Device it
// also serves a device (the simulator) under DevicePath, on the page's own
// origin, and points the page's worker at it.
package devserver

import (
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/heart-core/heart-web/wasm/bridge"
)

// DevicePath is where Options.Device is served: the device's
// /heart/v1/card is /device/heart/v1/card on the page's origin, so the
// worker's fetch is same-origin and needs no CORS.
const DevicePath = "/device"

// DefaultCoreToken is the Core's own token on the demo device (decisions §1).
const DefaultCoreToken = "demo-core"

// Options say which device the page's Core uses. The zero value serves the
// page alone: the Core runs without a device unless the page's URL names one.
type Options struct {
	// Device, when set, is served under DevicePath (the prefix stripped).
	Device http.Handler
	// DeviceURL, when Device is nil, is an outside device's base URL the
	// page is pointed at; that device must allow the page's origin by CORS.
	DeviceURL string
	// CoreToken is the Core's token on the device; "" is DefaultCoreToken.
	CoreToken string
}

// ErrNoCoreWASM is returned when web/core.wasm has not been built.
var ErrNoCoreWASM = errors.New("web/core.wasm is missing: run make build")

// Handler serves the repository at root (the folder holding web/ and
// worker.js), with no device of its own.
func Handler(root string) (http.Handler, error) {
	return HandlerWith(root, Options{})
}

// HandlerWith serves the repository at root and the device of o. When o
// names a device, "/" without a device query is redirected to
// "/?device=URL&token=T", so the page (web/app.js hands its query to the
// worker) runs its Core against it; "/?device=" opens the page without one.
func HandlerWith(root string, o Options) (http.Handler, error) {
	if o.Device == nil && o.DeviceURL != "" {
		if err := bridge.CheckDeviceURL(o.DeviceURL); err != nil {
			return nil, err
		}
	}
	if o.CoreToken == "" {
		o.CoreToken = DefaultCoreToken
	}
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
	if o.Device != nil || o.DeviceURL != "" {
		mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
			q := r.URL.Query()
			if q.Has("device") {
				files.ServeHTTP(w, r)
				return
			}
			device := o.DeviceURL
			if o.Device != nil {
				device = "http://" + r.Host + DevicePath
			}
			q.Set("device", device)
			q.Set("token", o.CoreToken)
			http.Redirect(w, r, "/?"+q.Encode(), http.StatusFound)
		})
	}
	mux.Handle("GET /", files)
	var h http.Handler = mux
	if o.Device != nil {
		device := http.StripPrefix(DevicePath, o.Device)
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, DevicePath+"/") {
				device.ServeHTTP(w, r)
				return
			}
			mux.ServeHTTP(w, r)
		})
	}
	return loopbackHost(headers(h)), nil
}

// loopbackHost answers 421 to a request whose Host is not this machine's
// loopback name: a page elsewhere that rebinds its DNS name to 127.0.0.1
// must not reach the demo device (its tokens are public) or the page.
func loopbackHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !IsLoopbackHost(r.Host) {
			http.Error(w, "heart-dev answers only to 127.0.0.1, [::1] or localhost", http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// IsLoopbackHost says whether host ("HOST" or "HOST:PORT") names a loopback
// address or localhost.
func IsLoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else {
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
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
