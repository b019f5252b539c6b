package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// FuzzBuild: whatever OpenAPI text comes in, Build either refuses it with an
// error or returns an Index that Marshal can write; it never panics.
func FuzzBuild(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.yaml")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 16<<10 {
			return // the contract is a repo file; huge inputs only slow the fuzzer down
		}
		loader := openapi3.NewLoader() // no external refs: the fuzzer must not read files
		doc, err := loader.LoadFromData(data)
		if err != nil || doc.Paths == nil {
			return
		}
		idx, err := Build(doc, "fuzz.yaml")
		if err != nil {
			return
		}
		if _, err := Marshal(idx); err != nil {
			t.Fatal(err)
		}
	})
}
