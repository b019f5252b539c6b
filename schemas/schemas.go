// Package schemas holds the HEART JSON Schemas 1.0 (schemas/1.0) and
// compiles them for tests and tools, with santhosh-tekuri/jsonschema: every
// file under its $id, so references between files resolve offline exactly as
// for a consumer fetching https://heart.dev/schemas/1.0/. core.wasm never
// imports this package (tests/deps checks what it links).
package schemas

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"path"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Base is the $id prefix of every schema file: Base + "card.schema.json".
const Base = "https://heart.dev/schemas/1.0/"

//go:embed 1.0/*.schema.json
var files embed.FS

// Names are the schema files, sorted ("action.schema.json", ...).
func Names() []string {
	entries, _ := files.ReadDir("1.0") // embedded at build time: cannot fail
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// Compiler knows every schema file under its $id, asserts formats and
// defaults to draft 2020-12. A file whose $id is not Base plus its name is
// an error.
func Compiler() (*jsonschema.Compiler, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	for _, name := range Names() {
		raw, err := File(name)
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("schemas: %s: %w", name, err)
		}
		obj, _ := doc.(map[string]any)
		if id, _ := obj["$id"].(string); id != Base+name {
			return nil, fmt.Errorf("schemas: %s has $id %q, want %q", name, id, Base+name)
		}
		if err := c.AddResource(Base+name, doc); err != nil {
			return nil, fmt.Errorf("schemas: %s: %w", name, err)
		}
	}
	return c, nil
}

// File returns the embedded schema file name ("card.schema.json").
func File(name string) ([]byte, error) { return files.ReadFile(path.Join("1.0", name)) }

// Compile compiles the schema at ref: a file name with an optional fragment
// ("resources.schema.json#/$defs/Valve").
func Compile(ref string) (*jsonschema.Schema, error) {
	c, err := Compiler()
	if err != nil {
		return nil, err
	}
	return c.Compile(Base + ref)
}

// Check validates v, marshalled to JSON, against s.
func Check(s *jsonschema.Schema, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	return s.Validate(doc)
}
