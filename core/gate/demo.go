package gate

// CoreTokenScopes are the scopes of the Core's own token. The Core submits
// on behalf of every caller, so its token carries every scope an Action it
// forwards may need: read, operate, tend and admin (so an owner's "restart
// the system" from /serve can be submitted and wait for approval). These
// scopes are a ceiling, never authority: the token is of kind ai, so each of
// its calls is ai or rule and passes the gate, the device also requires the
// Heart-On-Behalf-Of caller to hold the target's scope (Tokens.CheckScope),
// and an ai token can never approve. It has no heart.propose, heart.brain or
// heart.gateway: brains and gateways use their own tokens.
var CoreTokenScopes = []string{ScopeRead, ScopeOperate, ScopeTend, ScopeAdmin}

// DemoTokens are the demo-mode tokens of decisions.md §2, with the fixed
// values outside checks use (demo-owner, ...) and fixed ids.
func DemoTokens() []Token {
	return []Token{
		{ID: "00000000-0000-4000-8000-000000000001", Name: "owner", Value: "demo-owner", Kind: KindHuman, Scopes: append([]string(nil), AllScopes...), Clearance: ClearanceOwner},
		{ID: "00000000-0000-4000-8000-000000000002", Name: "operator", Value: "demo-operator", Kind: KindHuman, Scopes: []string{ScopeRead, ScopeOperate, ScopeTend}, Clearance: ClearanceOperator},
		{ID: "00000000-0000-4000-8000-000000000003", Name: "viewer", Value: "demo-viewer", Kind: KindHuman, Scopes: []string{ScopeRead}, Clearance: ClearanceInternal},
		{ID: "00000000-0000-4000-8000-000000000004", Name: "brain", Value: "demo-brain", Kind: KindAI, Scopes: []string{ScopePropose, ScopeBrain}, Clearance: ClearanceInternal},
		{ID: "00000000-0000-4000-8000-000000000005", Name: "gateway", Value: "demo-gateway", Kind: KindPeer, Scopes: []string{ScopeGateway}, Clearance: ClearanceInternal},
		{ID: "00000000-0000-4000-8000-000000000006", Name: "core", Value: "demo-core", Kind: KindAI, Scopes: append([]string(nil), CoreTokenScopes...), Clearance: ClearanceInternal, Core: true},
	}
}

// NewDemoTokens is a table seeded with DemoTokens.
func NewDemoTokens() *Tokens {
	ts := NewTokens(0)
	for _, t := range DemoTokens() {
		if err := ts.Add(t); err != nil {
			panic(err) // the demo set is fixed and valid; a failure is a bug here
		}
	}
	return ts
}
