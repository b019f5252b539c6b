package core

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/heart-core/heart-web/core/brain"
	"github.com/heart-core/heart-web/core/device"
)

// brainless carries out a brainless transition on the device (§7.8 rule
// 4), after package brain has already stopped every consultation: it
// cancels the Actions a brain left waiting for approval, lowers autonomy
// to the brainless ceiling, and raises the alert. Each call has the device
// client's timeout; a call that fails is recorded in the transition (GET
// /brain shows it) and does not stop the others. The Core holds no
// Proposals or Trials of its own in this build, so there are none to
// cancel or undo.
func (c *Core) brainless(ctx context.Context, tr brain.Transition) {
	if c.dev == nil {
		tr.Problems = append(tr.Problems, "no device to reach")
		c.brain.Note(tr)
		return
	}
	tr.Cancelled, tr.Problems = c.cancelBrainActions(ctx)
	if from, err := c.lowerForBrainless(ctx); err != nil {
		tr.Problems = append(tr.Problems, err.Error())
	} else {
		tr.LoweredFrom = from
	}
	if id, err := c.raiseBrainAlert(ctx, tr); err != nil {
		tr.Problems = append(tr.Problems, err.Error())
	} else {
		tr.AlertID = id
	}
	c.brain.Note(tr)
}

// cancelBrainActions cancels every Action still waiting for approval that
// an ai asked for on its own. An Action /serve submitted on a person's
// behalf (onBehalfOf set) stays: a brainless Core still does every Action
// a person asks for (rule 5).
func (c *Core) cancelBrainActions(ctx context.Context) (cancelled, problems []string) {
	var list struct {
		Actions []struct {
			ID         string                `json:"id"`
			Initiator  struct{ Kind string } `json:"initiator"`
			OnBehalfOf string                `json:"onBehalfOf"`
		} `json:"actions"`
	}
	if err := c.dev.GetJSON(ctx, "/heart/v1/actions?state=waiting", &list); err != nil {
		return nil, []string{"listing waiting Actions: " + err.Error()}
	}
	for _, a := range list.Actions {
		if a.Initiator.Kind != "ai" || a.OnBehalfOf != "" {
			continue
		}
		resp, err := c.dev.Do(ctx, "POST", "/heart/v1/actions/"+a.ID+"/cancel", map[string]any{}, device.On{Initiator: "ai"})
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("cancelling Action %s: %v", a.ID, err))
		case resp.Status >= 300:
			problems = append(problems, fmt.Sprintf("cancelling Action %s: the device answered %d", a.ID, resp.Status))
		default:
			cancelled = append(cancelled, a.ID)
		}
	}
	return cancelled, problems
}

// lowerForBrainless lowers autonomy.current to the brainless ceiling
// (A4) when it is above it, and returns the level it lowered from (0 when
// it was not above). Lowering is always allowed (decisions.md §3).
func (c *Core) lowerForBrainless(ctx context.Context) (int, error) {
	var t struct {
		Autonomy struct {
			Current int `json:"current"`
		} `json:"autonomy"`
	}
	if err := c.dev.GetJSON(ctx, "/heart/v1/tending", &t); err != nil {
		return 0, fmt.Errorf("reading autonomy: %w", err)
	}
	if t.Autonomy.Current <= brain.MaxLevelBrainless {
		return 0, nil
	}
	resp, err := c.dev.Do(ctx, "PUT", "/heart/v1/tending/autonomy", map[string]any{"level": brain.MaxLevelBrainless}, device.On{Initiator: "ai"})
	if err != nil {
		return 0, fmt.Errorf("lowering autonomy: %w", err)
	}
	if resp.Status != 200 {
		return 0, fmt.Errorf("lowering autonomy: the device answered %d", resp.Status)
	}
	return t.Autonomy.Current, nil
}

// raiseBrainAlert raises ai.lease-expired or ai.brain-revoked.
func (c *Core) raiseBrainAlert(ctx context.Context, tr brain.Transition) (string, error) {
	summary := "The brain lease ran out; the Core is brainless and answers from Recall, Playbooks and rules alone."
	if tr.Alert == brain.AlertRevoked {
		summary = "The brain was cut (" + tr.Why + "); the Core is brainless until the owner approves a restore and a new lease comes."
	}
	resp, err := c.dev.Do(ctx, "POST", "/heart/v1/alerts", map[string]any{"code": tr.Alert, "severity": "warning", "summary": summary}, device.On{})
	if err != nil {
		return "", fmt.Errorf("raising %s: %w", tr.Alert, err)
	}
	if resp.Status != 201 && resp.Status != 200 {
		return "", fmt.Errorf("raising %s: the device answered %d", tr.Alert, resp.Status)
	}
	var a struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(resp.Body, &a)
	return a.ID, nil
}
