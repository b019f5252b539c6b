package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/device"
)

// postTendingStop is intercepted (decisions.md §1): the Core stops its own
// activity at once, then forwards Stop to the device. With the link down it
// has still stopped itself, and says so.
func (c *Core) postTendingStop(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	c.stopSelf()
	return c.forward(ctx, req)
}

// stopFor is Stop asked for through /serve: the Core stops itself at once,
// then asks the device to stop as ai on behalf of the caller (§6.2 rule 1:
// everything from /serve runs as ai). Stop is risk read, so the device runs
// it at once; its answer is returned as it is.
func (c *Core) stopFor(ctx context.Context, caller string) *api.Response {
	c.stopSelf()
	resp, err := c.dev.Do(ctx, "POST", "/heart/v1/tending/stop", map[string]any{}, device.On{Initiator: "ai", OnBehalfOf: caller, Serve: true})
	if err != nil {
		return api.ErrorResponse(err)
	}
	return resp
}

// stopSelf ends everything the Core does on its own. Today the Core runs no
// Trials or Playbooks, so there is nothing to undo; the hook is where they go.
func (c *Core) stopSelf() {}
