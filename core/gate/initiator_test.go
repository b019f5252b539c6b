package gate

import (
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func hdr(kv ...string) api.Header {
	h := api.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	return h
}

func TestResolveInitiator(t *testing.T) {
	cases := []struct {
		name     string
		caller   Token
		h        api.Header
		want     Initiator
		noteHas  string
		noteNone bool
	}{
		{"Human_NoHeaders_IsItself", demo("operator"), hdr(), Initiator{Kind: KindHuman, Token: "operator"}, "", true},
		{"Brain_NoHeaders_IsAI", demo("brain"), hdr(), Initiator{Kind: KindAI, Token: "brain"}, "", true},
		{"Core_NoHeaders_IsAI", demo("core"), hdr(), Initiator{Kind: KindAI, Token: "core"}, "", true},
		{"Core_AIOnBehalf_Trusted", demo("core"), hdr("Heart-Initiator", "ai", "Heart-On-Behalf-Of", "operator"),
			Initiator{Kind: KindAI, Token: "core", OnBehalfOf: "operator"}, "", true},
		{"Core_Rule_WithRuleID_Trusted", demo("core"), hdr("heart-initiator", "rule", "HEART-RULE-ID", "pb-1"),
			Initiator{Kind: KindRule, Token: "core", RuleID: "pb-1"}, "", true},
		{"Core_Rule_WithoutRuleID_Noted", demo("core"), hdr("Heart-Initiator", "rule"), Initiator{Kind: KindRule, Token: "core"}, "without Heart-Rule-Id", false},
		{"Core_ClaimsHuman_Ignored", demo("core"), hdr("Heart-Initiator", "human"), Initiator{Kind: KindAI, Token: "core"}, "only as ai or rule", false},
		{"Core_ClaimsPeer_Ignored", demo("core"), hdr("Heart-Initiator", "peer"), Initiator{Kind: KindAI, Token: "core"}, "only as ai or rule", false},
		{"Core_RuleIDWithoutRule_Ignored", demo("core"), hdr("Heart-Initiator", "ai", "Heart-Rule-Id", "pb-1"), Initiator{Kind: KindAI, Token: "core"}, "Heart-Rule-Id", false},
		{"Brain_ClaimsRule_Ignored", demo("brain"), hdr("Heart-Initiator", "rule", "Heart-Rule-Id", "pb-1"), Initiator{Kind: KindAI, Token: "brain"}, "only the Core's token", false},
		{"Operator_OnBehalfOfOwner_Ignored", demo("operator"), hdr("Heart-On-Behalf-Of", "owner"), Initiator{Kind: KindHuman, Token: "operator"}, "Heart-On-Behalf-Of", false},
		{"Owner_ClaimsAI_Ignored", demo("owner"), hdr("Heart-Initiator", "ai"), Initiator{Kind: KindHuman, Token: "owner"}, "Heart-Initiator", false},
		{"Gateway_ClaimsHuman_Ignored", demo("gateway"), hdr("Heart-Initiator", "human"), Initiator{Kind: KindPeer, Token: "gateway"}, "ignored", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, note := ResolveInitiator(c.caller, c.h)
			assert.Equal(t, c.want, got)
			if c.noteNone {
				assert.Empty(t, note)
			} else {
				assert.Contains(t, lower(note), lower(c.noteHas))
			}
		})
	}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func TestCheckScope_CallerAndOnBehalfOfBothNeedIt(t *testing.T) {
	ts := NewDemoTokens()
	core := demo("core")
	cases := []struct {
		name   string
		caller Token
		behalf string
		scope  string
		ok     bool
	}{
		{"Core_ForOperator_Operate_OK", core, "operator", ScopeOperate, true},
		{"Core_ForViewer_Operate_Refused", core, "viewer", ScopeOperate, false},
		{"Core_ForViewer_AdminRead_Refused", core, "viewer", ScopeAdmin, false},
		{"Core_ForOwner_Admin_OK", core, "owner", ScopeAdmin, true},
		{"Core_ForUnknown_Refused", core, "mallory", ScopeRead, false},
		{"Core_Alone_Read_OK", core, "", ScopeRead, true},
		{"Core_ForOwner_Brain_CoreLacksIt_Refused", core, "owner", ScopeBrain, false},
		{"Viewer_Operate_Refused", demo("viewer"), "", ScopeOperate, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := ts.CheckScope(c.caller, Initiator{Kind: KindAI, Token: c.caller.Name, OnBehalfOf: c.behalf}, c.scope)
			if c.ok {
				require.NoError(t, err)
				return
			}
			requireProblem(t, err, 403, api.CodeCallerNotAllowed)
		})
	}
}
