package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/index"
)

// routes registers the Core's own operations; everything else under
// /heart/v1 is the device's and is forwarded.
func (c *Core) routes() {
	c.router.Handle("GET", "/heart/v1/core/index", "getCoreIndex", c.getCoreIndex)
	c.router.Handle("GET", "/heart/v1/core", "getCore", c.getCore)
	c.router.Handle("GET", "/heart/v1/core/map", "getCoreMap", c.getCoreMap)
	c.router.Handle("GET", "/heart/v1/core/updates", "getCoreUpdates", c.getCoreUpdates)
	c.router.Handle("POST", "/heart/v1/core/updates/rollback", "postCoreUpdateRollback", c.postCoreUpdateRollback)
	c.router.Handle("GET", "/heart/v1/card", "getCard", c.getCard)
	c.router.Handle("GET", "/heart/v1/card/modules", "getCardModules", c.getCardModules)
	c.router.Handle("GET", "/heart/v1/pulse", "getPulse", c.getPulse)
	c.router.Handle("POST", "/heart/v1/tending/stop", "postTendingStop", c.postTendingStop)
	c.router.Handle("POST", "/heart/v1/serve", "postServe", c.postServe)
	c.router.Handle("GET", "/heart/v1/valve", "getValve", c.getValve)
	c.router.Handle("PUT", "/heart/v1/valve", "putValve", c.putValve)
	c.router.Handle("GET", "/heart/v1/valve/log", "getValveLog", c.getValveLog)
	c.router.Handle("GET", "/heart/v1/brain", "getBrain", c.getBrain)
	c.router.Handle("PUT", "/heart/v1/brain/lease", "putBrainLease", c.putBrainLease)
	c.router.Handle("POST", "/heart/v1/brain/signal", "postBrainSignal", c.postBrainSignal)
	c.router.Handle("POST", "/heart/v1/brain/restore", "postBrainRestore", c.postBrainRestore)
	c.router.Handle("PUT", "/heart/v1/brain/auto", "putBrainAuto", c.putBrainAuto)
}

// getCoreIndex serves the embedded Index. It needs no token: every Core
// ships the same Index (§4.1), so it tells nobody anything about this system,
// and a page can show it before any device is connected.
func (c *Core) getCoreIndex(_ context.Context, _ *api.Request, _ api.Params) *api.Response {
	return &api.Response{Status: 200, Header: api.Header{"content-type": api.ContentTypeJSON}, Body: index.Raw()}
}
