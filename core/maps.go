package core

import (
	"context"
	"sync"
	"time"

	"github.com/heart-core/heart-web/core/sysmap"
)

// mapState holds the live System Map. The map is rebuilt when an event says
// a definition changed (Invalidate) or, without an event stream, when a
// cheap look at the Card shows a new definitionsRevision (§4.2: the map MUST
// be rebuilt whenever a definition changes).
type mapState struct {
	mu        sync.Mutex
	current   *sysmap.Map
	lastCheck time.Time
	stale     bool
}

// Invalidate marks the map stale; the next request rebuilds it. Hosts call it
// on a "definition" event.
func (c *Core) Invalidate() {
	c.maps.mu.Lock()
	c.maps.stale = true
	c.maps.mu.Unlock()
}

// Map returns the live System Map, building or rebuilding it when needed.
func (c *Core) Map(ctx context.Context) (*sysmap.Map, error) {
	if c.dev == nil {
		return nil, noDevice()
	}
	now := c.cfg.Clock.Now()
	c.maps.mu.Lock()
	m, stale, last := c.maps.current, c.maps.stale, c.maps.lastCheck
	c.maps.mu.Unlock()

	if m != nil && !stale && now.Sub(last) < c.limits.MapCheckInterval && now.Sub(last) >= 0 {
		return m, nil
	}
	if m != nil && !stale {
		var card sysmap.Card
		if err := c.dev.GetJSON(ctx, "/heart/v1/card", &card); err != nil {
			return nil, err
		}
		if card.DefinitionsRevision == m.Card.DefinitionsRevision {
			c.maps.mu.Lock()
			c.maps.lastCheck = now
			c.maps.mu.Unlock()
			return m, nil
		}
	}
	built, err := sysmap.Build(ctx, c.dev, c.index, now)
	if err != nil {
		return nil, err
	}
	c.count(func(k *Counters) { k.MapBuilds++ })
	c.maps.mu.Lock()
	defer c.maps.mu.Unlock()
	c.maps.current, c.maps.stale, c.maps.lastCheck = built, false, now
	c.onMap(built)
	return built, nil
}
