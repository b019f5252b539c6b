package core

import (
	"context"
	"encoding/json"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/device"
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
	tier, targets, err := c.resolver(m)
	if err != nil {
		return api.Problemf(503, api.CodeUnavailable, "The Recall tier could not be built from this system's map: %v.", err).Response()
	}
	env := &serve.Env{
		Map: m, Targets: targets, Resolver: tier, Device: ownFirst{c: c, auth: req.Header.Get("Authorization")}, Stated: recall.Stated,
		Questions: &c.questions, Templates: c.templates, Now: c.deviceNow(ctx), MaxRunes: c.limits.MaxTextRunes,
		Stop: func(ctx context.Context) *api.Response { return c.stopFor(ctx, who.Name) },
	}
	out, err := serve.Serve(ctx, env, who, in)
	if err != nil {
		return api.ErrorResponse(err)
	}
	c.count(func(k *Counters) { k.Served++ })
	return api.JSON(200, out)
}

// deviceNow is the device's clock (GET /time): a time expression such as
// "Sunday night" or "in an hour" is resolved against the clock that will
// run the schedule, which may differ from the Core's (a simulated device,
// a Core on another machine). The Core's own clock stands in if the device
// does not say.
func (c *Core) deviceNow(ctx context.Context) time.Time {
	var t struct {
		Time time.Time `json:"time"`
	}
	if err := c.dev.GetJSON(ctx, "/heart/v1/time", &t); err == nil && !t.Time.IsZero() {
		return t.Time
	}
	return c.cfg.Clock.Now()
}

// ownFirst sends the pipeline's calls made for the caller to the Core's own
// operations where the Core serves them (GET /core, /core/map, the merged
// Card and Pulse, the Valve), with the caller's own token and the call's
// Heart-Initiator, and everything else to the device. /serve itself and
// Stop are never reached this way.
type ownFirst struct {
	c    *Core
	auth string
}

// Owns reports whether Do sends method and target to the Core's own
// operations rather than to the device.
func (o ownFirst) Owns(method, target string) bool {
	_, _, _, ok := o.route(method, target)
	return ok
}

// route finds the Core's own operation for method and target: every one
// the router knows but /serve itself and Stop.
func (o ownFirst) route(method, target string) (*api.Request, api.Params, api.RouteFunc, bool) {
	req := api.NewRequest(method, target, nil)
	id, p, fn, found, ok := o.c.router.Match(req.Method, req.Path)
	return req, p, fn, found && ok && id != "postServe" && id != "postTendingStop"
}

func (o ownFirst) Do(ctx context.Context, method, target string, body any, on device.On) (*api.Response, error) {
	if on.Initiator != "" {
		if req, p, fn, ok := o.route(method, target); ok {
			if body != nil {
				raw, err := json.Marshal(body)
				if err != nil {
					return nil, api.NewProblem(400, api.CodeInvalidRequest, "The request could not be encoded.")
				}
				req.Body = raw
			}
			req.Header.Set("Authorization", o.auth)
			// the route knows the call is made for someone, not by them
			// (putValve refuses such a call: only a person changes the Valve)
			req.Header.Set("Heart-Initiator", on.Initiator)
			return fn(ctx, req, p), nil
		}
	}
	return o.c.dev.Do(ctx, method, target, body, on)
}

// ResetQuestions forgets every open question (the Understanding runner
// starts each case afresh).
func (c *Core) ResetQuestions() { c.questions.Reset() }
