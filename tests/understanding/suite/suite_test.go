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
// sets E to I, K, M to O, R to Z, AA to AD, AG to AJ, AM to AT, BB to BG,
// BN to BP, BT to BV, BZ to CD, CK to CP, CT to CV, DD to DI, DM to DO, DS
// to DU and DY to EA; C, D, L, P, Q, T, W, AE, AF, AK, AL, AU to AX, AY to
// BA, BH to BJ, BK to BM, BQ to BS, BW to BY, CE to CJ, CQ to CS, CW to CY,
// DA to DC, DJ to DL, DP to DR and DV to DX were only ever measured (J's figure
// guided one fix, its cases were never read). Each must have no wrong action,
// and stay above floors about 3% under the figures of docs/conformance.md.
func TestSuite_HeldOutSets_NoWrongActionsAndFloors(t *testing.T) {
	type floors struct{ first, listed, outcome, rejected int }
	sets := map[string]floors{
		"dev-aa.json":     {first: 107, listed: 108, outcome: 229, rejected: 105}, // measured 111, 112, 237, 109
		"dev-ab.json":     {first: 161, listed: 164, outcome: 226, rejected: 49},  // measured 166, 170, 233, 51
		"dev-ac.json":     {first: 164, listed: 165, outcome: 230, rejected: 51},  // measured 170, 171, 238, 53
		"dev-ad.json":     {first: 166, listed: 167, outcome: 227, rejected: 50},  // measured 172, 173, 235, 52
		"dev-ag.json":     {first: 128, listed: 131, outcome: 211, rejected: 89},  // measured 132, 136, 218, 92
		"dev-ah.json":     {first: 157, listed: 161, outcome: 216, rejected: 51},  // measured 162, 167, 223, 53
		"dev-ai.json":     {first: 156, listed: 164, outcome: 210, rejected: 47},  // measured 161, 170, 217, 49
		"dev-aj.json":     {first: 160, listed: 170, outcome: 212, rejected: 52},  // measured 165, 176, 219, 54
		"dev-am.json":     {first: 150, listed: 163, outcome: 204, rejected: 51},  // measured 155, 169, 211, 53
		"dev-an.json":     {first: 141, listed: 155, outcome: 202, rejected: 58},  // measured 146, 160, 209, 60
		"dev-ao.json":     {first: 164, listed: 167, outcome: 226, rejected: 50},  // measured 170, 173, 234, 52
		"dev-ap.json":     {first: 169, listed: 173, outcome: 224, rejected: 48},  // measured 175, 179, 231, 50
		"dev-aq.json":     {first: 114, listed: 117, outcome: 223, rejected: 98},  // measured 118, 121, 230, 102
		"dev-ar.json":     {first: 162, listed: 165, outcome: 225, rejected: 50},  // measured 168, 171, 232, 52
		"dev-as.json":     {first: 163, listed: 166, outcome: 221, rejected: 50},  // measured 169, 172, 228, 52
		"dev-at.json":     {first: 156, listed: 162, outcome: 220, rejected: 51},  // measured 161, 168, 227, 53
		"dev-bb.json":     {first: 168, listed: 170, outcome: 229, rejected: 47},  // measured 174, 176, 237, 49
		"dev-bc.json":     {first: 173, listed: 174, outcome: 226, rejected: 47},  // measured 179, 180, 234, 49
		"dev-bd.json":     {first: 168, listed: 168, outcome: 228, rejected: 52},  // measured 174, 174, 236, 54
		"dev-be.json":     {first: 160, listed: 164, outcome: 222, rejected: 49},  // measured 165, 170, 229, 51
		"dev-bf.json":     {first: 155, listed: 159, outcome: 222, rejected: 52},  // measured 160, 164, 229, 54
		"dev-bg.json":     {first: 159, listed: 162, outcome: 222, rejected: 50},  // measured 164, 168, 229, 52
		"dev-bn.json":     {first: 146, listed: 151, outcome: 224, rejected: 69},  // measured 151, 156, 231, 72
		"dev-bo.json":     {first: 139, listed: 147, outcome: 217, rejected: 68},  // measured 144, 152, 224, 71
		"dev-bp.json":     {first: 161, listed: 162, outcome: 226, rejected: 58},  // measured 166, 168, 233, 60
		"dev-bt.json":     {first: 161, listed: 164, outcome: 225, rejected: 53},  // measured 167, 170, 232, 55
		"dev-bu.json":     {first: 149, listed: 150, outcome: 227, rejected: 63},  // measured 154, 155, 235, 65
		"dev-bv.json":     {first: 161, listed: 168, outcome: 218, rejected: 48},  // measured 167, 174, 225, 50
		"dev-bz.json":     {first: 125, listed: 128, outcome: 226, rejected: 91},  // measured 129, 132, 233, 94
		"dev-ca.json":     {first: 137, listed: 137, outcome: 230, rejected: 77},  // measured 142, 142, 238, 80
		"dev-cb.json":     {first: 164, listed: 166, outcome: 227, rejected: 47},  // measured 170, 172, 235, 49
		"dev-cc.json":     {first: 150, listed: 155, outcome: 216, rejected: 60},  // measured 155, 160, 223, 62
		"dev-cd.json":     {first: 142, listed: 158, outcome: 189, rejected: 60},  // measured 147, 163, 195, 62
		"dev-ck.json":     {first: 122, listed: 124, outcome: 231, rejected: 105}, // measured 126, 128, 239, 109
		"dev-cl.json":     {first: 120, listed: 121, outcome: 241, rejected: 109}, // measured 124, 125, 249, 113
		"dev-cm.json":     {first: 111, listed: 111, outcome: 229, rejected: 105}, // measured 115, 115, 237, 109
		"dev-cn.json":     {first: 133, listed: 134, outcome: 250, rejected: 108}, // measured 138, 139, 258, 112
		"dev-co.json":     {first: 124, listed: 126, outcome: 244, rejected: 106}, // measured 128, 130, 252, 110
		"dev-cp.json":     {first: 115, listed: 117, outcome: 211, rejected: 111}, // measured 119, 121, 218, 115
		"dev-ct.json":     {first: 123, listed: 126, outcome: 228, rejected: 102}, // measured 127, 130, 236, 106
		"dev-cu.json":     {first: 119, listed: 120, outcome: 226, rejected: 104}, // measured 123, 124, 234, 108
		"dev-cv.json":     {first: 118, listed: 119, outcome: 236, rejected: 106}, // measured 122, 123, 244, 110
		"dev-dd.json":     {first: 125, listed: 126, outcome: 231, rejected: 98},  // measured 129, 130, 239, 102
		"dev-de.json":     {first: 127, listed: 129, outcome: 229, rejected: 102}, // measured 131, 133, 237, 106
		"dev-df.json":     {first: 129, listed: 129, outcome: 231, rejected: 100}, // measured 133, 134, 239, 104
		"dev-dg.json":     {first: 160, listed: 170, outcome: 205, rejected: 45},  // measured 165, 176, 212, 47
		"dev-dh.json":     {first: 173, listed: 177, outcome: 216, rejected: 48},  // measured 179, 183, 223, 50
		"dev-di.json":     {first: 166, listed: 169, outcome: 223, rejected: 47},  // measured 172, 175, 230, 49
		"dev-dm.json":     {first: 163, listed: 170, outcome: 215, rejected: 51},  // measured 169, 176, 222, 53
		"dev-dn.json":     {first: 163, listed: 172, outcome: 212, rejected: 51},  // measured 169, 178, 219, 53
		"dev-do.json":     {first: 156, listed: 166, outcome: 185, rejected: 49},  // measured 161, 172, 191, 51
		"dev-ds.json":     {first: 125, listed: 127, outcome: 222, rejected: 97},  // measured 129, 131, 229, 101
		"dev-dt.json":     {first: 123, listed: 127, outcome: 222, rejected: 101}, // measured 127, 131, 229, 105
		"dev-du.json":     {first: 126, listed: 128, outcome: 217, rejected: 102}, // measured 130, 132, 224, 106
		"dev-dy.json":     {first: 120, listed: 125, outcome: 224, rejected: 102}, // measured 124, 129, 231, 106
		"dev-dz.json":     {first: 114, listed: 124, outcome: 204, rejected: 98},  // measured 118, 128, 211, 102
		"dev-e.json":      {first: 179, listed: 180, outcome: 225, rejected: 24},  // measured 185, 186, 232, 25
		"dev-ea.json":     {first: 114, listed: 124, outcome: 218, rejected: 103}, // measured 118, 128, 225, 107
		"dev-f.json":      {first: 146, listed: 147, outcome: 230, rejected: 60},  // measured 151, 152, 238, 62
		"dev-g.json":      {first: 139, listed: 140, outcome: 229, rejected: 77},  // measured 144, 145, 237, 80
		"dev-h.json":      {first: 171, listed: 176, outcome: 215, rejected: 36},  // measured 177, 182, 222, 38
		"dev-i.json":      {first: 106, listed: 106, outcome: 232, rejected: 97},  // measured 110, 110, 240, 100
		"dev-k.json":      {first: 166, listed: 171, outcome: 217, rejected: 42},  // measured 172, 177, 224, 44
		"dev-m.json":      {first: 169, listed: 171, outcome: 228, rejected: 43},  // measured 175, 177, 236, 45
		"dev-n.json":      {first: 160, listed: 161, outcome: 229, rejected: 61},  // measured 165, 166, 237, 63
		"dev-o.json":      {first: 163, listed: 166, outcome: 222, rejected: 49},  // measured 169, 172, 229, 51
		"dev-r.json":      {first: 166, listed: 172, outcome: 226, rejected: 48},  // measured 172, 178, 233, 50
		"dev-s.json":      {first: 172, listed: 175, outcome: 220, rejected: 43},  // measured 178, 181, 227, 45
		"dev-u.json":      {first: 164, listed: 171, outcome: 222, rejected: 49},  // measured 170, 177, 229, 51
		"dev-v.json":      {first: 163, listed: 168, outcome: 218, rejected: 47},  // measured 169, 174, 225, 49
		"dev-x.json":      {first: 110, listed: 111, outcome: 228, rejected: 115}, // measured 114, 115, 236, 119
		"dev-y.json":      {first: 161, listed: 163, outcome: 225, rejected: 43},  // measured 167, 169, 232, 45
		"dev-z.json":      {first: 160, listed: 163, outcome: 223, rejected: 51},  // measured 165, 169, 230, 53
		"heldout-a.json":  {first: 172, listed: 175, outcome: 226, rejected: 29},  // measured 178, 181, 233, 30
		"heldout-ae.json": {first: 164, listed: 170, outcome: 210, rejected: 47},  // measured 170, 176, 217, 49
		"heldout-af.json": {first: 152, listed: 160, outcome: 211, rejected: 44},  // measured 157, 165, 218, 46
		"heldout-ak.json": {first: 166, listed: 167, outcome: 218, rejected: 46},  // measured 172, 173, 225, 48
		"heldout-al.json": {first: 166, listed: 173, outcome: 221, rejected: 47},  // measured 172, 179, 228, 49
		"heldout-au.json": {first: 160, listed: 166, outcome: 217, rejected: 49},  // measured 165, 172, 224, 51
		"heldout-av.json": {first: 164, listed: 170, outcome: 219, rejected: 45},  // measured 170, 176, 226, 47
		"heldout-aw.json": {first: 161, listed: 163, outcome: 219, rejected: 41},  // measured 167, 169, 226, 43
		"heldout-ax.json": {first: 161, listed: 167, outcome: 216, rejected: 47},  // measured 166, 173, 223, 49
		"heldout-ay.json": {first: 165, listed: 167, outcome: 225, rejected: 50},  // measured 171, 173, 232, 52
		"heldout-az.json": {first: 160, listed: 168, outcome: 211, rejected: 48},  // measured 165, 174, 218, 50
		"heldout-b.json":  {first: 173, listed: 179, outcome: 223, rejected: 29},  // measured 179, 185, 230, 30
		"heldout-ba.json": {first: 165, listed: 168, outcome: 224, rejected: 49},  // measured 171, 174, 231, 51
		"heldout-bh.json": {first: 161, listed: 168, outcome: 219, rejected: 50},  // measured 167, 174, 226, 52
		"heldout-bi.json": {first: 162, listed: 165, outcome: 224, rejected: 50},  // measured 168, 171, 231, 52
		"heldout-bj.json": {first: 157, listed: 162, outcome: 217, rejected: 52},  // measured 162, 168, 224, 54
		"heldout-bk.json": {first: 153, listed: 160, outcome: 208, rejected: 46},  // measured 158, 165, 215, 48
		"heldout-bl.json": {first: 164, listed: 169, outcome: 221, rejected: 49},  // measured 170, 175, 228, 51
		"heldout-bm.json": {first: 159, listed: 161, outcome: 214, rejected: 42},  // measured 164, 167, 221, 44
		"heldout-bq.json": {first: 165, listed: 168, outcome: 220, rejected: 45},  // measured 171, 174, 227, 47
		"heldout-br.json": {first: 161, listed: 162, outcome: 216, rejected: 53},  // measured 166, 168, 223, 55
		"heldout-bs.json": {first: 157, listed: 161, outcome: 217, rejected: 51},  // measured 162, 167, 224, 53
		"heldout-bw.json": {first: 166, listed: 169, outcome: 222, rejected: 42},  // measured 172, 175, 229, 44
		"heldout-bx.json": {first: 155, listed: 160, outcome: 210, rejected: 44},  // measured 160, 165, 217, 46
		"heldout-by.json": {first: 158, listed: 161, outcome: 220, rejected: 48},  // measured 163, 166, 227, 50
		"heldout-c.json":  {first: 173, listed: 175, outcome: 227, rejected: 28},  // measured 179, 181, 235, 29
		"heldout-ce.json": {first: 160, listed: 162, outcome: 219, rejected: 48},  // measured 165, 168, 226, 50
		"heldout-cf.json": {first: 166, listed: 169, outcome: 220, rejected: 44},  // measured 172, 175, 227, 46
		"heldout-cg.json": {first: 162, listed: 167, outcome: 212, rejected: 48},  // measured 168, 173, 219, 50
		"heldout-ch.json": {first: 156, listed: 159, outcome: 216, rejected: 49},  // measured 161, 164, 223, 51
		"heldout-ci.json": {first: 147, listed: 153, outcome: 221, rejected: 55},  // measured 152, 158, 228, 57
		"heldout-cj.json": {first: 159, listed: 161, outcome: 215, rejected: 49},  // measured 164, 166, 222, 51
		"heldout-cq.json": {first: 157, listed: 162, outcome: 216, rejected: 46},  // measured 162, 168, 223, 48
		"heldout-cr.json": {first: 169, listed: 172, outcome: 218, rejected: 43},  // measured 175, 178, 225, 45
		"heldout-cs.json": {first: 154, listed: 163, outcome: 210, rejected: 48},  // measured 159, 169, 217, 50
		"heldout-cw.json": {first: 168, listed: 172, outcome: 219, rejected: 44},  // measured 174, 178, 226, 46
		"heldout-cx.json": {first: 169, listed: 170, outcome: 225, rejected: 49},  // measured 175, 176, 232, 51
		"heldout-cy.json": {first: 156, listed: 162, outcome: 218, rejected: 46},  // measured 161, 168, 225, 48
		"heldout-d.json":  {first: 170, listed: 176, outcome: 212, rejected: 29},  // measured 176, 182, 219, 30
		"heldout-da.json": {first: 173, listed: 178, outcome: 210, rejected: 44},  // measured 179, 184, 217, 46
		"heldout-db.json": {first: 171, listed: 175, outcome: 212, rejected: 46},  // measured 177, 181, 219, 48
		"heldout-dc.json": {first: 162, listed: 170, outcome: 197, rejected: 47},  // measured 168, 176, 204, 49
		"heldout-dj.json": {first: 167, listed: 174, outcome: 200, rejected: 48},  // measured 173, 180, 207, 50
		"heldout-dk.json": {first: 159, listed: 168, outcome: 175, rejected: 44},  // measured 164, 174, 181, 46
		"heldout-dl.json": {first: 169, listed: 175, outcome: 212, rejected: 50},  // measured 175, 181, 219, 52
		"heldout-dp.json": {first: 168, listed: 178, outcome: 209, rejected: 44},  // measured 174, 184, 216, 46
		"heldout-dq.json": {first: 172, listed: 176, outcome: 212, rejected: 43},  // measured 178, 182, 219, 45
		"heldout-dr.json": {first: 168, listed: 175, outcome: 211, rejected: 39},  // measured 174, 181, 218, 41
		"heldout-dv.json": {first: 160, listed: 173, outcome: 206, rejected: 45},  // measured 165, 179, 213, 47
		"heldout-dw.json": {first: 171, listed: 184, outcome: 202, rejected: 44},  // measured 177, 190, 209, 46
		"heldout-dx.json": {first: 161, listed: 176, outcome: 198, rejected: 42},  // measured 166, 182, 205, 44
		"heldout-eb.json": {first: 160, listed: 161, outcome: 235, rejected: 47},  // measured 165, 167, 243, 49
		"heldout-ec.json": {first: 155, listed: 156, outcome: 235, rejected: 50},  // measured 160, 161, 243, 52
		"heldout-ed.json": {first: 150, listed: 153, outcome: 233, rejected: 48},  // measured 155, 158, 241, 50
		"heldout-ee.json": {first: 156, listed: 157, outcome: 233, rejected: 38},  // measured 161, 162, 241, 40
		"heldout-j.json":  {first: 155, listed: 160, outcome: 209, rejected: 41},  // measured 160, 165, 216, 43
		"heldout-l.json":  {first: 154, listed: 160, outcome: 205, rejected: 46},  // measured 159, 165, 212, 48
		"heldout-p.json":  {first: 156, listed: 162, outcome: 206, rejected: 47},  // measured 161, 168, 213, 49
		"heldout-q.json":  {first: 157, listed: 166, outcome: 206, rejected: 47},  // measured 162, 172, 213, 49
		"heldout-t.json":  {first: 160, listed: 162, outcome: 219, rejected: 47},  // measured 165, 168, 226, 49
		"heldout-w.json":  {first: 166, listed: 171, outcome: 221, rejected: 47},  // measured 172, 177, 228, 49
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
