package sim

import (
	"strconv"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
)

// decisionBody is approve and deny (docs/data-shapes.md).
type decisionBody struct {
	Digest string `json:"digest"`
	Reason string `json:"reason,omitempty"`
}

func listActions(c *call) *api.Response {
	f := gate.Filter{State: gate.State(c.req.Query.Get("state")), Target: c.req.Query.Get("target")}
	if l := c.req.Query.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 0 {
			return api.NewProblem(400, api.CodeInvalidRequest, "limit must be a whole number.").WithField("limit").Response()
		}
		f.Limit = n
	}
	return api.JSON(200, map[string]any{"actions": c.s.book.List(f)})
}

func getAction(c *call) *api.Response {
	a, err := c.s.book.Get(c.p["id"])
	if err != nil {
		return api.ErrorResponse(err)
	}
	return api.JSON(200, a)
}

// approveAction approves with the digest (no bait and switch) and runs the
// Action at once: its guards are checked now, not when it was asked for.
func approveAction(c *call) *api.Response {
	s := c.s
	var b decisionBody
	if err := api.DecodeStrict(c.req.Body, &b); err != nil {
		return api.ErrorResponse(err)
	}
	if b.Digest == "" {
		return api.NewProblem(400, api.CodeInvalidRequest, "Approving needs the Action's digest.").WithField("digest").Response()
	}
	if _, err := s.book.Approve(c.p["id"], b.Digest, c.tok); err != nil {
		return api.ErrorResponse(err)
	}
	a, err := s.book.Start(c.p["id"])
	if err != nil {
		return api.ErrorResponse(err)
	}
	if t := s.trialTimer(a.ID); t != nil {
		s.startTrialTimer(a, nil)
	}
	final, _, _, _ := s.execute(a)
	return api.JSON(200, map[string]any{"action": final})
}

func denyAction(c *call) *api.Response {
	var b decisionBody
	if err := decode(c.req.Body, &b, true); err != nil {
		return api.ErrorResponse(err)
	}
	a, err := c.s.book.Deny(c.p["id"], b.Digest, c.tok, b.Reason)
	if err != nil {
		return api.ErrorResponse(err)
	}
	c.s.closeTrial(a.ID, "The first Action was denied.")
	return api.JSON(200, map[string]any{"action": a})
}

func cancelAction(c *call) *api.Response {
	var empty struct{} // the body is optional, and empty when given (EmptyRequest)
	if err := decode(c.req.Body, &empty, true); err != nil {
		return api.ErrorResponse(err)
	}
	a, err := c.s.book.Cancel(c.p["id"], c.tok)
	if err != nil {
		return api.ErrorResponse(err)
	}
	c.s.closeTrial(a.ID, "The first Action was cancelled.")
	return api.JSON(200, map[string]any{"action": a})
}

// closeTrial ends the timer of a Trial whose first Action will never run.
func (s *Sim) closeTrial(firstID, why string) {
	if t := s.trialTimer(firstID); t != nil && t.State == "awaiting-approval" {
		t.State, t.Reason = "undone", why
	}
}
