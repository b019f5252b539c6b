package main

import (
	"context"
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"
)

// LoadDoc reads the OpenAPI file with its external 2020-12 schema files and
// internalizes every reference, so nothing falls back to partial checks
// (platform-notes.md, "OpenAPI and JSON Schema tooling").
func LoadDoc(ctx context.Context, file string) (*openapi3.T, error) {
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = true
	loader.Context = ctx
	doc, err := loader.LoadFromFile(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	doc.InternalizeRefs(ctx, nil)
	return doc, nil
}

// ValidateDoc checks the document against OpenAPI 3.1. goJSONSchema is the
// annotation go-jsonschema reads to name generated types: a known, harmless
// sibling keyword in the standard's schema files.
func ValidateDoc(ctx context.Context, doc *openapi3.T, file string) error {
	if err := doc.Validate(ctx, openapi3.AllowExtraSiblingFields("goJSONSchema"), openapi3.EnableMultiError()); err != nil {
		return fmt.Errorf("%s: invalid OpenAPI document: %w", file, err)
	}
	return nil
}
