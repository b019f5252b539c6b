package core

import "github.com/heart-core/heart-web/core/valve"

// Valve is the Core's Valve, for tests: nothing in this build sends data
// out, so only a test puts entries in its log.
func (c *Core) Valve() *valve.Valve { return c.valve }
