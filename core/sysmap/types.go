package sysmap

import (
	"encoding/json"
	"time"

	"github.com/heart-core/heart-web/core/check"
	"github.com/heart-core/heart-web/index"
)

// Map is one built System Map. It is immutable once built: a change on the
// device produces a new Map with a new Revision.
type Map struct {
	Revision   string          `json:"mapRevision"`
	BuiltAt    time.Time       `json:"builtAt"`
	Card       Card            `json:"card"`
	Operations []index.Entry   `json:"operations"`
	Commands   []Command       `json:"commands"`
	Properties []Property      `json:"properties"`
	Components []Component     `json:"components"`
	RawCard    json.RawMessage `json:"-"`
}

// Card is the part of the device's Card the Core reasons with.
type Card struct {
	ID                  string   `json:"id"`
	Name                string   `json:"name"`
	Level               string   `json:"level"`
	TimeZone            string   `json:"timeZone"`
	ApprovalTimeoutSec  int      `json:"approvalTimeoutSec"`
	Modules             []string `json:"modules"`
	DefinitionsRevision int      `json:"definitionsRevision"`
	Brain               *Brain   `json:"brain,omitempty"`
	Limits              struct {
		BrainRefusalsPerHour int `json:"brainRefusalsPerHour,omitempty"`
	} `json:"limits"`
}

// Brain is the Card's brain block (card.brain), which bounds the Core's
// brain module.
type Brain struct {
	MaxLeaseSec       int  `json:"maxLeaseSec,omitempty"`
	RestoreNeedsOwner bool `json:"restoreNeedsOwner,omitempty"`
}

// Command is a product command: a custom definition as a /serve target.
type Command struct {
	Name        string        `json:"name"`
	Title       string        `json:"title"`
	Description string        `json:"description"`
	Risk        string        `json:"risk"`
	Callers     []string      `json:"callers"`
	Thing       string        `json:"thing,omitempty"`
	Component   string        `json:"component,omitempty"`
	Halt        bool          `json:"halt,omitempty"`
	Sets        string        `json:"sets,omitempty"`
	Arguments   []Argument    `json:"arguments"`
	Schema      ArgSchema     `json:"-"`
	Guards      []check.Check `json:"guards,omitempty"`
}

// AllowsCaller reports whether kind (human, ai, rule, peer) may call it.
func (c Command) AllowsCaller(kind string) bool {
	for _, k := range c.Callers {
		if k == kind {
			return true
		}
	}
	return false
}

// Argument is one input of a command, flattened from its JSON Schema.
type Argument struct {
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Format      string   `json:"format,omitempty"`
	Unit        string   `json:"unit,omitempty"`
	Description string   `json:"description,omitempty"`
	Minimum     *float64 `json:"minimum,omitempty"`
	Maximum     *float64 `json:"maximum,omitempty"`
	Default     any      `json:"default,omitempty"`
	Enum        []string `json:"enum,omitempty"`
	Required    bool     `json:"required"`
}

// ArgSchema is a definition's arguments object as the device declared it.
type ArgSchema struct {
	Type                 string                     `json:"type"`
	Required             []string                   `json:"required"`
	AdditionalProperties *bool                      `json:"additionalProperties,omitempty"`
	Properties           map[string]json.RawMessage `json:"properties"`
}

// Property is a value requests can name ("how full is the tank").
type Property struct {
	Name      string   `json:"name"`
	Title     string   `json:"title,omitempty"`
	Unit      string   `json:"unit,omitempty"`
	Writable  bool     `json:"writable"`
	Component string   `json:"component,omitempty"`
	Aliases   []string `json:"aliases,omitempty"`
	Enum      []string `json:"enum,omitempty"`
	Setpoint  bool     `json:"hasSetpoint,omitempty"`
}

// Component is a part of the system requests can name ("the pump").
type Component struct {
	ID    string `json:"id"`
	Kind  string `json:"kind,omitempty"`
	Title string `json:"title,omitempty"`
}

// Command returns the command named name.
func (m *Map) Command(name string) (Command, bool) {
	for _, c := range m.Commands {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// Operation returns the Index entry with id, if it exists on this system.
func (m *Map) Operation(id string) (index.Entry, bool) {
	for _, e := range m.Operations {
		if e.ID == id {
			return e, true
		}
	}
	return index.Entry{}, false
}

// Property returns the property named name.
func (m *Map) Property(name string) (Property, bool) {
	for _, p := range m.Properties {
		if p.Name == name {
			return p, true
		}
	}
	return Property{}, false
}

// IsThing says whether kind is a thing some product command acts on
// ("pump", "heater"); the controller, which is the system itself, is none.
func (m *Map) IsThing(kind string) bool {
	for _, c := range m.Commands {
		if c.Thing == kind {
			return true
		}
	}
	return false
}

// HaltFor returns the halt command of a thing ("pump"), if it has one.
func (m *Map) HaltFor(thing string) (Command, bool) {
	for _, c := range m.Commands {
		if c.Halt && c.Thing == thing {
			return c, true
		}
	}
	return Command{}, false
}
