package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
)

// forward passes a device operation through unchanged: the caller's own
// token goes with it, so the device's gate judges the caller, not the Core.
func (c *Core) forward(ctx context.Context, req *api.Request) *api.Response {
	if c.cfg.Device == nil {
		return noDevice().Response()
	}
	c.count(func(k *Counters) { k.Forwarded++ })
	out := *req
	out.Header = req.Header.Clone()
	// Only the Core may speak for someone else; a caller's own Heart-* claims
	// are dropped here as well as ignored by the device.
	for _, h := range []string{"heart-initiator", "heart-on-behalf-of", "heart-rule-id", "heart-serve"} {
		delete(out.Header, h)
	}
	ctx, cancel := context.WithTimeout(ctx, c.limits.DeviceTimeout)
	defer cancel()
	resp, err := c.cfg.Device.RoundTrip(ctx, &out)
	if err != nil {
		c.count(func(k *Counters) { k.DeviceErrors++ })
		if ctx.Err() != nil {
			return api.Problemf(504, api.CodeTimeout, "The device did not answer %s %s in time.", req.Method, req.Path).Response()
		}
		return api.Problemf(503, api.CodeDeviceUnreachable, "The device could not be reached: %v.", err).Response()
	}
	return resp
}
