package index

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/heart-core/heart-web/core/api"
)

// Bounds of an Index from outside (a knowledge package, §10 rule 15): far
// above the shipped one, low enough that a hostile file cannot exhaust memory.
const (
	MaxBytes      = 1 << 20
	MaxOperations = 1000
	MaxPhrases    = 64
	MaxPhraseLen  = 200
	MaxParameters = 64
)

// Parse reads and checks an Index, such as one in a knowledge package. Every
// refusal is a 400 problem naming the field at fault; nothing is returned
// half-checked.
func Parse(data []byte) (*Index, error) {
	if len(data) > MaxBytes {
		return nil, api.Problemf(413, api.CodeTooLarge, "The API Index is %d bytes; at most %d are accepted.", len(data), MaxBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var idx Index
	if err := dec.Decode(&idx); err != nil {
		return nil, api.Problemf(400, api.CodeInvalidRequest, "The API Index is not valid JSON of the Index shape: %v.", err)
	}
	if dec.More() {
		return nil, api.NewProblem(400, api.CodeInvalidRequest, "The API Index has data after its end.")
	}
	if err := idx.check(); err != nil {
		return nil, err
	}
	return &idx, nil
}

func (x *Index) check() error {
	bad := func(field, format string, args ...any) error {
		return api.Problemf(400, api.CodeInvalidRequest, "The API Index is not valid: "+format, args...).WithField(field)
	}
	if x.Version != "1.0" {
		return bad("version", "version must be \"1.0\", not %q.", x.Version)
	}
	if n := len(x.Operations); n == 0 || n > MaxOperations {
		return bad("operations", "it must list 1 to %d operations, not %d.", MaxOperations, n)
	}
	ids := map[string]bool{}
	phraseOwner := map[string]string{}
	for i, e := range x.Operations {
		f := func(name string) string { return "operations[" + itoa(i) + "]." + name }
		switch {
		case e.ID == "":
			return bad(f("id"), "operation %d has no id.", i)
		case ids[e.ID]:
			return bad(f("id"), "the id %q is used twice.", e.ID)
		case !methods[e.Method]:
			return bad(f("method"), "%s: unknown method %q.", e.ID, e.Method)
		case e.Path != "/heart/v1" && !strings.HasPrefix(e.Path, "/heart/v1/"):
			return bad(f("path"), "%s: the path %q is not under /heart/v1.", e.ID, e.Path)
		case !levels[e.Level]:
			return bad(f("level"), "%s: unknown level %q.", e.ID, e.Level)
		case !risks[e.Risk]:
			return bad(f("risk"), "%s: unknown risk %q.", e.ID, e.Risk)
		case !scopes[e.Scope]:
			return bad(f("scope"), "%s: unknown scope %q.", e.ID, e.Scope)
		case e.Summary == "":
			return bad(f("summary"), "%s: no summary.", e.ID)
		case !e.Serve && len(e.Phrases) > 0:
			return bad(f("phrases"), "%s: an operation /serve may not reach has no phrases.", e.ID)
		case len(e.Phrases) > MaxPhrases:
			return bad(f("phrases"), "%s: at most %d phrases.", e.ID, MaxPhrases)
		case len(e.Parameters) > MaxParameters:
			return bad(f("parameters"), "%s: at most %d parameters.", e.ID, MaxParameters)
		}
		ids[e.ID] = true
		for _, p := range e.Phrases {
			if p == "" || len(p) > MaxPhraseLen {
				return bad(f("phrases"), "%s: a phrase is empty or longer than %d bytes.", e.ID, MaxPhraseLen)
			}
			if owner, taken := phraseOwner[p]; taken {
				return bad(f("phrases"), "%s: the phrase %q is also a phrase of %s.", e.ID, p, owner)
			}
			phraseOwner[p] = e.ID
		}
		for _, p := range e.Parameters {
			if p.Name == "" || !ins[p.In] || !types[p.Type] {
				return bad(f("parameters"), "%s: a parameter needs a name, in (path, query, body) and a JSON type.", e.ID)
			}
		}
	}
	return nil
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
