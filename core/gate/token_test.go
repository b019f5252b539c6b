package gate

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDemoTokens_AsDecisions2Says(t *testing.T) {
	ts := NewDemoTokens()
	cases := []struct {
		value     string
		name      string
		kind      Kind
		scopes    []string
		clearance Clearance
		core      bool
	}{
		{"demo-owner", "owner", KindHuman, AllScopes, ClearanceOwner, false},
		{"demo-operator", "operator", KindHuman, []string{ScopeRead, ScopeOperate, ScopeTend}, ClearanceOperator, false},
		{"demo-viewer", "viewer", KindHuman, []string{ScopeRead}, ClearanceInternal, false},
		{"demo-brain", "brain", KindAI, []string{ScopePropose, ScopeBrain}, ClearanceInternal, false},
		{"demo-gateway", "gateway", KindPeer, []string{ScopeGateway}, ClearanceInternal, false},
		{"demo-core", "core", KindAI, CoreTokenScopes, ClearanceInternal, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tok, ok := ts.Lookup(c.value)
			require.True(t, ok)
			assert.Equal(t, c.name, tok.Name)
			assert.Equal(t, c.kind, tok.Kind)
			assert.ElementsMatch(t, c.scopes, tok.Scopes)
			assert.Equal(t, c.clearance, tok.Clearance)
			assert.Equal(t, c.core, tok.Core)
		})
	}
	assert.Len(t, ts.List(), 6)
	assert.False(t, demo("core").Has(ScopeBrain), "the Core token cannot lease brains")
}

func TestToken_Value_NeverMarshalled_HintHidesIt(t *testing.T) {
	for _, tok := range DemoTokens() {
		raw, err := json.Marshal(tok)
		require.NoError(t, err)
		assert.NotContains(t, string(raw), tok.Value)
		h := Hint(tok.Value)
		assert.NotEqual(t, tok.Value, h)
		assert.True(t, strings.HasSuffix(h, "…"))
	}
	assert.Equal(t, "demo-o…", Hint("demo-owner"))
	assert.Equal(t, "…", Hint("abcd"))
	assert.Equal(t, "abcd…", Hint("abcdefgh"))
	assert.Equal(t, "…", Hint(""))
}

func TestTokens_AddRevokeBound(t *testing.T) {
	ts := NewTokens(2)
	a := Token{ID: "1", Name: "a", Value: "va", Kind: KindHuman, Clearance: ClearanceOwner}
	require.NoError(t, ts.Add(a))
	requireProblem(t, ts.Add(Token{ID: "2", Name: "a", Value: "vb", Kind: KindHuman, Clearance: ClearanceOwner}), 409, api.CodeConflict)
	requireProblem(t, ts.Add(Token{ID: "2", Name: "b", Value: "va", Kind: KindHuman, Clearance: ClearanceOwner}), 409, api.CodeConflict)
	requireProblem(t, ts.Add(Token{ID: "1", Name: "b", Value: "vb", Kind: KindHuman, Clearance: ClearanceOwner}), 409, api.CodeConflict)
	requireProblem(t, ts.Add(Token{ID: "2", Name: "b", Value: "vb", Kind: "robot", Clearance: ClearanceOwner}), 400, api.CodeInvalidRequest)
	require.NoError(t, ts.Add(Token{ID: "2", Name: "b", Value: "vb", Kind: KindAI, Clearance: ClearancePublic}))
	requireProblem(t, ts.Add(Token{ID: "3", Name: "c", Value: "vc", Kind: KindAI, Clearance: ClearancePublic}), 409, api.CodeConflict)
	require.NoError(t, ts.Revoke("1"))
	_, ok := ts.Lookup("va")
	assert.False(t, ok, "a revoked token no longer works")
	_, ok = ts.ByName("a")
	assert.False(t, ok)
	requireProblem(t, ts.Revoke("1"), 404, api.CodeNotFound)
	_, ok = ts.Lookup("")
	assert.False(t, ok)
	assert.Equal(t, []string{"b"}, ts.Names())
}

func TestClearance_AtLeast_Order(t *testing.T) {
	order := []Clearance{ClearancePublic, ClearanceInternal, ClearanceOperator, ClearanceOwner}
	for i, a := range order {
		for j, b := range order {
			assert.Equal(t, i >= j, a.AtLeast(b), "%s >= %s", a, b)
		}
		assert.False(t, a.AtLeast("secret"), "an unknown minimum is never reached")
		assert.False(t, Clearance("root").AtLeast(a), "an unknown clearance reaches nothing")
	}
}

func TestTokens_ReturnedScopes_CannotChangeTable(t *testing.T) {
	ts := NewDemoTokens()
	v, _ := ts.Lookup("demo-viewer")
	v.Scopes[0] = ScopeAdmin
	l := ts.List()
	l[2].Scopes[0] = ScopeAdmin
	again, _ := ts.ByName("viewer")
	assert.Equal(t, []string{ScopeRead}, again.Scopes)
}
