package gate

import (
	"sort"
	"sync"

	"github.com/heart-core/heart-web/core/api"
)

// Kind is who stands behind an Action (decisions.md §2).
type Kind string

// Initiator kinds.
const (
	KindHuman Kind = "human"
	KindAI    Kind = "ai"
	KindRule  Kind = "rule"
	KindPeer  Kind = "peer"
)

// Valid says whether k is one of the four kinds.
func (k Kind) Valid() bool {
	return k == KindHuman || k == KindAI || k == KindRule || k == KindPeer
}

// Token scopes (api-operations.md).
const (
	ScopeRead    = "heart.read"
	ScopeOperate = "heart.operate"
	ScopeTend    = "heart.tend"
	ScopeAdmin   = "heart.admin"
	ScopePropose = "heart.propose"
	ScopeBrain   = "heart.brain"
	ScopeGateway = "heart.gateway"
)

// AllScopes is every scope, the owner's set.
var AllScopes = []string{ScopeRead, ScopeOperate, ScopeTend, ScopeAdmin, ScopePropose, ScopeBrain, ScopeGateway}

// Token is one bearer token of the device's table. Value is the secret; it
// is never marshalled (json:"-") so no listing or log can carry it: use Hint.
// Core marks the Core's own token, the only one whose Heart-Initiator and
// Heart-On-Behalf-Of headers are trusted (decisions.md §1).
type Token struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Value     string    `json:"-"`
	Kind      Kind      `json:"kind"`
	Scopes    []string  `json:"scopes"`
	Clearance Clearance `json:"clearance"`
	Core      bool      `json:"core,omitempty"`
}

// Has says whether the token holds scope.
func (t Token) Has(scope string) bool {
	for _, s := range t.Scopes {
		if s == scope {
			return true
		}
	}
	return false
}

// Hint shows a token value the way listings do (docs/data-shapes.md:
// "demo-o…"): at most the first six characters and an ellipsis, never the
// whole value. At least four characters always stay hidden, so a short
// value shows less or nothing.
func Hint(value string) string {
	n := min(6, max(0, len(value)-4))
	return value[:n] + "…"
}

// DefaultMaxTokens bounds a token table.
const DefaultMaxTokens = 64

// Tokens is the device's token table, bounded. It is safe for concurrent
// use: every call looks a token up while POST /tokens may add one.
type Tokens struct {
	mu      sync.RWMutex
	max     int
	byID    map[string]Token
	byValue map[string]string // value → id
	order   []string
}

// NewTokens makes an empty table holding at most max tokens (DefaultMaxTokens when max <= 0).
func NewTokens(max int) *Tokens {
	if max <= 0 {
		max = DefaultMaxTokens
	}
	return &Tokens{max: max, byID: map[string]Token{}, byValue: map[string]string{}}
}

// Add stores t. The ID, the name and the value must be new: a name names one
// token, because Heart-On-Behalf-Of refers to callers by name.
func (ts *Tokens) Add(t Token) error {
	if t.ID == "" || t.Name == "" || t.Value == "" || !t.Kind.Valid() || !t.Clearance.Valid() {
		return api.NewProblem(400, api.CodeInvalidRequest, "A token needs an id, a name, a value, a kind and a clearance.")
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if len(ts.byID) >= ts.max {
		return api.Problemf(409, api.CodeConflict, "The token table is full (%d tokens); revoke one first.", ts.max)
	}
	if _, dup := ts.byID[t.ID]; dup {
		return api.Problemf(409, api.CodeConflict, "A token with id %q exists.", t.ID)
	}
	if _, dup := ts.byValue[t.Value]; dup {
		return api.NewProblem(409, api.CodeConflict, "That token value is taken.")
	}
	if _, ok := ts.byNameLocked(t.Name); ok {
		return api.Problemf(409, api.CodeConflict, "A token named %q exists.", t.Name)
	}
	t.Scopes = append([]string(nil), t.Scopes...)
	ts.byID[t.ID] = t
	ts.byValue[t.Value] = t.ID
	ts.order = append(ts.order, t.ID)
	return nil
}

// Lookup finds the token presented as a bearer value.
func (ts *Tokens) Lookup(value string) (Token, bool) {
	ts.mu.RLock()
	defer ts.mu.RUnlock()
	id, ok := ts.byValue[value]
	if !ok || value == "" {
		return Token{}, false
	}
	return ts.byID[id].clone(), true
}

// clone copies t so a caller cannot change the table through Scopes.
func (t Token) clone() Token {
	t.Scopes = append([]string(nil), t.Scopes...)
	return t
}

// ByName finds a token by its name (Heart-On-Behalf-Of carries names).
func (ts *Tokens) ByName(name string) (Token, bool) {
	ts.mu.RLock()
	defer ts.mu.RUnlock()
	return ts.byNameLocked(name)
}

func (ts *Tokens) byNameLocked(name string) (Token, bool) {
	for _, id := range ts.order {
		if t := ts.byID[id]; t.Name == name {
			return t.clone(), true
		}
	}
	return Token{}, false
}

// Revoke removes the token with id; 404 not-found when there is none.
func (ts *Tokens) Revoke(id string) error {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t, ok := ts.byID[id]
	if !ok {
		return api.Problemf(404, api.CodeNotFound, "No token has id %q.", id)
	}
	delete(ts.byID, id)
	delete(ts.byValue, t.Value)
	for i, o := range ts.order {
		if o == id {
			ts.order = append(ts.order[:i:i], ts.order[i+1:]...)
			break
		}
	}
	return nil
}

// List returns the tokens in the order they were added.
func (ts *Tokens) List() []Token {
	ts.mu.RLock()
	defer ts.mu.RUnlock()
	out := make([]Token, 0, len(ts.order))
	for _, id := range ts.order {
		out = append(out, ts.byID[id].clone())
	}
	return out
}

// Names returns the token names, sorted (for messages and tests).
func (ts *Tokens) Names() []string {
	ts.mu.RLock()
	defer ts.mu.RUnlock()
	out := make([]string, 0, len(ts.order))
	for _, id := range ts.order {
		out = append(out, ts.byID[id].Name)
	}
	sort.Strings(out)
	return out
}
