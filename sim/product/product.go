// Package product is the demo product of decisions.md §4, the Acme pump
// station, as data: its Card, its 15 custom definitions (names fixed: outside
// test sets depend on them), its properties, components and fault codes. The
// JSON files here are the source; the simulator, the demo and the benchmarks
// read them through this package so there is one copy.
package product

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/heart-core/heart-web/core/argschema"
	"github.com/heart-core/heart-web/core/check"
)

var (
	//go:embed card.json
	cardJSON []byte
	//go:embed definitions.json
	definitionsJSON []byte
	//go:embed properties.json
	propertiesJSON []byte
	//go:embed components.json
	componentsJSON []byte
	//go:embed faults.json
	faultsJSON []byte
)

// Card is the device's Card (docs/data-shapes.md, card.schema.json).
type Card struct {
	ID                  string         `json:"id"`
	Name                string         `json:"name"`
	Maker               string         `json:"maker"`
	Model               string         `json:"model"`
	Serial              string         `json:"serial"`
	HeartVersion        string         `json:"heartVersion"`
	Level               string         `json:"level"`
	TimeZone            string         `json:"timeZone"`
	ApprovalTimeoutSec  int            `json:"approvalTimeoutSec"`
	Modules             []string       `json:"modules"`
	DefinitionsRevision int            `json:"definitionsRevision"`
	Limits              map[string]int `json:"limits"`
}

// Definition is a custom definition (definition.schema.json).
type Definition struct {
	Name        string            `json:"name"`
	Title       string            `json:"title"`
	Description string            `json:"description"`
	Risk        string            `json:"risk"`
	Callers     []string          `json:"callers"`
	Thing       string            `json:"thing,omitempty"`
	Component   string            `json:"component,omitempty"`
	Halt        bool              `json:"halt"`
	Sets        string            `json:"sets,omitempty"`
	Arguments   *argschema.Schema `json:"arguments"`
	Guards      []check.Check     `json:"guards,omitempty"`
	Revision    int               `json:"revision"`
}

// AllowsCaller says whether kind is among the definition's callers.
func (d Definition) AllowsCaller(kind string) bool {
	for _, c := range d.Callers {
		if c == kind {
			return true
		}
	}
	return false
}

// Property is the static description of a property; its value lives in the simulator.
type Property struct {
	Name      string   `json:"name"`
	Title     string   `json:"title"`
	Value     any      `json:"value"`
	Unit      string   `json:"unit,omitempty"`
	Writable  bool     `json:"writable"`
	Minimum   *float64 `json:"minimum,omitempty"`
	Maximum   *float64 `json:"maximum,omitempty"`
	Setpoint  *float64 `json:"setpoint,omitempty"`
	Enum      []string `json:"enum,omitempty"`
	Aliases   []string `json:"aliases,omitempty"`
	Component string   `json:"component"`
}

// Component is one part of the station.
type Component struct {
	ID         string   `json:"id"`
	Kind       string   `json:"kind"`
	Title      string   `json:"title"`
	Properties []string `json:"properties"`
}

// Fault is a fault code and its plain-language explanation.
type Fault struct {
	Code        string `json:"code"`
	Severity    string `json:"severity"`
	Component   string `json:"component"`
	Title       string `json:"title"`
	Explanation string `json:"explanation"`
}

// Product is the whole demo product. Load returns a fresh copy each call, so
// a simulator can change its own (PUT /definitions) without touching others.
type Product struct {
	Card        Card
	Definitions []Definition
	Properties  []Property
	Components  []Component
	Faults      []Fault
}

// Load parses the embedded product. It fails only if the files are broken,
// which the package's tests rule out.
func Load() (*Product, error) {
	var p Product
	var defs struct {
		Definitions []Definition `json:"definitions"`
	}
	var props struct {
		Properties []Property `json:"properties"`
	}
	var comps struct {
		Components []Component `json:"components"`
	}
	var faults struct {
		Faults []Fault `json:"faults"`
	}
	for _, f := range []struct {
		name string
		raw  []byte
		v    any
	}{{"card", cardJSON, &p.Card}, {"definitions", definitionsJSON, &defs}, {"properties", propertiesJSON, &props}, {"components", componentsJSON, &comps}, {"faults", faultsJSON, &faults}} {
		if err := json.Unmarshal(f.raw, f.v); err != nil {
			return nil, fmt.Errorf("product: %s.json: %w", f.name, err)
		}
	}
	for _, d := range defs.Definitions {
		if d.Arguments == nil {
			return nil, fmt.Errorf("product: %s has no arguments schema", d.Name)
		}
		if err := d.Arguments.Check(); err != nil {
			return nil, fmt.Errorf("product: %s: %w", d.Name, err)
		}
	}
	p.Definitions, p.Properties, p.Components, p.Faults = defs.Definitions, props.Properties, comps.Components, faults.Faults
	return &p, nil
}

// MustLoad is Load for callers that start from the embedded product.
func MustLoad() *Product {
	p, err := Load()
	if err != nil {
		panic(err)
	}
	return p
}
