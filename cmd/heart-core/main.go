// Command heart-core runs the HEART Core natively (decisions.md §1 "Native
// daemon"): the same Core as core.wasm, served over net/http, reaching the
// device's HEART API over HTTP or a serial link.
//
//	heart-core [--addr 127.0.0.1:8082] [--device http://127.0.0.1:8081 | --serial /dev/ttyUSB0] [--token demo-core]
//
// It subscribes to the device's events and rebuilds the System Map on each
// "definition" event. With `go run ./cmd/heart-sim` running:
//
//	curl -H 'Authorization: Bearer demo-operator' -d '{"text":"how full is the tank?"}' http://127.0.0.1:8082/heart/v1/serve
//
// docs/serve.md shows every outcome.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
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

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/transport/httpx"
	"github.com/heart-core/heart-web/transport/serial"
	"github.com/heart-core/heart-web/transport/serial/ptyserve"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "heart-core:", err)
		os.Exit(2)
	}
}

// link is a device connection: calls and events.
type link interface {
	api.Transport
	api.EventSource
}

func run(args []string) error {
	fs := flag.NewFlagSet("heart-core", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8082", "listen address")
	deviceURL := fs.String("device", "http://127.0.0.1:8081", "the device's base URL (its HEART API is under /heart/v1)")
	serialPath := fs.String("serial", "", "a serial port or pty carrying HEART frames, instead of --device")
	token := fs.String("token", "demo-core", "the Core's own token on the device (kind ai)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dev, where, err := dial(*deviceURL, *serialPath, *token)
	if err != nil {
		return err
	}
	instance := make([]byte, 8)
	if _, err := rand.Read(instance); err != nil {
		return err
	}
	c := core.New(core.Config{Device: dev, DeviceToken: *token, Clock: clock.Real{}, InstanceID: hex.EncodeToString(instance)})

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go watchDefinitions(ctx, dev, c)

	h := httpx.Handler(eventsThroughCore(c), httpx.Options{Events: dev})
	srv := &http.Server{Addr: *addr, Handler: h, ReadTimeout: 10 * time.Second, ReadHeaderTimeout: 5 * time.Second}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	log.Printf("heart-core: serving the Core on http://%s/heart/v1 (device %s)", ln.Addr(), where)
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

// dial opens the device link: HTTP by default, a serial port with --serial.
func dial(url, serialPath, token string) (link, string, error) {
	if serialPath != "" {
		cl, err := ptyserve.Dial(serialPath, serial.ClientOptions{Token: token})
		if err != nil {
			return nil, "", fmt.Errorf("--serial %s: %w", serialPath, err)
		}
		return cl, "serial " + serialPath, nil
	}
	if url == "" {
		return nil, "", errors.New("give --device URL or --serial PATH")
	}
	return &httpx.Transport{BaseURL: url, Token: token}, url, nil
}

// watchDefinitions keeps an event subscription open and marks the System
// Map stale on every "definition" event (§4.2: the map MUST be rebuilt
// whenever a definition changes). A dropped stream is reopened with a
// growing pause; without events the Core still notices a new
// definitionsRevision on its own (core/maps.go).
func watchDefinitions(ctx context.Context, src api.EventSource, c *core.Core) {
	pause := time.Second
	for ctx.Err() == nil {
		events, err := src.Subscribe(ctx)
		if err != nil {
			log.Printf("heart-core: events: %v (retrying in %s)", err, pause)
		} else {
			pause = time.Second
			for ev := range events {
				if ev.Type == "definition" {
					c.Invalidate()
				}
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, 30*time.Second)
	}
}

// eventsThroughCore answers GET /heart/v1/events itself: the caller's token
// is checked with the device (through the Core), then httpx streams the
// device's events. Every other request goes to the Core.
func eventsThroughCore(c *core.Core) api.Handler {
	return api.HandlerFunc(func(ctx context.Context, req *api.Request) *api.Response {
		if req.Method != "GET" || req.Path != httpx.EventsPath {
			return c.Serve(ctx, req)
		}
		who := api.NewRequest("GET", "/heart/v1/whoami", nil)
		who.Header.Set("Authorization", req.Header.Get("Authorization"))
		if resp := c.Serve(ctx, who); resp.Status != 200 {
			return resp
		}
		return &api.Response{Status: 200, Header: api.Header{"content-type": httpx.ContentTypeEventStream}}
	})
}
