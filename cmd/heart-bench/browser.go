//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/heart-core/heart-web/tests/browser/harness"
)

var browserSection = Section{
	Title: "In headless Chromium",
	About: "The page of `make run` served by heart-dev (COOP/COEP set, so timers are precise) in headless Chromium. Load to ready: navigation start to the worker's ready event (`performance.now()`), over fresh loads. Round trips: sequential `heart-client.js` requests from the page, each one JSON string each way.",
	Run: func(ctx context.Context, env *Env) ([]Row, error) {
		base, err := env.Serve(ctx)
		if err != nil {
			return nil, err
		}
		profile, err := os.MkdirTemp("", "heart-bench-chromium-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(profile)
		bctx, cancel, err := harness.Browser(ctx, profile)
		if err != nil {
			return nil, err
		}
		defer cancel()

		var ready, inst, goStart, coreNew, before []float64
		for i := 0; i < env.Loads; i++ {
			if err := chromedp.Do(bctx, chromedp.Navigate(base+"/")); err != nil {
				return nil, err
			}
			state, err := chromedp.Run(bctx, chromedp.Poll[string](harness.ReadyJS, chromedp.WithPollingTimeout(30*time.Second)))
			if err != nil {
				return nil, fmt.Errorf("page load %d: %w", i+1, err)
			}
			if !strings.HasPrefix(state, "count:") {
				return nil, fmt.Errorf("page load %d: %s", i+1, state)
			}
			s, err := chromedp.Run(bctx, chromedp.Evaluate[struct {
				ReadyMs, InstantiateMs, GoStartMs, CoreNewMs float64
			}](`({ReadyMs: heartStats.readyMs, InstantiateMs: heartStats.instantiateMs, GoStartMs: heartStats.goStartMs, CoreNewMs: heartStats.coreNewMs})`))
			if err != nil {
				return nil, err
			}
			ready, inst, goStart = append(ready, s.ReadyMs), append(inst, s.InstantiateMs), append(goStart, s.GoStartMs)
			coreNew = append(coreNew, s.CoreNewMs)
			before = append(before, s.ReadyMs-s.InstantiateMs-s.GoStartMs)
		}
		rows := []Row{{
			Name:      "page load to Core ready",
			Value:     fmt.Sprintf("median %.0f ms (min %.0f, max %.0f, %d loads)", quantile(ready, 0.5), quantile(ready, 0), quantile(ready, 1), len(ready)),
			Reference: "0.3–0.75 s for a 2 MB worker (platform notes)",
			Note:      "includes fetching and compiling core.wasm from 127.0.0.1",
		}, {
			Name:      "of which: before worker.js runs",
			Value:     fmt.Sprintf("median %.0f ms", quantile(before, 0.5)),
			Reference: "",
			Note:      "navigation, index.html, app.js and heart-client.js, starting the worker",
		}, {
			Name:      "of which: fetch + instantiate core.wasm",
			Value:     fmt.Sprintf("median %.0f ms", quantile(inst, 0.5)),
			Reference: "0.1–0.3 s (platform notes)",
			Note:      "worker.js start to WebAssembly.instantiateStreaming done",
		}, {
			Name:      "of which: Go start to ready",
			Value:     fmt.Sprintf("median %.0f ms", quantile(goStart, 0.5)),
			Reference: "35–110 ms (platform notes)",
			Note:      "Go runtime, package init, core.New, onmessage installed",
		}, {
			Name:      "of which: core.New",
			Value:     fmt.Sprintf("median %.0f ms", quantile(coreNew, 0.5)),
			Reference: "",
			Note:      "building the Core's tables inside the worker (a few ms natively)",
		}}
		for _, rt := range []struct{ name, js, note string }{
			{"round trip, bridge-only reply", `c.request("-", "/")`, "a 400 reply made by the bridge: postMessage, JSON and Go's decode, no Handler"},
			{"round trip, GET /heart/v1/core/index", `c.request("GET", "/heart/v1/core/index")`, "the whole Index as one JSON string"},
		} {
			times, err := chromedp.Run(bctx, chromedp.Evaluate[[]float64](roundTrips(rt.js, env.Requests), chromedp.EvalAwaitPromise))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", rt.name, err)
			}
			rows = append(rows, Row{
				Name:      rt.name,
				Value:     fmt.Sprintf("median %.3f ms, p99 %.3f ms (%d requests)", quantile(times, 0.5), quantile(times, 0.99), len(times)),
				Reference: "0.17 ms median, 0.5 ms p99 for an echo worker (platform notes)",
				Note:      rt.note,
			})
		}
		mem, err := memoryRow(bctx, env.MemRequests)
		if err != nil {
			return nil, err
		}
		return append(rows, mem), nil
	},
}

// memoryRow reads the worker's Go memory before and after many requests:
// wasm memory never shrinks, so growth here is growth for the tab's life.
func memoryRow(ctx context.Context, n int) (Row, error) {
	type stats struct {
		SysBytes  float64 `json:"sysBytes"`
		HeapBytes float64 `json:"heapBytes"`
		NumGC     int     `json:"numGC"`
	}
	js := fmt.Sprintf(`(async () => {
  const c = window.heartClient;
  const before = await c.workerStats();
  for (let i = 0; i < %d; i++) await c.request("GET", "/heart/v1/core/index");
  const after = await c.workerStats();
  return [before, after];
})()`, n)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]stats](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return Row{}, fmt.Errorf("worker memory: %w", err)
	}
	if len(got) != 2 {
		return Row{}, fmt.Errorf("worker memory: %d stats events", len(got))
	}
	return Row{
		Name:      fmt.Sprintf("worker memory (Go Sys) around %d index requests", n),
		Value:     fmt.Sprintf("%.1f MB → %.1f MB (heap %.1f MB, %d GCs)", got[0].SysBytes/1e6, got[1].SysBytes/1e6, got[1].HeapBytes/1e6, got[1].NumGC-got[0].NumGC),
		Reference: "echo worker: 2.9 → 16 MB after 20,000 requests, level near 26 MB (platform notes)",
		Note:      "Sys ≈ the wasm linear memory, which never shrinks",
	}, nil
}

// roundTrips is a page expression timing n sequential requests (after 20
// unmeasured ones, so the first calls' warm-up does not count).
func roundTrips(call string, n int) string {
	return fmt.Sprintf(`(async () => {
  const c = window.heartClient;
  for (let i = 0; i < 20; i++) await %[1]s;
  const ts = [];
  for (let i = 0; i < %[2]d; i++) { const t0 = performance.now(); await %[1]s; ts.push(performance.now() - t0); }
  return ts;
})()`, call, n)
}

// quantile returns the q-quantile (0..1) of xs by nearest rank.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(q*float64(len(s)-1) + 0.5)
	return s[i]
}
