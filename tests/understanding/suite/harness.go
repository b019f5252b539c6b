package suite

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/sim"
)

// CoreToken is the Core's own token on the demo device.
const CoreToken = "demo-core"

// Demo is the in-process demo: the Acme simulator on a manual clock (time
// moves only when a test says so) and the real Core on it through
// api.InProcess.
type Demo struct {
	Clock  *clock.Manual
	Sim    *sim.Sim
	Core   *core.Core
	Runner *Runner
}

// NewDemo builds the in-process demo with the simulator's seed.
func NewDemo(seed int64) *Demo {
	clk := clock.NewManual(sim.DefaultStart)
	s := sim.New(sim.Options{Clock: clk, Seed: seed, Logf: func(string, ...any) {}})
	c := core.New(core.Config{Device: api.InProcess(s), DeviceToken: CoreToken, Clock: clk, InstanceID: "suite"})
	d := &Demo{Clock: clk, Sim: s, Core: c}
	d.Runner = &Runner{Core: c, Reset: func(context.Context) error {
		s.Reset()
		c.ResetQuestions()
		return nil
	}}
	return d
}

// Table writes the figures as a table a person reads.
func (s *Summary) Table(w io.Writer) {
	row := func(name string, n, of int) {
		pct := ""
		if of > 0 {
			pct = fmt.Sprintf("%5.1f%%", 100*float64(n)/float64(of))
		}
		fmt.Fprintf(w, "| %-36s | %5d | %5d | %6s |\n", name, n, of, pct)
	}
	fmt.Fprintf(w, "| %-36s | %5s | %5s | %6s |\n", "measure", "count", "of", "")
	fmt.Fprintf(w, "|%s|%s|%s|%s|\n", strings.Repeat("-", 38), strings.Repeat("-", 7), strings.Repeat("-", 7), strings.Repeat("-", 8))
	row("right target as first choice", s.RightTargetFirst, s.TargetCases)
	row("right target in the shortlist of 8", s.RightTargetInShortlist, s.TargetCases)
	row("right outcome", s.RightOutcome, s.Cases)
	row("arguments right", s.ArgumentsRight, s.ArgumentCases)
	row("unanswerable requests rejected", s.UnanswerableRejected, s.Unanswerable)
	row("wrong actions (must be 0)", s.WrongActions, s.Cases)
}

// FailureLines writes one line per failing case.
func (s *Summary) FailureLines(w io.Writer) {
	for _, f := range s.Failures {
		want := strings.Join(f.Expected.Outcome, "|")
		if f.Expected.Target != "" {
			want += " " + f.Expected.Target
		}
		got := f.Got.Outcome
		if f.Got.Status != 0 {
			got = fmt.Sprintf("HTTP %d", f.Got.Status)
		}
		if f.Got.Target != "" {
			got += " " + f.Got.Target
		}
		if f.Got.Reason != "" {
			got += " (" + f.Got.Reason + ")"
		}
		if f.Got.WrongActions > 0 {
			got += fmt.Sprintf(" WRONG ACTIONS: %d", f.Got.WrongActions)
		}
		fmt.Fprintf(w, "%-5s %-52q want %-48s got %s %v\n", f.ID, clipRunes(f.Request, 50), want+fmtArgs(f.Expected.Arguments), got+fmtArgs(f.Got.Arguments), f.Got.Shortlist)
	}
}

func fmtArgs(a map[string]any) string {
	if len(a) == 0 {
		return ""
	}
	return fmt.Sprint(a)
}

func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
