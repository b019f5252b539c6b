// Package index embeds the API Index (HEART Core Standard §4.1): one entry per HEART
// API operation, generated at build time from schemas/openapi/heart-api-1.0.yaml
// by ./gen (`go generate ./index`). It carries no OpenAPI code, so the runtime
// never links an OpenAPI parser.
package index

import (
	_ "embed"
	"fmt"
)

//go:generate go run ./gen -in ../schemas/openapi/heart-api-1.0.yaml -out api-index-1.0.json

//go:embed api-index-1.0.json
var raw []byte

// Parameter is one input of an operation: a path or query parameter, or a
// member of its JSON body.
type Parameter struct {
	Name     string `json:"name"`
	In       string `json:"in"` // path, query or body
	Required bool   `json:"required"`
	Type     string `json:"type,omitempty"`
	// Default is the contract's value when the argument is left out; Enum
	// the values a string argument may take.
	Default any      `json:"default,omitempty"`
	Enum    []string `json:"enum,omitempty"`
}

// Entry is one operation of the Index.
type Entry struct {
	ID         string      `json:"id"`
	Method     string      `json:"method"`
	Path       string      `json:"path"`
	Level      string      `json:"level"`
	Summary    string      `json:"summary"`
	Risk       string      `json:"risk"`
	Scope      string      `json:"scope"`
	Serve      bool        `json:"serve"`
	Phrases    []string    `json:"phrases,omitempty"`
	Parameters []Parameter `json:"parameters"`
}

// Index is the whole API Index.
type Index struct {
	Version    string  `json:"version"`
	Operations []Entry `json:"operations"`
}

// Raw returns the embedded Index exactly as generated (what GET /core/index serves).
func Raw() []byte { return raw }

// Load parses and checks the embedded Index.
func Load() (*Index, error) {
	idx, err := Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("index: embedded api-index-1.0.json: %w", err)
	}
	return idx, nil
}

// ByID returns the entry with the given operation id.
func (x *Index) ByID(id string) (Entry, bool) {
	for _, e := range x.Operations {
		if e.ID == id {
			return e, true
		}
	}
	return Entry{}, false
}
