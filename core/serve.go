package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/sysmap"
)

// postServe is POST /heart/v1/serve (§6). Filled in by the serve pipeline.
func (c *Core) postServe(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.read"); deny != nil {
		return deny
	}
	return api.NewProblem(503, api.CodeUnavailable, "Serving is not available yet.").Response()
}

// onMap is called with each newly built map, under the map lock.
func (c *Core) onMap(*sysmap.Map) {}
