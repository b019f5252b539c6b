// Command heart-dev is the server of `make run`: it serves the page (web/),
// the worker (worker.js) and core.wasm on 127.0.0.1 so the HEART Core runs in
// a Web Worker in your browser.
//
//	heart-dev [--addr 127.0.0.1:8080] [--root DIR]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/heart-core/heart-web/cmd/heart-dev/devserver"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "heart-dev:", err)
		os.Exit(1)
	}
}

func run() error {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (loopback only)")
	root := flag.String("root", devserver.FindRoot("."), "repository root: the folder holding web/ and worker.js")
	flag.Parse()

	if err := loopbackOnly(*addr); err != nil {
		return err
	}
	h, err := devserver.Handler(*root)
	if err != nil {
		return err
	}

	// The device simulator (sim/, cmd/heart-sim) will be started here, on
	// 127.0.0.1:8081, and its URL handed to the page as ?device=...; until
	// then the Core runs without a device (the Index is local).

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("heart-dev: serving %s on http://%s/ (Ctrl-C to stop)\n", *root, ln.Addr())

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
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// loopbackOnly refuses addresses other than 127.0.0.1 / ::1 / localhost:
// this is a developer server with no authentication.
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
