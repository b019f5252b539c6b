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

	// Floors: the figures measured on 2026-12-01, sixth session (487, 495,
	// 556, 241, 38 of 509, 509, 589, 244, 38) less about 3%, so a regression fails here
	// while small changes of the Recall tier's data do not. Raise them when
	// the figures rise; docs/conformance.md has the current ones.
	require.Equal(t, 589, sum.Cases)
	floors := []struct {
		name      string
		got, want int
	}{
		{"right target first", sum.RightTargetFirst, 472},
		{"right target in the shortlist", sum.RightTargetInShortlist, 480},
		{"right outcome", sum.RightOutcome, 539},
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
// sets E to I, K, M to O, R to Z, AA to AD, AG to AJ, AM to AT and BB to BG;
// C, D, L, P, Q, T, W, AE, AF, AK, AL, AU to AX and AY to BA were only ever measured (J's figure
// guided one fix, its cases were never read). Each must have no wrong action, and stay above floors about
// 3% under the figures of docs/conformance.md.
func TestSuite_HeldOutSets_NoWrongActionsAndFloors(t *testing.T) {
	type floors struct{ first, listed, outcome, rejected int }
	sets := map[string]floors{
		"dev-aa.json":     {first: 104, listed: 108, outcome: 224, rejected: 104}, // measured 108, 112, 231, 108
		"dev-ab.json":     {first: 155, listed: 163, outcome: 217, rejected: 47},  // measured 160, 169, 224, 49
		"dev-ac.json":     {first: 164, listed: 164, outcome: 227, rejected: 50},  // measured 170, 170, 235, 52
		"dev-ad.json":     {first: 165, listed: 167, outcome: 222, rejected: 47},  // measured 171, 173, 229, 49
		"dev-ag.json":     {first: 124, listed: 131, outcome: 200, rejected: 86},  // measured 128, 136, 207, 89
		"dev-ah.json":     {first: 147, listed: 161, outcome: 203, rejected: 52},  // measured 152, 166, 210, 54
		"dev-ai.json":     {first: 153, listed: 165, outcome: 201, rejected: 47},  // measured 158, 171, 208, 49
		"dev-aj.json":     {first: 150, listed: 166, outcome: 196, rejected: 50},  // measured 155, 172, 203, 52
		"dev-am.json":     {first: 146, listed: 163, outcome: 194, rejected: 51},  // measured 151, 169, 200, 53
		"dev-an.json":     {first: 137, listed: 154, outcome: 189, rejected: 56},  // measured 142, 159, 195, 58
		"dev-ao.json":     {first: 160, listed: 166, outcome: 217, rejected: 48},  // measured 165, 172, 224, 50
		"dev-ap.json":     {first: 166, listed: 172, outcome: 218, rejected: 45},  // measured 172, 178, 225, 47
		"dev-aq.json":     {first: 113, listed: 116, outcome: 219, rejected: 98},  // measured 117, 120, 226, 102
		"dev-ar.json":     {first: 162, listed: 165, outcome: 222, rejected: 49},  // measured 168, 171, 229, 51
		"dev-as.json":     {first: 156, listed: 165, outcome: 197, rejected: 41},  // measured 161, 171, 204, 43
		"dev-at.json":     {first: 152, listed: 162, outcome: 213, rejected: 51},  // measured 157, 168, 220, 53
		"dev-bb.json":     {first: 161, listed: 169, outcome: 205, rejected: 40},  // measured 167, 175, 212, 42
		"dev-bc.json":     {first: 162, listed: 170, outcome: 209, rejected: 44},  // measured 168, 176, 216, 46
		"dev-bd.json":     {first: 159, listed: 168, outcome: 204, rejected: 45},  // measured 164, 174, 211, 47
		"heldout-ay.json": {first: 159, listed: 166, outcome: 210, rejected: 47},  // measured 164, 172, 217, 49
		"heldout-az.json": {first: 158, listed: 168, outcome: 202, rejected: 46},  // measured 163, 174, 209, 48
		"heldout-ba.json": {first: 165, listed: 168, outcome: 217, rejected: 48},  // measured 171, 174, 224, 50
		"dev-be.json":     {first: 155, listed: 161, outcome: 208, rejected: 49},  // measured 160, 166, 215, 51
		"dev-bf.json":     {first: 153, listed: 158, outcome: 206, rejected: 50},  // measured 158, 163, 213, 52
		"dev-bg.json":     {first: 149, listed: 161, outcome: 200, rejected: 45},  // measured 154, 167, 207, 47
		"dev-e.json":      {first: 175, listed: 178, outcome: 224, rejected: 24},  // measured 181, 184, 231, 25
		"dev-f.json":      {first: 144, listed: 145, outcome: 229, rejected: 60},  // measured 149, 150, 237, 62
		"dev-g.json":      {first: 138, listed: 140, outcome: 227, rejected: 76},  // measured 143, 145, 235, 79
		"dev-h.json":      {first: 166, listed: 172, outcome: 210, rejected: 36},  // measured 172, 178, 217, 38
		"dev-i.json":      {first: 105, listed: 106, outcome: 231, rejected: 97},  // measured 109, 110, 239, 100
		"dev-k.json":      {first: 166, listed: 171, outcome: 215, rejected: 43},  // measured 172, 177, 222, 45
		"dev-m.json":      {first: 169, listed: 171, outcome: 227, rejected: 43},  // measured 175, 177, 235, 45
		"dev-n.json":      {first: 159, listed: 161, outcome: 228, rejected: 61},  // measured 164, 166, 236, 63
		"dev-o.json":      {first: 159, listed: 164, outcome: 215, rejected: 49},  // measured 164, 170, 222, 51
		"dev-r.json":      {first: 166, listed: 172, outcome: 225, rejected: 48},  // measured 172, 178, 232, 50
		"dev-s.json":      {first: 165, listed: 174, outcome: 211, rejected: 43},  // measured 171, 180, 218, 45
		"dev-u.json":      {first: 160, listed: 171, outcome: 215, rejected: 48},  // measured 165, 177, 222, 50
		"dev-v.json":      {first: 160, listed: 168, outcome: 209, rejected: 48},  // measured 165, 174, 216, 50
		"dev-x.json":      {first: 109, listed: 110, outcome: 226, rejected: 114}, // measured 113, 114, 234, 118
		"dev-y.json":      {first: 156, listed: 162, outcome: 215, rejected: 40},  // measured 161, 168, 222, 42
		"dev-z.json":      {first: 156, listed: 162, outcome: 218, rejected: 51},  // measured 161, 168, 225, 53
		"heldout-a.json":  {first: 172, listed: 175, outcome: 226, rejected: 29},  // measured 178, 181, 233, 30
		"heldout-ae.json": {first: 163, listed: 171, outcome: 192, rejected: 38},  // measured 169, 177, 198, 40
		"heldout-af.json": {first: 143, listed: 159, outcome: 200, rejected: 44},  // measured 148, 164, 207, 46
		"heldout-ak.json": {first: 166, listed: 167, outcome: 215, rejected: 42},  // measured 172, 173, 222, 44
		"heldout-al.json": {first: 164, listed: 173, outcome: 214, rejected: 44},  // measured 170, 179, 221, 46
		"heldout-au.json": {first: 154, listed: 165, outcome: 211, rejected: 49},  // measured 159, 171, 218, 51
		"heldout-av.json": {first: 161, listed: 169, outcome: 212, rejected: 44},  // measured 166, 175, 219, 46
		"heldout-aw.json": {first: 161, listed: 163, outcome: 211, rejected: 38},  // measured 166, 169, 218, 40
		"heldout-ax.json": {first: 157, listed: 166, outcome: 208, rejected: 47},  // measured 162, 172, 215, 49
		"heldout-b.json":  {first: 173, listed: 179, outcome: 222, rejected: 29},  // measured 179, 185, 229, 30
		"heldout-c.json":  {first: 171, listed: 174, outcome: 225, rejected: 27},  // measured 177, 180, 232, 28
		"heldout-d.json":  {first: 167, listed: 176, outcome: 207, rejected: 29},  // measured 173, 182, 214, 30
		"heldout-j.json":  {first: 152, listed: 159, outcome: 204, rejected: 40},  // measured 157, 164, 211, 42
		"heldout-l.json":  {first: 153, listed: 160, outcome: 205, rejected: 46},  // measured 158, 165, 212, 48
		"heldout-p.json":  {first: 148, listed: 161, outcome: 200, rejected: 46},  // measured 153, 167, 207, 48
		"heldout-q.json":  {first: 149, listed: 163, outcome: 190, rejected: 47},  // measured 154, 169, 196, 49
		"heldout-t.json":  {first: 158, listed: 161, outcome: 209, rejected: 45},  // measured 163, 167, 216, 47
		"heldout-w.json":  {first: 166, listed: 172, outcome: 216, rejected: 43},  // measured 172, 178, 223, 45
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
