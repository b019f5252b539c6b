//go:build js && wasm

// Command worker is core.wasm: the HEART Core in a dedicated Web Worker. It
// builds the Core and serves its one Handler over postMessage with the
// protocol of docs/worker-protocol.md (implemented in wasm/bridge). This file
// only moves strings between JavaScript and the bridge, through safejs so a
// JavaScript exception is a Go error and never a panic. It must never import
// net/http (tests/deps checks).
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/hack-pad/safejs"

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/wasm/bridge"
	"github.com/heart-core/heart-web/wasm/fetch"
)

func main() {
	self := safejs.Global()
	link := &bridge.Link{}
	urlErr := configureFromURL(self, link)

	// core.New builds the Core's tables; timed because under wasm it is a
	// visible part of start-up (reported in the ready event, see heart-bench).
	// The Core's own token lives in the link (fetch adds it to calls that
	// carry none), so an init message can change it; DeviceToken stays
	// empty. InstanceID keeps idempotency keys of this page load apart from
	// an earlier one's: the device answers a repeated key with the first
	// result for 24 hours.
	started := time.Now()
	c := core.New(core.Config{Device: link, Clock: clock.Real{}, InstanceID: instanceID()})
	coreNew := time.Since(started)
	b := bridge.New(context.Background(), c, post(self), bridge.Options{
		OnInit: func(in bridge.Init) error {
			if in.Device == "" {
				link.Set(nil)
				return nil
			}
			if err := bridge.CheckDeviceURL(in.Device); err != nil {
				return err
			}
			link.Set(fetch.New(in.Device, in.Token))
			return nil
		},
		Stats: memStats,
	})

	onMessage, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) == 0 {
			return nil
		}
		deliver(b, args[0])
		return nil
	})
	if err != nil {
		fatal(self, "cannot create the message handler: "+err.Error())
		return
	}
	// onMessage lives as long as the worker: it is never released.
	if err := self.Set("onmessage", onMessage); err != nil {
		fatal(self, "cannot listen for messages: "+err.Error())
		return
	}
	b.Ready(map[string]any{"coreNewMs": coreNew.Milliseconds()})
	if urlErr != nil {
		b.ErrorEvent(api.NewProblem(400, api.CodeInvalidRequest, urlErr.Error()))
	}
	drainEarly(self, b)
	select {} // serve until the page terminates the worker
}

// deliver hands one MessageEvent's data to the bridge: exactly one JS string
// is read per request (platform-notes: keep per-request JS values few).
func deliver(b *bridge.Bridge, event safejs.Value) {
	data, err := event.Get("data")
	if err != nil || data.Type() != safejs.TypeString {
		b.NotText()
		return
	}
	s, err := data.String()
	if err != nil {
		b.NotText()
		return
	}
	b.Receive(s)
}

// drainEarly answers the messages worker.js queued while Go was starting.
func drainEarly(self safejs.Value, b *bridge.Bridge) {
	take, err := self.Get("heartTakeEarly")
	if err != nil || take.Type() != safejs.TypeFunction {
		return
	}
	queue, err := take.Invoke()
	if err != nil {
		return
	}
	n, err := queue.Length()
	if err != nil {
		return
	}
	for i := 0; i < n; i++ {
		if data, err := queue.Index(i); err == nil {
			if data.Type() != safejs.TypeString {
				b.NotText()
				continue
			}
			if s, err := data.String(); err == nil {
				b.Receive(s)
			}
		}
	}
}

// post sends one JSON string to the page. A failure cannot be reported to
// the page (posting is what failed), so it goes to the worker's console.
func post(self safejs.Value) func(string) {
	return func(msg string) {
		if _, err := self.Call("postMessage", msg); err != nil {
			println("heart worker: postMessage failed:", err.Error())
		}
	}
}

// configureFromURL points the link at ?device=...&token=... of the worker's
// own URL, when given. A bad URL is returned, to be reported as an error
// event once the bridge exists; the worker still serves without a device.
func configureFromURL(self safejs.Value, link *bridge.Link) error {
	loc, err := self.Get("location")
	if err != nil || loc.Type() != safejs.TypeObject {
		return nil
	}
	sv, err := loc.Get("search")
	if err != nil {
		return nil
	}
	search, err := sv.String()
	if err != nil {
		return nil
	}
	device, token, err := bridge.DeviceFromQuery(search)
	if err != nil {
		return err
	}
	if device != "" {
		link.Set(fetch.New(device, token))
	}
	return nil
}

// instanceID is 8 random bytes in hex, as heart-core draws it (under js,
// crypto/rand uses crypto.getRandomValues; it never fails).
func instanceID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// fatal tells the page the worker cannot serve, as a "fatal" event.
func fatal(self safejs.Value, detail string) {
	post(self)(`{"type":"fatal","detail":` + quote(detail) + `}`)
}
