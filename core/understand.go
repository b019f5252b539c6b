package core

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/heart-core/heart-web/core/recall"
	"github.com/heart-core/heart-web/core/serve"
	"github.com/heart-core/heart-web/core/sysmap"
)

// tierState is the Recall tier built from the live System Map: rebuilt with
// the map (onMap), so the words a request may use always match what this
// system has (§4.2).
type tierState struct {
	mu       sync.Mutex
	revision string
	index    *recall.Index
	targets  *serve.Catalog
	err      error
}

// recallTier adapts a recall.Index to the pipeline's Resolver.
type recallTier struct{ idx *recall.Index }

func (t recallTier) Resolve(text string, ctx serve.Context) serve.Understanding {
	res := t.idx.Resolve(text, recall.Context{Now: ctx.Now, Loc: ctx.Loc, Lang: ctx.Lang})
	u := serve.Understanding{Lang: res.Lang, Decision: res.Decision, Thing: res.Thing, Quantities: len(res.Quantities), Scheduled: res.Scheduled, Pretext: res.Pretext, Hypothetical: res.Hypothetical, Recurring: res.Recurring, StopsAutonomy: res.StopsAutonomy}
	for _, c := range res.Shortlist {
		u.Candidates = append(u.Candidates, serve.Candidate{Target: c.Target, Score: c.Score, Args: c.Args, Grounding: c.Grounding, Missing: c.Missing, Direction: c.Direction})
	}
	if res.When != nil {
		u.When = &serve.When{At: res.When.At, Text: res.When.Text, Vague: res.When.Vague, Until: res.When.Until, Past: res.When.Past, Range: res.When.Range}
	}
	for _, e := range res.Entities {
		u.Entities = append(u.Entities, serve.Entity{Kind: e.Kind, ID: e.ID})
	}
	return u
}

// RecallOptions tune the Recall tier for /serve. AmbiguityMargin decides
// when "two remain" (§6.1 rule 2): the Core asks when the runner-up scores
// within 0.02 of the best. Recall's own default (0.06) made the Core ask
// about one request in six whose best reading was right; 0.02 was measured
// on the Understanding suite (docs/conformance.md), so read its figures
// with that in mind. A wrong reading of a change still cannot act: it waits
// for a person who sees exactly what it would do (§6.2). Exported so that
// tools tracing a reading (go run ./tests/understanding -explain) build the
// tier exactly as /serve does; nothing changes it.
var RecallOptions = recall.Options{AmbiguityMargin: serve.Margin}

// onMap is called with each newly built map, under the map lock: the
// Recall index is rebuilt from it.
func (c *Core) onMap(m *sysmap.Map) {
	idx, err := recall.Build(RecallTargets(m), RecallEntities(m), RecallOptions)
	c.tier.mu.Lock()
	c.tier.revision, c.tier.index, c.tier.targets, c.tier.err = m.Revision, idx, serve.NewCatalog(m), err
	c.tier.mu.Unlock()
	c.questions.Reset() // a question about an older map is not answered with a newer one
	c.brain.SetLimits(brainLimits(m.Card))
}

// resolver returns the tier and the target catalog built for map m.
func (c *Core) resolver(m *sysmap.Map) (serve.Resolver, *serve.Catalog, error) {
	c.tier.mu.Lock()
	defer c.tier.mu.Unlock()
	if c.tier.revision != m.Revision || (c.tier.index == nil && c.tier.err == nil) {
		idx, err := recall.Build(RecallTargets(m), RecallEntities(m), RecallOptions)
		c.tier.revision, c.tier.index, c.tier.targets, c.tier.err = m.Revision, idx, serve.NewCatalog(m), err
	}
	if c.tier.err != nil {
		return nil, nil, c.tier.err
	}
	return recallTier{c.tier.index}, c.tier.targets, nil
}

// RecallTargets are the /serve targets of m as the Recall tier indexes
// them: the Index operations this system has and serves (never `serve: no`,
// never postTendingProposals) and the product's commands.
func RecallTargets(m *sysmap.Map) []recall.Target {
	var out []recall.Target
	for _, t := range serve.NewCatalog(m).Targets() {
		if t.Op != nil {
			rt := recall.Target{ID: t.Name, Kind: "operation", Phrases: t.Op.Phrases, Text: []string{t.Op.Summary}, Risk: t.Risk, Method: t.Op.Method, Path: t.Op.Path}
			for _, p := range t.Op.Parameters {
				rt.Args = append(rt.Args, recall.Arg{Name: p.Name, Type: p.Type, Required: p.Required, Default: p.Default, Enum: p.Enum})
			}
			out = append(out, rt)
			continue
		}
		cmd := t.Command
		rt := recall.Target{ID: cmd.Name, Kind: "command", Text: nonEmpty(cmd.Title, cmd.Description, cmd.Thing, cmd.Component),
			Risk: cmd.Risk, Thing: cmd.Thing, Halt: cmd.Halt}
		for _, a := range cmd.Arguments {
			typ := a.Type
			if a.Format == "date" {
				typ = "date"
			}
			rt.Args = append(rt.Args, recall.Arg{Name: a.Name, Type: typ, Unit: a.Unit, Min: a.Minimum, Max: a.Maximum,
				Default: a.Default, Enum: a.Enum, Required: a.Required, Description: a.Description})
		}
		out = append(out, rt)
	}
	return out
}

// RecallEntities are the things of m a request can name: properties (name,
// title, aliases, unit), components (id, title), things (component kinds)
// and enum values.
func RecallEntities(m *sysmap.Map) []recall.Entity {
	var out []recall.Entity
	if m.Card.Name != "" {
		out = append(out, recall.Entity{Kind: recall.KindSystemName, ID: m.Card.Name})
	}
	enums := map[string]bool{}
	for _, p := range m.Properties {
		out = append(out, recall.Entity{Kind: "property", ID: p.Name, Aliases: nonEmpty(append([]string{p.Title}, p.Aliases...)...), Unit: p.Unit})
		for _, v := range p.Enum {
			enums[v] = true
		}
	}
	things := map[string]bool{}
	for _, c := range m.Components {
		out = append(out, recall.Entity{Kind: "component", ID: c.ID, Aliases: nonEmpty(c.Title)})
		if c.Kind != "" {
			things[c.Kind] = true
		}
	}
	for _, cmd := range m.Commands {
		if cmd.Thing != "" {
			things[cmd.Thing] = true
		}
		// a definition is named by its title, its last words or the
		// property it sets ("the daily report command", "the definition of
		// pump.set_flow", "the custom command for the mixer speed")
		out = append(out, recall.Entity{Kind: "definition", ID: cmd.Name, Aliases: nonEmpty(cmd.Title, recall.ShortName(cmd.Name), lastName(cmd.Name), cmd.Sets)})
		for _, a := range cmd.Arguments {
			for _, v := range a.Enum {
				enums[v] = true
			}
		}
	}
	for _, th := range slices.Sorted(maps.Keys(things)) {
		out = append(out, recall.Entity{Kind: "thing", ID: th})
	}
	for _, v := range slices.Sorted(maps.Keys(enums)) {
		out = append(out, recall.Entity{Kind: "enum", ID: v})
	}
	return out
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// lastName is the last part of a definition's name: com.acme.filter.backflush
// -> backflush ("the backflush command").
func lastName(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return ""
}
