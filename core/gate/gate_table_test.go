package gate

import (
	"fmt"
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// Levels standing for each mode in the table.
const (
	lvObserve = 0
	lvSuggest = 2
	lvAct     = 3
)

type cell struct {
	name  string
	in    Input
	want  Decision
	admin bool   // ApproverNeedsAdmin when waiting
	code  string // problem code when refused
}

// gateTable is decisions.md §3 written out cell by cell: 4 initiators × 4
// risks × 3 modes, then the allowlist / level 5 / FromServe /
// adoptedPhysical variants. Expected values are written by hand from the
// table, never computed.
var gateTable = []cell{
	// human: acts in every mode; destructive waits for heart.admin.
	{"Human_Read_Observe_Runs", Input{Risk: RiskRead, Initiator: KindHuman, Level: lvObserve}, Run, false, ""},
	{"Human_Read_Suggest_Runs", Input{Risk: RiskRead, Initiator: KindHuman, Level: lvSuggest}, Run, false, ""},
	{"Human_Read_Act_Runs", Input{Risk: RiskRead, Initiator: KindHuman, Level: lvAct}, Run, false, ""},
	{"Human_Write_Observe_Runs", Input{Risk: RiskWrite, Initiator: KindHuman, Level: lvObserve}, Run, false, ""},
	{"Human_Write_Suggest_Runs", Input{Risk: RiskWrite, Initiator: KindHuman, Level: lvSuggest}, Run, false, ""},
	{"Human_Write_Act_Runs", Input{Risk: RiskWrite, Initiator: KindHuman, Level: lvAct}, Run, false, ""},
	{"Human_Physical_Observe_Runs", Input{Risk: RiskPhysical, Initiator: KindHuman, Level: lvObserve}, Run, false, ""},
	{"Human_Physical_Suggest_Runs", Input{Risk: RiskPhysical, Initiator: KindHuman, Level: lvSuggest}, Run, false, ""},
	{"Human_Physical_Act_Runs", Input{Risk: RiskPhysical, Initiator: KindHuman, Level: lvAct}, Run, false, ""},
	{"Human_Destructive_Observe_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindHuman, Level: lvObserve}, Wait, true, ""},
	{"Human_Destructive_Suggest_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindHuman, Level: lvSuggest}, Wait, true, ""},
	{"Human_Destructive_Act_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindHuman, Level: lvAct}, Wait, true, ""},

	// ai
	{"AI_Read_Observe_Runs", Input{Risk: RiskRead, Initiator: KindAI, Level: lvObserve}, Run, false, ""},
	{"AI_Read_Suggest_Runs", Input{Risk: RiskRead, Initiator: KindAI, Level: lvSuggest}, Run, false, ""},
	{"AI_Read_Act_Runs", Input{Risk: RiskRead, Initiator: KindAI, Level: lvAct}, Run, false, ""},
	{"AI_Write_Observe_Refused", Input{Risk: RiskWrite, Initiator: KindAI, Level: lvObserve}, Refuse, false, api.CodeAutonomyStopped},
	{"AI_Write_Suggest_Waits", Input{Risk: RiskWrite, Initiator: KindAI, Level: lvSuggest}, Wait, false, ""},
	{"AI_Write_Act_Waits", Input{Risk: RiskWrite, Initiator: KindAI, Level: lvAct}, Wait, false, ""},
	{"AI_Physical_Observe_Refused", Input{Risk: RiskPhysical, Initiator: KindAI, Level: lvObserve}, Refuse, false, api.CodeAutonomyStopped},
	{"AI_Physical_Suggest_Waits", Input{Risk: RiskPhysical, Initiator: KindAI, Level: lvSuggest}, Wait, false, ""},
	{"AI_Physical_Act_Waits", Input{Risk: RiskPhysical, Initiator: KindAI, Level: lvAct}, Wait, false, ""},
	{"AI_Destructive_Observe_Refused", Input{Risk: RiskDestructive, Initiator: KindAI, Level: lvObserve}, Refuse, false, api.CodeAutonomyStopped},
	{"AI_Destructive_Suggest_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindAI, Level: lvSuggest}, Wait, true, ""},
	{"AI_Destructive_Act_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindAI, Level: lvAct}, Wait, true, ""},

	// rule
	{"Rule_Read_Observe_Runs", Input{Risk: RiskRead, Initiator: KindRule, Level: lvObserve}, Run, false, ""},
	{"Rule_Read_Suggest_Runs", Input{Risk: RiskRead, Initiator: KindRule, Level: lvSuggest}, Run, false, ""},
	{"Rule_Read_Act_Runs", Input{Risk: RiskRead, Initiator: KindRule, Level: lvAct}, Run, false, ""},
	{"Rule_Write_Observe_Refused", Input{Risk: RiskWrite, Initiator: KindRule, Level: lvObserve}, Refuse, false, api.CodeAutonomyStopped},
	{"Rule_Write_Suggest_Waits", Input{Risk: RiskWrite, Initiator: KindRule, Level: lvSuggest}, Wait, false, ""},
	{"Rule_Write_Act_NoAllowlist_Waits", Input{Risk: RiskWrite, Initiator: KindRule, Level: lvAct}, Wait, false, ""},
	{"Rule_Physical_Observe_Refused", Input{Risk: RiskPhysical, Initiator: KindRule, Level: lvObserve}, Refuse, false, api.CodeAutonomyStopped},
	{"Rule_Physical_Suggest_Waits", Input{Risk: RiskPhysical, Initiator: KindRule, Level: lvSuggest}, Wait, false, ""},
	{"Rule_Physical_Act_NotAdopted_Refused", Input{Risk: RiskPhysical, Initiator: KindRule, Level: lvAct}, Refuse, false, api.CodeCallerNotAllowed},
	{"Rule_Destructive_Observe_Refused", Input{Risk: RiskDestructive, Initiator: KindRule, Level: lvObserve}, Refuse, false, api.CodeAutonomyStopped},
	{"Rule_Destructive_Suggest_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindRule, Level: lvSuggest}, Wait, true, ""},
	{"Rule_Destructive_Act_NotAdopted_Refused", Input{Risk: RiskDestructive, Initiator: KindRule, Level: lvAct}, Refuse, false, api.CodeCallerNotAllowed},

	// peer
	{"Peer_Read_Observe_Runs", Input{Risk: RiskRead, Initiator: KindPeer, Level: lvObserve}, Run, false, ""},
	{"Peer_Read_Suggest_Runs", Input{Risk: RiskRead, Initiator: KindPeer, Level: lvSuggest}, Run, false, ""},
	{"Peer_Read_Act_Runs", Input{Risk: RiskRead, Initiator: KindPeer, Level: lvAct}, Run, false, ""},
	{"Peer_Write_Observe_Refused", Input{Risk: RiskWrite, Initiator: KindPeer, Level: lvObserve}, Refuse, false, api.CodeAutonomyStopped},
	{"Peer_Write_Suggest_Waits", Input{Risk: RiskWrite, Initiator: KindPeer, Level: lvSuggest}, Wait, false, ""},
	{"Peer_Write_Act_NoAllowlist_Waits", Input{Risk: RiskWrite, Initiator: KindPeer, Level: lvAct}, Wait, false, ""},
	{"Peer_Physical_Observe_Refused", Input{Risk: RiskPhysical, Initiator: KindPeer, Level: lvObserve}, Refuse, false, api.CodeAutonomyStopped},
	{"Peer_Physical_Suggest_Waits", Input{Risk: RiskPhysical, Initiator: KindPeer, Level: lvSuggest}, Wait, false, ""},
	{"Peer_Physical_Act_Waits", Input{Risk: RiskPhysical, Initiator: KindPeer, Level: lvAct}, Wait, false, ""},
	{"Peer_Destructive_Observe_Refused", Input{Risk: RiskDestructive, Initiator: KindPeer, Level: lvObserve}, Refuse, false, api.CodeAutonomyStopped},
	{"Peer_Destructive_Suggest_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindPeer, Level: lvSuggest}, Wait, true, ""},
	{"Peer_Destructive_Act_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindPeer, Level: lvAct}, Wait, true, ""},

	// Levels inside a mode behave alike.
	{"AI_Write_Level1_IsObserve_Refused", Input{Risk: RiskWrite, Initiator: KindAI, Level: 1}, Refuse, false, api.CodeAutonomyStopped},
	{"Peer_Write_Level4_IsAct_Waits", Input{Risk: RiskWrite, Initiator: KindPeer, Level: 4}, Wait, false, ""},

	// ai and the allowlist: only write, only at level 5, never from /serve.
	{"AI_Write_Allowlist_Level5_Runs", Input{Risk: RiskWrite, Initiator: KindAI, Level: 5, AllowlistMatch: true}, Run, false, ""},
	{"AI_Write_Allowlist_Level4_Waits", Input{Risk: RiskWrite, Initiator: KindAI, Level: 4, AllowlistMatch: true}, Wait, false, ""},
	{"AI_Write_Allowlist_Level3_Waits", Input{Risk: RiskWrite, Initiator: KindAI, Level: 3, AllowlistMatch: true}, Wait, false, ""},
	{"AI_Write_NoAllowlist_Level5_Waits", Input{Risk: RiskWrite, Initiator: KindAI, Level: 5}, Wait, false, ""},
	{"AI_Write_Allowlist_Level5_FromServe_Waits", Input{Risk: RiskWrite, Initiator: KindAI, Level: 5, AllowlistMatch: true, FromServe: true}, Wait, false, ""},
	{"AI_Write_Allowlist_Suggest_Waits", Input{Risk: RiskWrite, Initiator: KindAI, Level: lvSuggest, AllowlistMatch: true}, Wait, false, ""},
	{"AI_Physical_Allowlist_Level5_AlwaysWaits", Input{Risk: RiskPhysical, Initiator: KindAI, Level: 5, AllowlistMatch: true}, Wait, false, ""},
	{"AI_Physical_Allowlist_Level5_Adopted_AlwaysWaits", Input{Risk: RiskPhysical, Initiator: KindAI, Level: 5, AllowlistMatch: true, AdoptedPhysical: true}, Wait, false, ""},
	{"AI_Destructive_Allowlist_Level5_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindAI, Level: 5, AllowlistMatch: true}, Wait, true, ""},

	// rule: allowlist, and adoptedPhysical for physical.
	{"Rule_Write_Allowlist_Act_Runs", Input{Risk: RiskWrite, Initiator: KindRule, Level: lvAct, AllowlistMatch: true}, Run, false, ""},
	{"Rule_Write_Allowlist_Suggest_Waits", Input{Risk: RiskWrite, Initiator: KindRule, Level: lvSuggest, AllowlistMatch: true}, Wait, false, ""},
	{"Rule_Write_Allowlist_Observe_Refused", Input{Risk: RiskWrite, Initiator: KindRule, Level: 1, AllowlistMatch: true}, Refuse, false, api.CodeAutonomyStopped},
	{"Rule_Physical_Adopted_Allowlist_Act_Runs", Input{Risk: RiskPhysical, Initiator: KindRule, Level: lvAct, AllowlistMatch: true, AdoptedPhysical: true}, Run, false, ""},
	{"Rule_Physical_Adopted_NoAllowlist_Act_Waits", Input{Risk: RiskPhysical, Initiator: KindRule, Level: lvAct, AdoptedPhysical: true}, Wait, false, ""},
	{"Rule_Physical_NotAdopted_Allowlist_Act_Refused", Input{Risk: RiskPhysical, Initiator: KindRule, Level: lvAct, AllowlistMatch: true}, Refuse, false, api.CodeCallerNotAllowed},
	{"Rule_Physical_Adopted_Allowlist_Suggest_Waits", Input{Risk: RiskPhysical, Initiator: KindRule, Level: lvSuggest, AllowlistMatch: true, AdoptedPhysical: true}, Wait, false, ""},
	{"Rule_Physical_Adopted_Allowlist_Observe_Refused", Input{Risk: RiskPhysical, Initiator: KindRule, Level: lvObserve, AllowlistMatch: true, AdoptedPhysical: true}, Refuse, false, api.CodeAutonomyStopped},
	{"Rule_Destructive_Adopted_Allowlist_Act_Runs", Input{Risk: RiskDestructive, Initiator: KindRule, Level: lvAct, AllowlistMatch: true, AdoptedPhysical: true}, Run, false, ""},
	{"Rule_Destructive_Adopted_NoAllowlist_Act_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindRule, Level: lvAct, AdoptedPhysical: true}, Wait, true, ""},

	// peer: allowlist for write only.
	{"Peer_Write_Allowlist_Act_Runs", Input{Risk: RiskWrite, Initiator: KindPeer, Level: lvAct, AllowlistMatch: true}, Run, false, ""},
	{"Peer_Write_Allowlist_Suggest_Waits", Input{Risk: RiskWrite, Initiator: KindPeer, Level: lvSuggest, AllowlistMatch: true}, Wait, false, ""},
	{"Peer_Physical_Allowlist_Act_AlwaysWaits", Input{Risk: RiskPhysical, Initiator: KindPeer, Level: 5, AllowlistMatch: true}, Wait, false, ""},

	// human: the allowlist changes nothing.
	{"Human_Destructive_Allowlist_WaitsForAdmin", Input{Risk: RiskDestructive, Initiator: KindHuman, Level: 5, AllowlistMatch: true}, Wait, true, ""},

	// /serve: always ai, only reads run.
	{"Serve_HumanKind_Write_CountsAsAI_Waits", Input{Risk: RiskWrite, Initiator: KindHuman, Level: lvAct, FromServe: true}, Wait, false, ""},
	{"Serve_Physical_Act_Waits", Input{Risk: RiskPhysical, Initiator: KindAI, Level: 5, FromServe: true, AllowlistMatch: true, AdoptedPhysical: true}, Wait, false, ""},
	{"Serve_Read_Runs", Input{Risk: RiskRead, Initiator: KindAI, Level: lvObserve, FromServe: true}, Run, false, ""},
	{"Serve_Write_Observe_Refused", Input{Risk: RiskWrite, Initiator: KindHuman, Level: lvObserve, FromServe: true}, Refuse, false, api.CodeAutonomyStopped},
	{"Serve_Rule_Write_Allowlist_Waits", Input{Risk: RiskWrite, Initiator: KindRule, Level: 5, FromServe: true, AllowlistMatch: true}, Wait, false, ""},

	// Fail closed on what the gate does not know.
	{"UnknownRisk_AI_CountsAsDestructive_WaitsForAdmin", Input{Risk: "bogus", Initiator: KindAI, Level: 5, AllowlistMatch: true}, Wait, true, ""},
	{"UnknownRisk_Human_CountsAsDestructive_WaitsForAdmin", Input{Risk: "", Initiator: KindHuman, Level: lvAct}, Wait, true, ""},
	{"UnknownKind_Refused", Input{Risk: RiskRead, Initiator: "robot", Level: lvAct}, Refuse, false, api.CodeCallerNotAllowed},
}

func TestGate_Table(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range gateTable {
		require.False(t, seen[c.name], "duplicate cell %s", c.name)
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) {
			v := Decide(c.in)
			assert.Equal(t, c.want, v.Decision)
			assert.NotEmpty(t, v.Reason, "every verdict says why")
			if c.want == Wait {
				assert.Equal(t, c.admin, v.ApproverNeedsAdmin, "ApproverNeedsAdmin")
			}
			if c.want == Refuse {
				require.NotNil(t, v.Problem)
				assert.Equal(t, c.code, v.Problem.Code)
			} else {
				assert.Nil(t, v.Problem)
			}
		})
	}
}

// The 48 base cells are all present: 4 initiators × 4 risks × 3 modes.
func TestGate_Table_CoversEveryBaseCell(t *testing.T) {
	for _, k := range []Kind{KindHuman, KindAI, KindRule, KindPeer} {
		for _, r := range []Risk{RiskRead, RiskWrite, RiskPhysical, RiskDestructive} {
			for _, lv := range []int{lvObserve, lvSuggest, lvAct} {
				found := false
				for _, c := range gateTable {
					if c.in == (Input{Risk: r, Initiator: k, Level: lv}) {
						found = true
					}
				}
				assert.True(t, found, "missing cell %s/%s/level %d", k, r, lv)
			}
		}
	}
}

func TestGate_Act_AIPhysical_AlwaysWaits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genInput(t)
		in.Initiator = KindAI
		in.Risk = rapid.SampledFrom([]Risk{RiskPhysical, RiskDestructive}).Draw(t, "risk")
		v := Decide(in)
		if v.Decision == Run {
			t.Fatalf("ai %s ran without a person: %+v", in.Risk, in)
		}
	})
}

func TestGate_NonReadFromServe_NeverRuns(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genInput(t)
		in.FromServe = true
		if in.Risk == RiskRead {
			return
		}
		if v := Decide(in); v.Decision == Run {
			t.Fatalf("/serve ran %s without a person: %+v", in.Risk, in)
		}
	})
}

func TestGate_Observe_OnlyHumansAndReadsRun(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genInput(t)
		in.Level = rapid.IntRange(-3, 1).Draw(t, "level")
		v := Decide(in)
		if v.Decision == Run && in.Risk != RiskRead && (in.Initiator != KindHuman || in.FromServe) {
			t.Fatalf("mode observe ran %+v", in)
		}
	})
}

func TestGate_Refuse_AlwaysCarriesProblem(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := Decide(genInput(t))
		if (v.Decision == Refuse) != (v.Problem != nil) {
			t.Fatalf("decision %s with problem %v", v.Decision, v.Problem)
		}
	})
}

