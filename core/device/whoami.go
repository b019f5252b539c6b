package device

import (
	"context"
	"sync"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// Caller is who a request to the Core comes from, as the device says.
type Caller struct {
	Name      string   `json:"name"`
	Kind      string   `json:"kind"`
	Scopes    []string `json:"scopes"`
	Clearance string   `json:"clearance"`
}

// Has reports whether the caller holds scope.
func (c Caller) Has(scope string) bool {
	for _, s := range c.Scopes {
		if s == scope {
			return true
		}
	}
	return false
}

// Person reports whether the token is a person's (kind human), not an ai,
// a rule's or a peer's.
func (c Caller) Person() bool { return c.Kind == "human" }

// Callers checks a caller's token by asking the device's GET /whoami with it
// (one token table, the device's), caching answers for TTL so a burst of
// requests costs one call. The cache is bounded.
type Callers struct {
	Transport api.Transport
	Now       func() time.Time
	TTL       time.Duration
	Max       int

	mu    sync.Mutex
	cache map[string]cachedCaller
}

type cachedCaller struct {
	caller Caller
	until  time.Time
}

// Lookup returns the caller for token, or a 401 problem.
func (w *Callers) Lookup(ctx context.Context, token string) (Caller, error) {
	if token == "" {
		return Caller{}, api.NewProblem(401, api.CodeUnauthorized, "A bearer token is required.")
	}
	now := w.Now()
	w.mu.Lock()
	if c, ok := w.cache[token]; ok && now.Before(c.until) {
		w.mu.Unlock()
		return c.caller, nil
	}
	w.mu.Unlock()

	ctx, cancel := context.WithTimeout(ctx, DefaultTimeout)
	defer cancel()
	req := api.NewRequest("GET", "/heart/v1/whoami", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := w.Transport.RoundTrip(ctx, req)
	if err != nil {
		return Caller{}, api.Problemf(503, api.CodeDeviceUnreachable, "The device could not check the token: %v.", err)
	}
	var c Caller
	if err := Decode(resp, &c); err != nil {
		if p, ok := err.(*api.Problem); ok && p.Status == 401 {
			return Caller{}, p
		}
		return Caller{}, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cache == nil || len(w.cache) >= w.max() {
		w.cache = map[string]cachedCaller{} // bounded: start over rather than grow
	}
	w.cache[token] = cachedCaller{caller: c, until: now.Add(w.ttl())}
	return c, nil
}

func (w *Callers) ttl() time.Duration {
	if w.TTL > 0 {
		return w.TTL
	}
	return 5 * time.Second
}

func (w *Callers) max() int {
	if w.Max > 0 {
		return w.Max
	}
	return 256
}
