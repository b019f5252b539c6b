// Command heart-sim serves the Acme pump station simulator (package sim)
// over HTTP on 127.0.0.1 (decisions.md §1 "Device simulator", "Flags").
//
//	heart-sim [--addr 127.0.0.1:8081] [--clock real|sim] [--seed N] [--origin URL,...] [--serial]
//
// --clock real (the default, for the demo) moves the simulation with the
// wall clock; --clock sim holds time still until POST /_sim/clock/advance.
// docs/simulator.md has the details.
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
	"strings"
	"syscall"
	"time"

	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/sim"
	"github.com/heart-core/heart-web/transport/serial"
	"github.com/heart-core/heart-web/transport/serial/ptyserve"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "heart-sim:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("heart-sim", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8081", "listen address; must be a loopback address")
	clk := fs.String("clock", "real", "real: time moves with the wall clock; sim: time moves only by POST /_sim/clock/advance")
	seed := fs.Int64("seed", 0, "seed of the sensor noise and ids")
	origins := fs.String("origin", sim.DefaultOrigin, "comma-separated origins allowed by CORS")
	serialPty := fs.Bool("serial", false, "also serve the API as serial frames on a pseudo-terminal (its path is logged)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := loopbackOnly(*addr); err != nil {
		return err
	}
	opts := sim.Options{Seed: *seed, Origins: strings.Split(*origins, ","), Logf: log.Printf}
	switch *clk {
	case "real":
		opts.Clock = clock.Real{}
	case "sim":
		opts.Clock = clock.NewManual(sim.DefaultStart)
	default:
		return fmt.Errorf("--clock is real or sim, not %q", *clk)
	}
	s := sim.New(opts)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *clk == "real" {
		go s.Follow(ctx)
	}
	if *serialPty {
		p, err := ptyserve.Start(ctx, s, s, serial.ServerOptions{})
		if err != nil {
			return fmt.Errorf("--serial: %w", err)
		}
		defer p.Close()
		log.Printf("heart-sim: serial frames on %s (heart-core --serial %s)", p.Path, p.Path)
	}
	srv := &http.Server{Addr: *addr, Handler: NewHandler(s), ReadHeaderTimeout: 5 * time.Second}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	log.Printf("heart-sim: Acme pump station on http://%s/heart/v1 (clock %s, seed %d)", ln.Addr(), *clk, *seed)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// loopbackOnly refuses to listen beyond this machine: the simulator has
// demo tokens anyone could use.
func loopbackOnly(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("--addr %q: the simulator binds to a loopback address only (127.0.0.1)", addr)
	}
	return nil
}