func genInput(t *rapid.T) Input {
	return Input{
		Risk:            rapid.SampledFrom([]Risk{RiskRead, RiskWrite, RiskPhysical, RiskDestructive, "x"}).Draw(t, "risk"),
		Initiator:       rapid.SampledFrom([]Kind{KindHuman, KindAI, KindRule, KindPeer}).Draw(t, "kind"),
		Level:           rapid.IntRange(-1, 6).Draw(t, "level"),
		FromServe:       rapid.Bool().Draw(t, "serve"),
		AllowlistMatch:  rapid.Bool().Draw(t, "allow"),
		AdoptedPhysical: rapid.Bool().Draw(t, "adopted"),
	}
}

func TestModeForLevel_Bands(t *testing.T) {
	want := map[int]Mode{-1: ModeObserve, 0: ModeObserve, 1: ModeObserve, 2: ModeSuggest, 3: ModeAct, 4: ModeAct, 5: ModeAct, 6: ModeAct}
	for lv, m := range want {
		t.Run(fmt.Sprint(lv), func(t *testing.T) { assert.Equal(t, m, ModeForLevel(lv)) })
	}
}

func TestEffectiveRisk_AIPhysicalIsDestructive(t *testing.T) {
	cases := []struct {
		r    Risk
		k    Kind
		want Risk
	}{
		{RiskPhysical, KindAI, RiskDestructive},
		{RiskPhysical, KindHuman, RiskPhysical},
		{RiskPhysical, KindRule, RiskPhysical},
		{RiskPhysical, KindPeer, RiskPhysical},
		{RiskWrite, KindAI, RiskWrite},
		{RiskRead, KindAI, RiskRead},
		{"nonsense", KindHuman, RiskDestructive},
	}
	for _, c := range cases {
		t.Run(string(c.r)+"_"+string(c.k), func(t *testing.T) { assert.Equal(t, c.want, EffectiveRisk(c.r, c.k)) })
	}
}
