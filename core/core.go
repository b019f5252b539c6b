// Package core is the HEART Core: one Handler (decisions.md §1) that serves the
// Core's own endpoints and forwards every other /heart/v1 call to the device
// through its Transport. It has no I/O of its own: clock, transport, storage
// and randomness are injected through Config.
package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/index"
)

// Config is everything the Core needs from its host.
type Config struct {
	// Device reaches the device's HEART API. Nil means no device yet: calls
	// that need one answer 503 device-unreachable.
	Device api.Transport
	Clock  clock.Clock
}

// Core is the running Core. It implements api.Handler.
type Core struct {
	cfg    Config
	router api.Router
}

// New builds a Core from cfg.
func New(cfg Config) *Core {
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	c := &Core{cfg: cfg}
	c.routes()
	return c
}

func (c *Core) routes() {
	c.router.Handle("GET", "/heart/v1/core/index", "getCoreIndex", c.getCoreIndex)
}

// Serve answers one request: the Core's own operations here, the rest forwarded.
func (c *Core) Serve(ctx context.Context, req *api.Request) *api.Response {
	return c.router.Serve(ctx, req)
}

func (c *Core) getCoreIndex(_ context.Context, _ *api.Request, _ api.Params) *api.Response {
	return &api.Response{Status: 200, Header: api.Header{"content-type": api.ContentTypeJSON}, Body: index.Raw()}
}
