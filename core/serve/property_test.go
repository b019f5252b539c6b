package serve

import (
	"context"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/device"
	"pgregory.net/rapid"
)

// TestServe_NeverActsWithoutAPerson is the §6.2 property over arbitrary
// readings: whatever a tier proposes (any target of the Map, any
// arguments, any claimed grounding, any time, any caller), the pipeline
// submits at most one change, only as ai on behalf of the caller and marked
// /serve; answers done only for a read or Stop; and every argument of a
// pending change is grounded.
func TestServe_NeverActsWithoutAPerson(t *testing.T) {
	m := testMap(t)
	targets := NewCatalog(m).Targets()
	callers := []device.Caller{owner, operator, viewer}
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 3).Draw(rt, "n")
		var cands []Candidate
		for i := 0; i < n; i++ {
			tg := rapid.SampledFrom(targets).Draw(rt, "target")
			c := Candidate{Target: tg.Name, Score: rapid.Float64Range(0, 1).Draw(rt, "score"), Args: map[string]any{}, Grounding: map[string]string{}}
			for _, p := range tg.Params() {
				if !rapid.Bool().Draw(rt, "has "+p.Name) {
					continue
				}
				if rapid.Bool().Draw(rt, "number "+p.Name) {
					c.Args[p.Name] = rapid.Float64Range(-1000, 1000).Draw(rt, "v")
				} else {
					c.Args[p.Name] = rapid.SampledFrom([]string{"tank.level", "pump-1", "x", ""}).Draw(rt, "s")
				}
				c.Grounding[p.Name] = rapid.SampledFrom([]string{"stated", "default", "system-state", "", "made-up"}).Draw(rt, "g")
			}
			cands = append(cands, c)
		}
		u := Understanding{Decision: rapid.SampledFrom([]string{"match", "ambiguous", "none"}).Draw(rt, "decision"), Candidates: cands,
			Quantities: rapid.IntRange(0, 2).Draw(rt, "q"), Thing: rapid.SampledFrom([]string{"", "mixer", "conveyor"}).Draw(rt, "thing")}
		if rapid.Bool().Draw(rt, "when") {
			u.When = &When{At: t0.Add(time.Duration(rapid.IntRange(-48, 48).Draw(rt, "h")) * time.Hour)}
		}
		who := rapid.SampledFrom(callers).Draw(rt, "caller")
		dev := newFake()
		dev.mode = rapid.SampledFrom([]string{"act", "suggest", "observe"}).Draw(rt, "mode")
		text := rapid.StringN(0, 40, -1).Draw(rt, "text") + " 40"
		out, err := Serve(context.Background(), env(t, dev, u), who, Request{Text: text})
		if err != nil {
			return // a problem answer acts on nothing by construction
		}
		var changes []call
		for _, c := range dev.nonReads() {
			if c.Path == "/heart/v1/tending/stop" {
				continue
			}
			changes = append(changes, c)
			if c.On != (device.On{Initiator: "ai", OnBehalfOf: who.Name, Serve: true}) {
				rt.Fatalf("a change was sent as %+v", c.On)
			}
		}
		switch out.Outcome {
		case PendingApproval:
			if len(changes) != 1 {
				rt.Fatalf("pending-approval after %d submissions", len(changes))
			}
			for k := range out.Intent.Arguments {
				if out.Intent.Grounding[k] == "" {
					rt.Fatalf("argument %s is not grounded", k)
				}
			}
		case Done:
			tg, _ := NewCatalog(m).Lookup(out.Intent.Target)
			if !tg.Read() && tg.Name != StopTarget {
				rt.Fatalf("done for %s (risk %s)", tg.Name, tg.Risk)
			}
			if len(changes) > 0 && !tg.Read() {
				rt.Fatalf("done with %d submissions", len(changes))
			}
		default:
			if len(changes) > 0 {
				rt.Fatalf("%s after submitting %s %s (the fake device holds every change)", out.Outcome, changes[0].Method, changes[0].Path)
			}
		}
	})
}
