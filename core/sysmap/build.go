package sysmap

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/heart-core/heart-web/index"
)

// Reader fetches one device resource (a path under /heart/v1) and returns its
// JSON body. The Core implements it over its Transport with its own token.
type Reader interface {
	Get(ctx context.Context, path string) ([]byte, error)
}

// Build reads the device and builds a Map. Any read failing fails the build:
// a partial map would make the Core guess.
func Build(ctx context.Context, r Reader, idx *index.Index, now time.Time) (*Map, error) {
	m := &Map{BuiltAt: now}
	raw, err := r.Get(ctx, "/heart/v1/card")
	if err != nil {
		return nil, fmt.Errorf("system map: card: %w", err)
	}
	if err := json.Unmarshal(raw, &m.Card); err != nil {
		return nil, fmt.Errorf("system map: card: %w", err)
	}
	m.RawCard = raw
	if m.Card.TimeZone == "" {
		m.Card.TimeZone = "UTC"
	}
	if m.Card.ApprovalTimeoutSec <= 0 {
		m.Card.ApprovalTimeoutSec = 300
	}

	var defs struct {
		Definitions []json.RawMessage `json:"definitions"`
	}
	if err := getJSON(ctx, r, "/heart/v1/definitions", &defs); err != nil {
		return nil, err
	}
	for _, d := range defs.Definitions {
		cmd, err := parseCommand(d)
		if err != nil {
			return nil, fmt.Errorf("system map: %w", err)
		}
		m.Commands = append(m.Commands, cmd)
	}
	var props struct {
		Properties []Property `json:"properties"`
	}
	if err := getJSON(ctx, r, "/heart/v1/properties", &props); err != nil {
		return nil, err
	}
	m.Properties = props.Properties
	var comps struct {
		Components []Component `json:"components"`
	}
	if err := getJSON(ctx, r, "/heart/v1/components", &comps); err != nil {
		return nil, err
	}
	m.Components = comps.Components
	m.Operations = filterIndex(idx, m.Card)
	sort.Slice(m.Commands, func(i, j int) bool { return m.Commands[i].Name < m.Commands[j].Name })
	sort.Slice(m.Properties, func(i, j int) bool { return m.Properties[i].Name < m.Properties[j].Name })
	sort.Slice(m.Components, func(i, j int) bool { return m.Components[i].ID < m.Components[j].ID })
	m.Revision = revision(m)
	return m, nil
}

func getJSON(ctx context.Context, r Reader, path string, v any) error {
	raw, err := r.Get(ctx, path)
	if err != nil {
		return fmt.Errorf("system map: %s: %w", path, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("system map: %s: %w", path, err)
	}
	return nil
}

// filterIndex keeps the operations this system really has: its level's
// operations, those of the modules its Card lists, and the Core's own
// modules (core and brain).
func filterIndex(idx *index.Index, card Card) []index.Entry {
	has := map[string]bool{"basic": true, "module-core": true, "module-brain": true}
	if card.Level == "full" {
		has["full"] = true
	}
	for _, mod := range card.Modules {
		has["module-"+mod] = true
	}
	var out []index.Entry
	for _, e := range idx.Operations {
		if has[e.Level] {
			out = append(out, e)
		}
	}
	return out
}

// revision is a digest of everything the map was built from that a request
// could depend on, so any change to a definition gives a new revision.
func revision(m *Map) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	_ = enc.Encode(m.Card)
	for _, e := range m.Operations {
		_ = enc.Encode(e.ID)
	}
	_ = enc.Encode(m.Commands)
	_ = enc.Encode(m.Properties)
	_ = enc.Encode(m.Components)
	return hex.EncodeToString(h.Sum(nil))[:16]
}
