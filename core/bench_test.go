package core_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/recall"
	"github.com/heart-core/heart-web/core/sysmap"
	"github.com/stretchr/testify/require"
)

var benchTexts = []string{
	"how full is the tank?", "set the flow to forty litres per minute", "restart the controller on Sunday night",
	"Wie voll ist der Tank?", "stop the conveyor", "what's the weather in Paris?", "vacía el tanque", "montre les alertes",
}

// BenchmarkServe is one POST /heart/v1/serve through the real Core on the
// in-process simulator: understanding, grounding, checks, the device calls
// and the answer. The simulator is reset (untimed) after each round of
// texts, so the Actions the requests leave do not pile up.
func BenchmarkServe(b *testing.B) {
	d := newDemo(b)
	bodies := make([][]byte, len(benchTexts))
	for i, t := range benchTexts {
		bodies[i] = []byte(fmt.Sprintf(`{"text":%q}`, t))
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%len(bodies) == 0 {
			b.StopTimer()
			d.sim.Reset()
			b.StartTimer()
		}
		req := api.NewRequest("POST", "/heart/v1/serve", bodies[i%len(bodies)])
		req.Header.Set("Authorization", "Bearer demo-owner")
		if resp := d.core.Serve(ctx, req); resp.Status != 200 {
			b.Fatalf("%d %s", resp.Status, resp.Body)
		}
	}
}

// synthetic adds copies of the product's commands to m, each with a new
// thing and words of its own, so the Map holds factor times the targets.
func synthetic(m *sysmap.Map, factor int) *sysmap.Map {
	out := *m
	out.Commands = append([]sysmap.Command(nil), m.Commands...)
	words := []string{"boiler", "chiller", "dryer", "press", "kiln", "silo", "fan", "compressor", "hopper", "scale", "sorter", "grinder"}
	targets := len(core.RecallTargets(m))
	for n := 1; len(core.RecallTargets(&out)) < targets*factor; n++ {
		for _, c := range m.Commands {
			thing := fmt.Sprintf("%s%d", words[n%len(words)], n)
			c.Name = "com.synth." + thing + "." + c.Name[len("com.acme."):]
			c.Title = c.Title + " of " + thing
			c.Description = c.Description + " (" + thing + ")"
			c.Thing = thing
			out.Commands = append(out.Commands, c)
		}
	}
	return &out
}

// BenchmarkRecallResolve is Recall's resolve time with the demo Map, and
// with 10× and 100× its targets (synthetic product commands).
func BenchmarkRecallResolve(b *testing.B) {
	d := newDemo(b)
	m, err := d.core.Map(context.Background())
	require.NoError(b, err)
	for _, factor := range []int{1, 10, 100} {
		sm := m
		if factor > 1 {
			sm = synthetic(m, factor)
		}
		targets := core.RecallTargets(sm)
		idx, err := recall.Build(targets, core.RecallEntities(sm), recall.Options{})
		require.NoError(b, err)
		b.Run(fmt.Sprintf("targets=%d", len(targets)), func(b *testing.B) {
			ctx := recall.Context{Now: time.Date(2026, 1, 5, 6, 0, 0, 0, time.UTC), Loc: time.UTC}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				idx.Resolve(benchTexts[i%len(benchTexts)], ctx)
			}
		})
	}
}
