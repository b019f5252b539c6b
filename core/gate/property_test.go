package gate

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Whatever happens, with Trials in the mix: every ai Action that is running
// or finished was approved by a person itself, or runs under the approval
// of a first Action a person approved, with arguments from its plan or
// restore values; and nothing leaves denied, expired or cancelled.
func TestBook_NoSequence_RunsAIPhysicalWithoutHuman_TrialsIncluded(t *testing.T) {
	tokens := append(DemoTokens(), Token{Name: "rogue-ai", Kind: KindAI, Scopes: AllScopes}, Token{Name: "rogue-peer", Kind: KindPeer, Scopes: AllScopes})
	values := []float64{1.6, 1.8, 2.0, 2.5, 9}
	rapid.Check(t, func(t *rapid.T) {
		b, c := newTestBook(16)
		var ids []string
		pick := func() string { return rapid.SampledFrom(ids).Draw(t, "id") }
		n := rapid.IntRange(1, 50).Draw(t, "n")
		for i := 0; i < n; i++ {
			op := rapid.IntRange(0, 8).Draw(t, "op")
			if op > 1 && op < 8 && len(ids) == 0 {
				continue
			}
			switch op {
			case 0:
				tr := rampTrial()
				tr.Restore = map[string]any{"ramp_rate": rapid.SampledFrom(values).Draw(t, "restore")}
				v := Decide(Input{Risk: RiskPhysical, Initiator: KindAI, Level: rapid.IntRange(0, 5).Draw(t, "lv"), AllowlistMatch: rapid.Bool().Draw(t, "allow")})
				if a, err := b.Submit(tr, v); err == nil {
					ids = append(ids, a.ID)
				}
			case 1:
				if a, err := b.Submit(step(rapid.SampledFrom(values).Draw(t, "v")), Verdict{Decision: rapid.SampledFrom([]Decision{Run, Wait}).Draw(t, "d")}); err == nil {
					ids = append(ids, a.ID)
				}
			case 2:
				id := pick()
				a, _ := b.Get(id)
				_, _ = b.Approve(id, a.Digest, rapid.SampledFrom(tokens).Draw(t, "by"))
			case 3:
				_, _ = b.Deny(pick(), "", rapid.SampledFrom(tokens).Draw(t, "by"), "")
			case 4:
				_, _ = b.Cancel(pick(), rapid.SampledFrom(tokens).Draw(t, "by"))
			case 5:
				_, _ = b.Start(pick())
			case 6:
				_, _ = b.Finish(pick(), nil, nil)
			case 7:
				if a, err := b.SubmitStep(pick(), step(rapid.SampledFrom(values).Draw(t, "sv"))); err == nil {
					ids = append(ids, a.ID)
				}
			case 8:
				c.Advance(time.Duration(rapid.IntRange(0, 400).Draw(t, "sec")) * time.Second)
			}
			check := func(a Action) {
				switch a.State {
				case StateWaiting, StateDenied, StateExpired, StateCancelled:
					return
				}
				if a.DecidedBy != nil && a.DecidedBy.Kind == KindHuman {
					return
				}
				if a.ApprovedBy != "" {
					first, err := b.Get(a.ApprovedBy)
					if err != nil {
						return // the first Action was dropped from the bound after the fact
					}
					if first.DecidedBy == nil || first.DecidedBy.Kind != KindHuman {
						t.Fatalf("step %s runs under %s, which no person approved", a.ID, first.ID)
					}
					ok := sameJSON(a.Arguments, first.Restore)
					for _, p := range first.Plan {
						ok = ok || sameJSON(a.Arguments, p.Arguments)
					}
					if !ok {
						t.Fatalf("step %s has arguments %v outside the approved plan", a.ID, a.Arguments)
					}
					return
				}
				t.Fatalf("ai physical Action %s is %s without a person's approval", a.ID, a.State)
			}
			for _, a := range b.List(Filter{}) {
				check(a)
			}
		}
	})
}
