// Command heart-dev is the server of `make run`: it serves the page (web/),
// the worker (worker.js) and core.wasm on 127.0.0.1 so the HEART Core runs in
// a Web Worker in your browser, and runs the Acme pump station simulator
// (package sim, on the wall clock) in the same process, served under
// /device/ on the same origin. The page's Core is pointed at it: "/" is
// redirected to "/?device=http://HOST/device&token=demo-core".
//
//	heart-dev [--addr 127.0.0.1:8080] [--root DIR] [--device URL | --no-sim] [--token T]
//
// --device URL points the page at another HEART device instead (it must
// allow the page's origin by CORS, as heart-sim does for
// http://127.0.0.1:8080); --no-sim starts no simulator, so the Core runs
// without a device unless the page's URL names one.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/heart-core/heart-web/cmd/heart-dev/devserver"
	"github.com/heart-core/heart-web/wasm/bridge"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "heart-dev:", err)
		os.Exit(1)
	}
}

// config is what the flags say.
type config struct {
	addr, root, device, token string
	noSim                     bool
}

func parseFlags(args []string) (config, error) {
	var c config
	fs := flag.NewFlagSet("heart-dev", flag.ContinueOnError)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "address to listen on (loopback only)")
	fs.StringVar(&c.root, "root", devserver.FindRoot("."), "repository root: the folder holding web/ and worker.js")
	fs.StringVar(&c.device, "device", "", "base URL of an outside HEART device for the page's Core, instead of the built-in simulator (it must allow the page's origin by CORS)")
	fs.BoolVar(&c.noSim, "no-sim", false, "start no simulator: the page's Core runs without a device unless --device or the page's URL names one")
	fs.StringVar(&c.token, "token", devserver.DefaultCoreToken, "the Core's own token on the device")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if err := loopbackOnly(c.addr); err != nil {
		return c, err
	}
	if c.device != "" {
		if err := bridge.CheckDeviceURL(c.device); err != nil {
			return c, fmt.Errorf("--device: %w", err)
		}
	}
	return c, nil
}

func run(args []string) error {
	c, err := parseFlags(args)
	if err != nil {
		return err
	}
	// Request contexts come from base, which ends at shutdown: open event
	// streams (GET /device/heart/v1/events) close then instead of holding
	// Shutdown until its timeout.
	base, cancelBase := context.WithCancel(context.Background())
	defer cancelBase()
	h, what, err := handler(base, c)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	srv := newServer(base, h)
	fmt.Printf("heart-dev: serving %s on http://%s/ (Ctrl-C to stop)\n", c.root, ln.Addr())
	fmt.Printf("heart-dev: %s\n", what(ln.Addr().String()))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	fmt.Println("heart-dev: shutting down")
	cancelBase()
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		_ = srv.Close()
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// handler builds what heart-dev serves for c, starting the simulator
// (which runs until ctx ends) unless told not to. what describes the device
// for the log, given the listening address.
func handler(ctx context.Context, c config) (http.Handler, func(addr string) string, error) {
	o := devserver.Options{DeviceURL: c.device, CoreToken: c.token}
	what := func(string) string {
		return "no device: the page's Core answers only what it knows itself (add ?device=URL&token=T to the page's URL)"
	}
	switch {
	case c.device != "":
		what = func(string) string { return "the page's Core uses the device at " + c.device }
	case !c.noSim:
		_, o.Device = devserver.Simulator(ctx, log.Printf)
		what = func(addr string) string {
			return fmt.Sprintf("Acme pump station simulator (real clock) on http://%s%s/heart/v1; the page's Core uses it", addr, devserver.DevicePath)
		}
	}
	h, err := devserver.HandlerWith(c.root, o)
	if err != nil {
		return nil, nil, err
	}
	return h, what, nil
}

// newServer bounds every connection. WriteTimeout is the ceiling of a whole
// answer; an event stream moves its own write deadline forward on each write
// (transport/httpx), so it may stay open longer. There is no ReadTimeout:
// net/http would end an open event stream when it passed; the device's
// handler bounds reading a body itself (10 s, 1 MiB), and the page's files
// take no body.
func newServer(base context.Context, h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
}

// loopbackOnly refuses addresses other than 127.0.0.1 / ::1 / localhost:
// this is a developer server with no authentication, and the simulator's
// demo tokens are public.
func loopbackOnly(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("--addr %q: heart-dev binds loopback only (use 127.0.0.1:PORT)", addr)
}
