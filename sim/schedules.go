package sim

import (
	"strings"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
)

// maxScheduleAhead bounds how far ahead an operation may be scheduled: two
// years, so next year's service or shutdown can be planned, and a mistyped
// year ("2072") is caught.
const maxScheduleAhead = 731 * 24 * time.Hour

type scheduleBody struct {
	Target    string         `json:"target"`
	Arguments map[string]any `json:"arguments,omitempty"`
	At        string         `json:"at"`
}

var riskOrder = map[gate.Risk]int{gate.RiskRead: 0, gate.RiskWrite: 1, gate.RiskPhysical: 2, gate.RiskDestructive: 3}

// prepSchedule validates the operation inside and judges the postSchedule
// Action by the higher of its own risk and the scheduled target's, and
// asks for the target's scope: approving the schedule approves the
// operation for its time (docs/data-shapes.md).
func prepSchedule(c *call) (*submission, error) {
	s := c.s
	var b scheduleBody
	if err := api.DecodeStrict(c.req.Body, &b); err != nil {
		return nil, err
	}
	at, err := time.Parse(time.RFC3339, b.At)
	if err != nil {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "at must be an RFC 3339 time, like 2026-01-05T22:00:00Z.").WithField("at")
	}
	if !at.After(s.now()) || at.Sub(s.now()) > maxScheduleAhead {
		return nil, api.NewProblem(422, api.CodeOutOfRange, "at must be in the future and at most two years (731 days) ahead.").WithField("at")
	}
	if b.Arguments == nil {
		b.Arguments = map[string]any{}
	}
	sub := &submission{target: c.op.ID, risk: c.op.Risk, scope: c.op.Scope}
	if d := s.definition(b.Target); d != nil {
		if p := d.Arguments.Validate(b.Arguments); p != nil {
			p.Field = "arguments." + p.Field
			return nil, p
		}
		b.Arguments = d.Arguments.ApplyDefaults(b.Arguments)
		sub.callers = d.Callers
		if err := s.tokens.CheckScope(c.tok, c.ini, s.ops["postCapabilityInvoke"].Scope); err != nil {
			return nil, err
		}
		sub.risk = maxRisk(sub.risk, gate.Risk(d.Risk))
	} else if o, ok := s.ops[b.Target]; ok && o.run != nil && o.ID != "postSchedule" {
		if err := s.tokens.CheckScope(c.tok, c.ini, o.Scope); err != nil {
			return nil, err
		}
		sub.risk = maxRisk(sub.risk, o.Risk)
	} else if o, ok := s.scheduledRead(b.Target); ok {
		if err := s.tokens.CheckScope(c.tok, c.ini, o.Scope); err != nil {
			return nil, err
		}
		if _, _, missing := readArgs(o, b.Arguments); len(missing) > 0 {
			return nil, api.Problemf(400, api.CodeInvalidRequest, "%s needs %s in arguments.", o.ID, strings.Join(missing, ", ")).WithField("arguments")
		}
	} else {
		return nil, api.Problemf(400, api.CodeInvalidRequest, "%q is not a capability or an operation that can be scheduled.", b.Target).WithField("target")
	}
	pending := 0
	for _, x := range s.st.Schedules {
		if x.State == "pending" {
			pending++
		}
	}
	if pending >= maxSchedules {
		return nil, api.Problemf(409, api.CodeConflict, "%d schedules are pending; cancel one first.", maxSchedules)
	}
	sub.args = map[string]any{"target": b.Target, "arguments": b.Arguments, "at": at.UTC().Format(time.RFC3339)}
	return sub, nil
}

func maxRisk(a, b gate.Risk) gate.Risk {
	if riskOrder[b] > riskOrder[a] {
		return b
	}
	return a
}

