package suite

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func loadCases(t testing.TB) *File {
	raw, err := os.ReadFile("../../../core/understanding-cases.json")
	require.NoError(t, err)
	f, err := Parse(raw)
	require.NoError(t, err)
	return f
}

func TestSuite_WholeFile_NoWrongActions(t *testing.T) {
	f := loadCases(t)
	d := NewDemo(0)
	sum, err := d.Runner.Run(context.Background(), f)
	require.NoError(t, err)
	var b strings.Builder
	sum.Table(&b)
	if testing.Verbose() {
		sum.FailureLines(&b)
	}
	t.Log("\n" + b.String())
	require.Zero(t, sum.WrongActions, "a wrong action is a failure (§12)")

	// Floors: the figures measured on 2026-12-01, third session (487, 495,
	// 544, 241, 38 of 509, 509, 589, 244, 38) less about 3%, so a regression fails here
	// while small changes of the Recall tier's data do not. Raise them when
	// the figures rise; docs/conformance.md has the current ones.
	require.Equal(t, 589, sum.Cases)
	floors := []struct {
		name      string
		got, want int
	}{
		{"right target first", sum.RightTargetFirst, 472},
		{"right target in the shortlist", sum.RightTargetInShortlist, 480},
		{"right outcome", sum.RightOutcome, 526},
		{"arguments right", sum.ArgumentsRight, 233},
		{"unanswerable rejected", sum.UnanswerableRejected, 37},
	}
	for _, f := range floors {
		require.GreaterOrEqual(t, f.got, f.want, f.name)
	}
}

func TestScore_FollowsTheCaseFileRules(t *testing.T) {
	c := Case{ID: "u", Request: "x", Expect: Expect{Outcome: Outcomes{"pending-approval"}, Target: "postSchedule", Arguments: map[string]any{"target": "postSystemRestart"}}}
	cases := []struct {
		rule                               string
		got                                Got
		first, listed, outcome, args, rejd bool
	}{
		{"right target, outcome and argument subset", Got{Outcome: "pending-approval", Target: "postSchedule", Arguments: map[string]any{"target": "postSystemRestart", "at": "2026-01-11T22:00:00Z"}}, true, true, true, true, false},
		{"right target, wrong argument", Got{Outcome: "pending-approval", Target: "postSchedule", Arguments: map[string]any{"target": "postComponentReset"}}, true, true, false, false, false},
		{"target only in the shortlist", Got{Outcome: "needs-clarification", Shortlist: []string{"postSystemRestart", "postSchedule"}}, false, true, false, false, false},
		{"refused counts as rejected", Got{Outcome: "refused"}, false, false, false, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.rule, func(t *testing.T) {
			r := Score(c, tc.got)
			require.Equal(t, []bool{tc.first, tc.listed, tc.outcome, tc.args, tc.rejd}, []bool{r.TargetFirst, r.TargetListed, r.OutcomeRight, r.ArgumentsRight, r.Rejected})
		})
	}
	require.True(t, Subset(map[string]any{"litresPerMin": 40}, map[string]any{"litresPerMin": 40.0000001}), "numbers compare after rounding to 6 significant digits")
	require.False(t, Subset(map[string]any{"litresPerMin": 40}, map[string]any{"litresPerMin": 40.01}))
}

func TestAction_WrongIsANonReadThatRanWithoutAPerson(t *testing.T) {
	human := &struct {
		Kind string `json:"kind"`
	}{Kind: "human"}
	cases := []struct {
		a     Action
		wrong bool
	}{
		{Action{Risk: "physical", State: "waiting"}, false},
		{Action{Risk: "physical", State: "succeeded"}, true},
		{Action{Risk: "write", State: "running"}, true},
		{Action{Risk: "physical", State: "succeeded", DecidedBy: human}, false},
		{Action{Risk: "read", State: "succeeded"}, false},
		{Action{Risk: "destructive", State: "approved"}, true},
		{Action{Risk: "physical", State: "denied"}, false},
	}
	for _, tc := range cases {
		require.Equal(t, tc.wrong, tc.a.Wrong(), "%+v", tc.a)
	}
}

func TestParse_RefusesCasesWithoutTheirParts(t *testing.T) {
	_, err := Parse([]byte(`{"cases":[{"id":"a","request":"","expect":{"outcome":"done"}}]}`))
	require.Error(t, err)
	f, err := Parse([]byte(`{"cases":[{"id":"a","request":"x","expect":{"outcome":["done","refused"]}}]}`))
	require.NoError(t, err)
	require.Equal(t, Outcomes{"done", "refused"}, f.Cases[0].Expect.Outcome)
}

