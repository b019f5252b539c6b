package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/valve"
)

// The Valve (decisions.md §1: the Core owns it) says what data may leave
// the system and where to. Its rules live in the Core's memory: the Core
// has no storage yet, so a restart returns to valve.Default, under which
// nothing leaves. This build has no brain and no gateway module, so
// nothing sends data out and the log stays empty.

// getValve is GET /heart/v1/valve.
func (c *Core) getValve(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.read"); deny != nil {
		return deny
	}
	return api.JSON(200, c.valve.Document())
}

// getValveLog is GET /heart/v1/valve/log: the newest entries first.
func (c *Core) getValveLog(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.read"); deny != nil {
		return deny
	}
	limit, bad := req.Limit(100, valve.MaxLog)
	if bad != nil {
		return bad.Response()
	}
	return api.JSON(200, valve.Log{Entries: c.valve.Entries(limit)})
}

// detailValveNeedsPerson keys putValve's refusal of a change not made by a
// person (explain templates.json, coreDetails).
const detailValveNeedsPerson = "valve-needs-person"

// putValve is PUT /heart/v1/valve: a person with heart.admin replaces the
// rules. A call from anything else (an ai, rule or peer token, or the
// Core's own /serve acting for someone, which says so with Heart-Initiator)
// is refused before the body is read: approvals live on the device
// (decisions.md §1), so the Core has nowhere to hold a Valve change for a
// person, and it never makes one without a person. A refused or invalid
// body changes nothing. The refusal's detail is English for programs;
// /serve says it in the request's language (explain templates.json,
// coreDetails).
func (c *Core) putValve(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	who, deny := c.caller(ctx, req, "heart.admin")
	if deny != nil {
		return deny
	}
	if !who.Person() || req.Header.Get("Heart-Initiator") != "" {
		return api.NewProblem(409, api.CodeConflict, c.templates.CoreDetail(detailValveNeedsPerson)).Response()
	}
	doc, err := valve.Parse(req.Body)
	if err == nil {
		err = c.valve.Set(doc)
	}
	if err != nil {
		return api.ErrorResponse(err)
	}
	return api.JSON(200, c.valve.Document())
}
