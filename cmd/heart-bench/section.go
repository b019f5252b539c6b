//go:build !js

package main

import (
	"context"
	"sync"
	"time"

	"github.com/heart-core/heart-web/tests/browser/harness"
)

// Section is one group of measurements.
type Section struct {
	Title string
	About string // one line: what is measured and how
	Run   func(ctx context.Context, env *Env) ([]Row, error)
}

// Row is one line of a section's table.
type Row struct {
	Name      string
	Value     string
	Reference string // the standard's or the design's figure, if any
	Note      string
}

// Result is a section's rows once run.
type Result struct {
	Section Section
	Rows    []Row
	Took    time.Duration
}

// sections run in this order. Add a section here to add rows to the report.
var sections = []Section{sizeSection, resolveSection, browserSection}

// Env is shared by sections: a staged serving root with a freshly built
// core.wasm (built once, when a section first needs it) and its server.
type Env struct {
	Root, Dir                    string
	Loads, Requests, MemRequests int

	once    sync.Once
	baseURL string
	stop    func()
	err     error
}

// Serve stages the root, builds core.wasm and serves it; once per run.
func (e *Env) Serve(ctx context.Context) (string, error) {
	e.once.Do(func() {
		e.baseURL, e.stop, e.err = harness.Serve(ctx, e.Root, e.Dir)
	})
	return e.baseURL, e.err
}

// Close stops the server.
func (e *Env) Close() {
	if e.stop != nil {
		e.stop()
	}
}
