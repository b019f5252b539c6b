package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
)

// postTendingStop is intercepted (decisions.md §1): the Core stops its own
// activity at once, then forwards Stop to the device. With the link down it
// has still stopped itself, and says so.
func (c *Core) postTendingStop(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	c.stopSelf()
	return c.forward(ctx, req)
}

// stopSelf ends everything the Core does on its own. Today the Core runs no
// Trials or Playbooks, so there is nothing to undo; the hook is where they go.
func (c *Core) stopSelf() {}
