package core

import (
	"context"
	"time"
	"unicode/utf8"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/brain"
	"github.com/heart-core/heart-web/core/sysmap"
)

// The brain module (§7.8) is the Core's (decisions.md §1: the brain lease
// is the Core's). Its state is package brain; here are its routes and the
// brainless transition's calls to the device (brainless.go).

// defaultMaxLease caps every lease when the device's Card sets no lower
// card.brain.maxLeaseSec: a Command Center that stops renewing takes the
// brain away within the hour at most.
const defaultMaxLease = time.Hour

// maxReasonRunes bounds a signal's reason, which GET /brain shows.
const maxReasonRunes = 500

// brainLimits are the module's limits from the device's Card: the lower
// lease cap of the Card's and the Core's. Restore always needs the owner
// here (the merged Card says so): a cut brain never comes back on the
// Command Center's word alone.
func brainLimits(card sysmap.Card) brain.Limits {
	l := brain.Limits{MaxLease: defaultMaxLease, RestoreNeedsOwner: true, RefusalsPerHour: card.Limits.BrainRefusalsPerHour,
		ApprovalTimeout: time.Duration(card.ApprovalTimeoutSec) * time.Second}
	if card.Brain != nil && card.Brain.MaxLeaseSec > 0 {
		l.MaxLease = min(l.MaxLease, time.Duration(card.Brain.MaxLeaseSec)*time.Second)
	}
	return l
}

// brainCard is the merged Card's brain block.
func (c *Core) brainCard() map[string]any {
	s := c.brain.Status(c.cfg.Clock.Now())
	return map[string]any{"maxLeaseSec": s.MaxLeaseSec, "restoreNeedsOwner": s.RestoreNeedsOwner}
}

// checkBrain ends a lease whose time is up before anything else is served
// (rule 4) and carries out the transition.
func (c *Core) checkBrain(ctx context.Context) {
	if tr := c.brain.Check(c.cfg.Clock.Now()); tr != nil {
		c.brainless(ctx, *tr)
	}
}

func (c *Core) brainStatus() *api.Response {
	return api.JSON(200, c.brain.Status(c.cfg.Clock.Now()))
}

// getBrain is GET /heart/v1/brain.
func (c *Core) getBrain(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.read"); deny != nil {
		return deny
	}
	return c.brainStatus()
}

// putBrainLease is PUT /heart/v1/brain/lease: the Command Center grants or
// renews the lease. /serve never reaches it (serve: no).
func (c *Core) putBrainLease(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.brain"); deny != nil {
		return deny
	}
	lease, err := brain.ParseLeasePut(req.Body)
	if err != nil {
		return api.ErrorResponse(err)
	}
	tr, err := c.brain.Grant(lease, c.cfg.Clock.Now())
	if tr != nil {
		c.brainless(ctx, *tr)
	}
	if err != nil {
		return api.ErrorResponse(err)
	}
	return c.brainStatus()
}

// postBrainSignal is POST /heart/v1/brain/signal: cut the brain now. It is
// the safe direction, so it runs at once, from /serve too.
func (c *Core) postBrainSignal(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.brain"); deny != nil {
		return deny
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if len(req.Body) > 0 {
		if err := api.DecodeStrict(req.Body, &in); err != nil {
			return api.ErrorResponse(err)
		}
	}
	if utf8.RuneCountInString(in.Reason) > maxReasonRunes {
		return api.Problemf(400, api.CodeInvalidRequest, "A reason is at most %d characters.", maxReasonRunes).WithField("reason").Response()
	}
	if tr := c.brain.Signal(in.Reason, c.cfg.Clock.Now()); tr != nil {
		c.brainless(ctx, *tr)
	}
	return c.brainStatus()
}

// postBrainRestore is POST /heart/v1/brain/restore. Called by the owner (a
// person with heart.admin) it is the owner's approval of rule 7; asked for
// through /serve it waits for the owner (brain.Request).
func (c *Core) postBrainRestore(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	who, deny := c.caller(ctx, req, "heart.admin")
	if deny != nil {
		return deny
	}
	if len(req.Body) > 0 {
		var none struct{}
		if err := api.DecodeStrict(req.Body, &none); err != nil {
			return api.ErrorResponse(err)
		}
	}
	if held := c.holdForOwner(req, who.Person(), who.Name, brain.OpRestore, nil); held != nil {
		return held
	}
	c.brain.ApproveRestore(c.cfg.Clock.Now())
	return c.brainStatus()
}

// putBrainAuto is PUT /heart/v1/brain/auto: {"enabled": bool}.
func (c *Core) putBrainAuto(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	who, deny := c.caller(ctx, req, "heart.admin")
	if deny != nil {
		return deny
	}
	var in struct {
		Enabled *bool `json:"enabled"`
	}
	if err := api.DecodeStrict(req.Body, &in); err != nil {
		return api.ErrorResponse(err)
	}
	if in.Enabled == nil {
		return api.NewProblem(400, api.CodeInvalidRequest, "Say whether auto mode is on: {\"enabled\": true} or false.").WithField("enabled").Response()
	}
	if held := c.holdForOwner(req, who.Person(), who.Name, brain.OpAuto, map[string]any{"enabled": *in.Enabled}); held != nil {
		return held
	}
	c.brain.SetAuto(*in.Enabled, c.cfg.Clock.Now())
	return c.brainStatus()
}

// holdForOwner answers 202 with a held request when the call is not a
// person's own (it came through /serve, which says so with Heart-Initiator,
// or from a token that is not a person's); nil when the person's call may
// go ahead.
func (c *Core) holdForOwner(req *api.Request, person bool, name, op string, args map[string]any) *api.Response {
	if person && req.Header.Get("Heart-Initiator") == "" {
		return nil
	}
	r := c.brain.Hold(op, args, name, c.cfg.Clock.Now())
	return api.JSON(202, map[string]any{"request": r})
}
