package sysmap

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/heart-core/heart-web/core/check"
)

type rawDefinition struct {
	Name        string          `json:"name"`
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Risk        string          `json:"risk"`
	Callers     []string        `json:"callers"`
	Thing       string          `json:"thing"`
	Component   string          `json:"component"`
	Halt        bool            `json:"halt"`
	Sets        string          `json:"sets"`
	Arguments   json.RawMessage `json:"arguments"`
	Guards      []check.Check   `json:"guards"`
}

type rawArgument struct {
	Type        string   `json:"type"`
	Format      string   `json:"format"`
	Unit        string   `json:"unit"`
	Description string   `json:"description"`
	Minimum     *float64 `json:"minimum"`
	Maximum     *float64 `json:"maximum"`
	Default     any      `json:"default"`
	Enum        []string `json:"enum"`
}

// parseCommand turns a custom definition into a Command, flattening its
// arguments schema into Arguments sorted by name.
func parseCommand(raw json.RawMessage) (Command, error) {
	var d rawDefinition
	if err := json.Unmarshal(raw, &d); err != nil {
		return Command{}, fmt.Errorf("definition: %w", err)
	}
	if d.Name == "" {
		return Command{}, fmt.Errorf("definition without a name")
	}
	cmd := Command{Name: d.Name, Title: d.Title, Description: d.Description, Risk: d.Risk,
		Callers: d.Callers, Thing: d.Thing, Component: d.Component, Halt: d.Halt, Sets: d.Sets, Guards: d.Guards}
	if len(d.Arguments) > 0 && string(d.Arguments) != "null" {
		if err := json.Unmarshal(d.Arguments, &cmd.Schema); err != nil {
			return Command{}, fmt.Errorf("definition %s: arguments: %w", d.Name, err)
		}
	}
	required := map[string]bool{}
	for _, n := range cmd.Schema.Required {
		required[n] = true
	}
	for name, rawArg := range cmd.Schema.Properties {
		var a rawArgument
		if err := json.Unmarshal(rawArg, &a); err != nil {
			return Command{}, fmt.Errorf("definition %s: argument %s: %w", d.Name, name, err)
		}
		cmd.Arguments = append(cmd.Arguments, Argument{Name: name, Type: a.Type, Format: a.Format, Unit: a.Unit,
			Description: a.Description, Minimum: a.Minimum, Maximum: a.Maximum, Default: a.Default, Enum: a.Enum,
			Required: required[name]})
	}
	sort.Slice(cmd.Arguments, func(i, j int) bool { return cmd.Arguments[i].Name < cmd.Arguments[j].Name })
	return cmd, nil
}