// The held-out sets (tests/understanding/testdata) were written by people
// who never saw the Recall tier or the phrases. A and B were used to find
// general weaknesses after they were written, and so were the development
// sets E to I, K, M to O and R to Y; C, D, L, P, Q, T and W were only ever
// measured (J's figure guided one fix, its cases were never read). Each must
// have no wrong action, and stay above floors about 3% under the figures of
// docs/conformance.md.
func TestSuite_HeldOutSets_NoWrongActionsAndFloors(t *testing.T) {
	type floors struct{ first, listed, outcome, rejected int }
	sets := map[string]floors{
		"heldout-a.json": {first: 172, listed: 175, outcome: 226, rejected: 29},  // measured 178, 181, 233, 30
		"heldout-b.json": {first: 173, listed: 179, outcome: 221, rejected: 29},  // measured 179, 185, 228, 30
		"heldout-c.json": {first: 171, listed: 174, outcome: 222, rejected: 27},  // measured 177, 180, 229, 28
		"heldout-d.json": {first: 168, listed: 176, outcome: 204, rejected: 28},  // measured 174, 182, 211, 29
		"heldout-j.json": {first: 151, listed: 158, outcome: 199, rejected: 39},  // measured 156, 163, 206, 41
		"heldout-l.json": {first: 152, listed: 159, outcome: 205, rejected: 45},  // measured 157, 164, 212, 47
		"heldout-p.json": {first: 145, listed: 161, outcome: 196, rejected: 46},  // measured 150, 167, 203, 48
		"heldout-q.json": {first: 146, listed: 162, outcome: 187, rejected: 46},  // measured 151, 168, 193, 48
		"heldout-t.json": {first: 157, listed: 160, outcome: 197, rejected: 41},  // measured 162, 165, 204, 43
		"heldout-w.json": {first: 159, listed: 169, outcome: 200, rejected: 41},  // measured 164, 175, 207, 43
		"dev-e.json":     {first: 174, listed: 178, outcome: 222, rejected: 24},  // measured 180, 184, 229, 25
		"dev-f.json":     {first: 144, listed: 145, outcome: 228, rejected: 60},  // measured 149, 150, 236, 62
		"dev-g.json":     {first: 137, listed: 140, outcome: 226, rejected: 75},  // measured 142, 145, 233, 78
		"dev-h.json":     {first: 167, listed: 172, outcome: 206, rejected: 36},  // measured 173, 178, 213, 38
		"dev-i.json":     {first: 105, listed: 106, outcome: 231, rejected: 97},  // measured 109, 110, 239, 100
		"dev-k.json":     {first: 165, listed: 171, outcome: 213, rejected: 43},  // measured 171, 177, 220, 45
		"dev-m.json":     {first: 168, listed: 171, outcome: 226, rejected: 43},  // measured 174, 177, 234, 45
		"dev-n.json":     {first: 157, listed: 160, outcome: 224, rejected: 61},  // measured 162, 165, 231, 63
		"dev-o.json":     {first: 160, listed: 164, outcome: 214, rejected: 48},  // measured 165, 170, 221, 50
		"dev-r.json":     {first: 167, listed: 172, outcome: 223, rejected: 48},  // measured 173, 178, 230, 50
		"dev-s.json":     {first: 163, listed: 174, outcome: 206, rejected: 43},  // measured 169, 180, 213, 45
		"dev-u.json":     {first: 157, listed: 171, outcome: 212, rejected: 48},  // measured 162, 177, 219, 50
		"dev-v.json":     {first: 153, listed: 166, outcome: 198, rejected: 48},  // measured 158, 172, 205, 50
		"dev-x.json":     {first: 107, listed: 109, outcome: 219, rejected: 113}, // measured 111, 113, 226, 117
		"dev-y.json":     {first: 154, listed: 162, outcome: 209, rejected: 40},  // measured 159, 168, 216, 42
	}
	// every case file is held to its floors: a new one is not forgotten
	files, err := os.ReadDir("../testdata")
	require.NoError(t, err)
	for _, f := range files {
		if strings.HasSuffix(f.Name(), ".json") {
			require.Contains(t, sets, f.Name(), "a case file without floors")
		}
	}
	for name, want := range sets {
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile("../testdata/" + name)
			require.NoError(t, err)
			f, err := Parse(raw)
			require.NoError(t, err)
			sum, err := NewDemo(0).Runner.Run(context.Background(), f)
			require.NoError(t, err)
			var b strings.Builder
			sum.Table(&b)
			t.Log("\n" + b.String())
			require.Zero(t, sum.WrongActions, "a wrong action is a failure (§12)")
			require.GreaterOrEqual(t, sum.RightTargetFirst, want.first, "right target first")
			require.GreaterOrEqual(t, sum.RightTargetInShortlist, want.listed, "right target in the shortlist")
			require.GreaterOrEqual(t, sum.RightOutcome, want.outcome, "right outcome")
			require.GreaterOrEqual(t, sum.UnanswerableRejected, want.rejected, "unanswerable rejected")
		})
	}
}
