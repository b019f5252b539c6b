package main

import (
	"bytes"
	"encoding/json"

	"github.com/heart-core/heart-web/index"
)

// Marshal writes the Index in its one canonical form: struct key order, one
// operation a line (small diffs, small size), no HTML escaping, a trailing
// newline. The same Index always gives the same bytes.
func Marshal(idx *index.Index) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(`{"version":`)
	if err := encode(&buf, idx.Version); err != nil {
		return nil, err
	}
	buf.WriteString(`,"operations":[`)
	for i, e := range idx.Operations {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
		if err := encode(&buf, e); err != nil {
			return nil, err
		}
	}
	buf.WriteString("\n]}\n")
	return buf.Bytes(), nil
}

func encode(buf *bytes.Buffer, v any) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.Truncate(buf.Len() - 1) // Encode adds a newline
	return nil
}
