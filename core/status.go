package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
)

// CoreState is the body of GET /heart/v1/core (§11 Serve interface).
type CoreState struct {
	Version     string   `json:"version"`
	Tiers       Tiers    `json:"tiers"`
	MapRevision string   `json:"mapRevision,omitempty"`
	Limits      Limits   `json:"limits"`
	Counters    Counters `json:"counters"`
	Lease       Lease    `json:"lease"`
	Storage     Storage  `json:"storage"`
	Device      string   `json:"device"`
}

// Tiers says which tiers of §5 exist and which one serves now.
type Tiers struct {
	Available []string `json:"available"`
	InUse     string   `json:"inUse"`
}

// Lease is the brain lease state (§7.8); without the brain module the Core
// is brainless by construction.
type Lease struct {
	State string `json:"state"`
}

// Storage is what the Core keeps in its storage.
type Storage struct {
	UsedBytes int `json:"usedBytes"`
	Entries   int `json:"entries"`
}

func (c *Core) getCore(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.read"); deny != nil {
		return deny
	}
	st := CoreState{Version: "1.0", Tiers: Tiers{Available: []string{"reflex", "recall"}, InUse: "recall"},
		Limits: c.limits, Lease: Lease{State: "brainless"}, Device: "connected"}
	if m, err := c.Map(ctx); err == nil {
		st.MapRevision = m.Revision
	} else {
		st.Device = "unreachable"
	}
	c.mu.Lock()
	st.Counters = c.counters
	c.mu.Unlock()
	st.Counters.QuestionDrops = c.questions.Drops()
	return api.JSON(200, st)
}

func (c *Core) getCoreMap(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.read"); deny != nil {
		return deny
	}
	m, err := c.Map(ctx)
	if err != nil {
		return api.ErrorResponse(err)
	}
	return api.JSON(200, m)
}
