package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/recall"
	"github.com/heart-core/heart-web/core/serve"
)

// postServe is POST /heart/v1/serve (§6): plain language in, one of five
// outcomes out. The pipeline is package serve; here the Core hands it the
// live Map, the Recall tier built from it, the device client and its own Stop.
func (c *Core) postServe(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	who, deny := c.caller(ctx, req, "heart.read")
	if deny != nil {
		return deny
	}
	var in serve.Request
	if err := api.DecodeStrict(req.Body, &in); err != nil {
		return api.ErrorResponse(err)
	}
	m, err := c.Map(ctx)
	if err != nil {
		return api.ErrorResponse(err)
	}
	tier, err := c.resolver(m)
	if err != nil {
		return api.Problemf(503, api.CodeUnavailable, "The Recall tier could not be built from this system's map: %v.", err).Response()
	}
	env := &serve.Env{
		Map: m, Resolver: tier, Device: c.dev, Stated: recall.Stated,
		Questions: &c.questions, Templates: c.templates, Now: c.cfg.Clock.Now(), MaxRunes: c.limits.MaxTextRunes,
		Stop: func(ctx context.Context) *api.Response {
			stop := api.NewRequest("POST", "/heart/v1/tending/stop", []byte(`{}`))
			stop.Header.Set("Authorization", req.Header.Get("Authorization"))
			stop.Header.Set("Content-Type", api.ContentTypeJSON)
			return c.postTendingStop(ctx, stop, nil)
		},
	}
	out, err := serve.Serve(ctx, env, who, in)
	if err != nil {
		return api.ErrorResponse(err)
	}
	c.count(func(k *Counters) { k.Served++ })
	return api.JSON(200, out)
}

// ResetQuestions forgets every open question (the Understanding runner
// starts each case afresh).
func (c *Core) ResetQuestions() { c.questions.Reset() }
