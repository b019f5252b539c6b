package core

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/heart-core/heart-web/core/api"
)

// The Core answers GET /card, /card/modules and /pulse with the device's
// answer plus its own part (decisions.md §1, "Who owns what"): its modules in
// the Card, its reasoning tier and any autonomy limit of its own in the Pulse.

func (c *Core) getCard(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	return c.mergeDevice(ctx, req, func(doc map[string]any) {
		mods, _ := doc["modules"].([]any)
		doc["modules"] = appendMissing(appendMissing(mods, "core"), "brain")
		doc["brain"] = c.brainCard()
	})
}

func (c *Core) getCardModules(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	return c.mergeDevice(ctx, req, func(doc map[string]any) {
		mods, _ := doc["modules"].([]any)
		for _, name := range []string{"core", "brain"} {
			if !hasModule(mods, name) {
				mods = append(mods, map[string]any{"name": name, "version": "1.0"})
			}
		}
		doc["modules"] = mods
	})
}

func (c *Core) getPulse(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	return c.mergeDevice(ctx, req, func(doc map[string]any) {
		doc["ai"] = map[string]any{"reasoning": c.reasoning()}
		if aut, ok := doc["autonomy"].(map[string]any); ok && c.brain.LimitsAutonomy() {
			aut["limitedBy"] = "brain-cut"
		}
	})
}

// reasoning is the Pulse's ai.reasoning: with no model in the Model Slot the
// Core resolves with Reflex and Recall only.
func (c *Core) reasoning() string { return "rules-only" }

// mergeDevice forwards req and lets edit change the device's JSON object
// before it is returned. A device error is returned as it is.
func (c *Core) mergeDevice(ctx context.Context, req *api.Request, edit func(map[string]any)) *api.Response {
	resp := c.forward(ctx, req)
	if resp.Status != 200 {
		return resp
	}
	dec := json.NewDecoder(bytes.NewReader(resp.Body))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil || doc == nil {
		return api.NewProblem(502, api.CodeDeviceUnreachable, "The device answered with a body the Core cannot read.").Response()
	}
	edit(doc)
	return api.JSON(200, doc)
}

func hasModule(mods []any, name string) bool {
	for _, m := range mods {
		if mm, ok := m.(map[string]any); ok && mm["name"] == name {
			return true
		}
	}
	return false
}

func appendMissing(list []any, name string) []any {
	for _, v := range list {
		if v == name {
			return list
		}
	}
	return append(list, name)
}