func runSchedule(s *Sim, a gate.Action) (int, any, error) {
	at, _ := time.Parse(time.RFC3339, a.Arguments["at"].(string))
	args, _ := a.Arguments["arguments"].(map[string]any)
	sc := Schedule{ID: s.newID(), Target: a.Arguments["target"].(string), Arguments: args, At: at, State: "pending",
		CreatedAt: s.now(), CreatedBy: gate.Decider{Token: a.Initiator.Token, Kind: a.Initiator.Kind}, ActionID: a.ID, OnBehalfOf: a.OnBehalfOf}
	// Forget the oldest finished schedule when full (pending ones were bounded in prep).
	if len(s.st.Schedules) >= maxSchedules {
		for i, x := range s.st.Schedules {
			if x.State != "pending" {
				s.st.Schedules = append(s.st.Schedules[:i:i], s.st.Schedules[i+1:]...)
				break
			}
		}
	}
	s.st.Schedules = appendBounded(s.st.Schedules, sc, maxSchedules)
	if sc.OnBehalfOf != "" {
		if s.st.ScheduleOBO == nil {
			s.st.ScheduleOBO = map[string]string{}
		}
		s.st.ScheduleOBO[sc.ID] = sc.OnBehalfOf
	}
	s.bus.publish("schedule", sc, false)
	return 201, sc, nil
}

// fireSchedules runs every pending schedule that is due. The fired Action
// runs under the approval of the postSchedule Action (approvedBy).
func (s *Sim) fireSchedules(now time.Time) {
	for i := range s.st.Schedules {
		sc := &s.st.Schedules[i]
		if sc.State != "pending" || sc.At.After(now) {
			continue
		}
		risk, scope := gate.RiskWrite, gate.ScopeOperate
		if d := s.definition(sc.Target); d != nil {
			risk = gate.Risk(d.Risk)
		} else if o, ok := s.ops[sc.Target]; ok {
			risk, scope = o.Risk, o.Scope
		}
		ini := gate.Initiator{Kind: sc.CreatedBy.Kind, Token: sc.CreatedBy.Token, OnBehalfOf: s.st.ScheduleOBO[sc.ID]}
		delete(s.st.ScheduleOBO, sc.ID)
		a, err := s.book.Submit(gate.Submission{Target: sc.Target, Arguments: sc.Arguments, Risk: risk, Scope: scope, Initiator: ini, ApprovedBy: sc.ActionID},
			gate.Verdict{Decision: gate.Run, Reason: "Scheduled for " + sc.At.Format(time.RFC3339) + "; approved with Action " + sc.ActionID + "."})
		if err != nil {
			sc.State = "failed"
			s.logf("error", "scheduler", "Schedule %s could not run: %v", sc.ID, err)
			continue
		}
		sc.FiredActionID = a.ID
		final, _, _, err := s.execute(a)
		sc.State = "done"
		if err != nil || final.State == gate.StateFailed {
			sc.State = "failed"
		}
		s.bus.publish("schedule", *sc, false)
	}
}

func (s *Sim) schedule(id string) *Schedule {
	for i := range s.st.Schedules {
		if s.st.Schedules[i].ID == id {
			return &s.st.Schedules[i]
		}
	}
	return nil
}

func getSchedules(c *call) *api.Response {
	out := c.s.st.Schedules
	if out == nil {
		out = []Schedule{}
	}
	return api.JSON(200, map[string]any{"schedules": out})
}

func getSchedule(c *call) *api.Response {
	sc := c.s.schedule(c.p["id"])
	if sc == nil {
		return api.Problemf(404, api.CodeNotFound, "No schedule has id %q.", c.p["id"]).Response()
	}
	return api.JSON(200, sc)
}

func prepDeleteSchedule(c *call) (*submission, error) {
	sc := c.s.schedule(c.p["id"])
	if sc == nil {
		return nil, api.Problemf(404, api.CodeNotFound, "No schedule has id %q.", c.p["id"])
	}
	if sc.State != "pending" {
		return nil, api.Problemf(409, api.CodeConflict, "The schedule is %s; only a pending one can be cancelled.", sc.State)
	}
	return &submission{target: c.op.ID, risk: c.op.Risk, args: map[string]any{"id": sc.ID}}, nil
}

func runDeleteSchedule(s *Sim, a gate.Action) (int, any, error) {
	sc := s.schedule(a.Arguments["id"].(string))
	if sc == nil || sc.State != "pending" {
		return 0, nil, api.NewProblem(409, api.CodeConflict, "The schedule is no longer pending.")
	}
	sc.State = "cancelled"
	delete(s.st.ScheduleOBO, sc.ID)
	s.bus.publish("schedule", *sc, false)
	return 200, sc, nil
}
