// Package argschema validates the arguments of a custom definition
// (definition.schema.json `arguments`) against the small JSON Schema subset
// that decisions.md §1 allows for them: type, required, enum, minimum,
// maximum, default and format "date" (plus additionalProperties: false, unit
// and description). core.wasm links no general JSON Schema validator, so this
// one stands in, checked in tests against santhosh-tekuri/jsonschema as the
// oracle on a shared corpus (testdata/). Errors are problem+json: 400
// invalid-request naming the field for shape, 422 out-of-range for bounds
// (decisions.md §3).
package argschema
