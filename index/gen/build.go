package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/heart-core/heart-web/index"
)

// methodOrder fixes the order of operations that share a path.
var methodOrder = map[string]int{"GET": 0, "PUT": 1, "POST": 2, "PATCH": 3, "DELETE": 4}

// Build turns the OpenAPI document into the API Index. It checks every
// operation and returns all problems at once, each naming the file, the
// operation and the field, so a broken contract never yields an Index.
func Build(doc *openapi3.T, file string) (*index.Index, error) {
	var errs []error
	fail := func(where, field, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s: %s: %s", file, where, field, fmt.Sprintf(format, args...)))
	}
	idx := &index.Index{Version: "1.0", Operations: []index.Entry{}}
	seenID := map[string]string{}
	phraseOwner := map[string]string{}
	for _, path := range sortedPaths(doc) {
		item := doc.Paths.Value(path)
		for _, method := range sortedMethods(item) {
			op := item.GetOperation(method)
			where := method + " " + path
			if op.OperationID == "" {
				fail(where, "operationId", "missing")
				continue
			}
			where = op.OperationID + " (" + where + ")"
			if prev, dup := seenID[op.OperationID]; dup {
				fail(where, "operationId", "duplicate id, also used by %s", prev)
				continue
			}
			seenID[op.OperationID] = method + " " + path
			e := index.Entry{ID: op.OperationID, Method: method, Path: path, Summary: op.Summary, Parameters: []index.Parameter{}}
			if e.Summary == "" {
				fail(where, "summary", "missing")
			}
			e.Risk = extString(op, "x-heart-risk", index.KnownRisk, func(f, m string) { fail(where, f, "%s", m) })
			e.Scope = extString(op, "x-heart-scope", index.KnownScope, func(f, m string) { fail(where, f, "%s", m) })
			e.Level = extString(op, "x-heart-level", index.KnownLevel, func(f, m string) { fail(where, f, "%s", m) })
			if s := securityScopes(op); len(s) != 1 || s[0] != e.Scope {
				fail(where, "security", "scopes %v must be exactly [%s] (x-heart-scope)", s, e.Scope)
			}
			e.Serve = true
			if v, ok := op.Extensions["x-heart-serve"]; ok {
				b, isBool := v.(bool)
				if !isBool {
					fail(where, "x-heart-serve", "must be a boolean, got %v", v)
				}
				e.Serve = b
			}
			phrases, err := phrasesOf(op)
			if err != nil {
				fail(where, "x-heart-phrases", "%v", err)
			}
			switch {
			case !e.Serve && len(phrases) > 0:
				fail(where, "x-heart-phrases", "an operation with x-heart-serve: false must have no phrases, has %d", len(phrases))
			case e.Serve && len(phrases) < index.MinPhrases:
				fail(where, "x-heart-phrases", "a servable operation needs at least %d distinct phrases, has %d", index.MinPhrases, len(phrases))
			}
			for _, p := range phrases {
				if owner, taken := phraseOwner[p]; taken && owner != e.ID {
					fail(where, "x-heart-phrases", "phrase %q is also a phrase of %s", p, owner)
				}
				phraseOwner[p] = e.ID
			}
			if e.Serve {
				e.Phrases = phrases
			}
			params, perr := parametersOf(item, op)
			if perr != nil {
				fail(where, "parameters", "%v", perr)
			}
			e.Parameters = params
			idx.Operations = append(idx.Operations, e)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return idx, nil
}

func sortedPaths(doc *openapi3.T) []string {
	if doc.Paths == nil {
		return nil
	}
	paths := make([]string, 0, doc.Paths.Len())
	for p := range doc.Paths.Map() {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

func sortedMethods(item *openapi3.PathItem) []string {
	var ms []string
	for m := range item.Operations() {
		ms = append(ms, strings.ToUpper(m))
	}
	sort.Slice(ms, func(i, j int) bool { return methodOrder[ms[i]] < methodOrder[ms[j]] })
	return ms
}

// extString reads a string extension that must come from a closed vocabulary.
func extString(op *openapi3.Operation, name string, known func(string) bool, fail func(field, msg string)) string {
	v, ok := op.Extensions[name]
	if !ok {
		fail(name, "missing")
		return ""
	}
	s, isString := v.(string)
	if !isString {
		fail(name, fmt.Sprintf("must be a string, got %v", v))
		return ""
	}
	if !known(s) {
		fail(name, fmt.Sprintf("unknown value %q", s))
	}
	return s
}

func securityScopes(op *openapi3.Operation) []string {
	if op.Security == nil {
		return nil
	}
	var scopes []string
	for _, req := range *op.Security {
		for _, s := range req {
			scopes = append(scopes, s...)
		}
	}
	return scopes
}

// phrasesOf reads x-heart-phrases: a list of distinct, non-empty, trimmed,
// lower-case strings (Recall compares normalised text).
func phrasesOf(op *openapi3.Operation) ([]string, error) {
	v, ok := op.Extensions["x-heart-phrases"]
	if !ok {
		return nil, nil
	}
	list, isList := v.([]any)
	if !isList {
		return nil, fmt.Errorf("must be a list of strings, got %T", v)
	}
	seen := map[string]bool{}
	var out []string
	for i, x := range list {
		s, isString := x.(string)
		switch {
		case !isString:
			return nil, fmt.Errorf("item %d is not a string", i)
		case strings.TrimSpace(s) == "" || s != strings.TrimSpace(s):
			return nil, fmt.Errorf("item %d %q is empty or has surrounding spaces", i, s)
		case s != strings.ToLower(s):
			return nil, fmt.Errorf("item %d %q must be lower case", i, s)
		case seen[s]:
			return nil, fmt.Errorf("item %d %q is repeated", i, s)
		}
		seen[s] = true
		out = append(out, s)
	}
	return out, nil
}
