// Command gen builds the API Index (HEART Core Standard §4.1) from the OpenAPI
// contract: go generate ./index. It runs at build time only; the runtime reads
// the generated JSON through package index and never links an OpenAPI parser.
//
//	go run ./gen -in ../schemas/openapi/heart-api-1.0.yaml -out api-index-1.0.json
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/heart-core/heart-web/index"
)

func main() {
	in := flag.String("in", "../schemas/openapi/heart-api-1.0.yaml", "the OpenAPI file")
	out := flag.String("out", "api-index-1.0.json", "where to write the Index")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "index/gen:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	data, err := Generate(ctx, in)
	if err != nil {
		return err
	}
	return os.WriteFile(out, data, 0o644)
}

// Generate loads, checks and renders the Index from one OpenAPI file.
func Generate(ctx context.Context, file string) ([]byte, error) {
	doc, err := LoadDoc(ctx, file)
	if err != nil {
		return nil, err
	}
	return render(ctx, doc, file)
}

// render validates a loaded document and writes its Index.
func render(ctx context.Context, doc *openapi3.T, file string) ([]byte, error) {
	if err := ValidateDoc(ctx, doc, file); err != nil {
		return nil, err
	}
	idx, err := Build(doc, file)
	if err != nil {
		return nil, err
	}
	data, err := Marshal(idx)
	if err != nil {
		return nil, err
	}
	// The runtime loader must accept what we write: check with its own rules.
	if _, err := index.Parse(data); err != nil {
		return nil, fmt.Errorf("%s: the generated Index fails index.Parse: %w", file, err)
	}
	return data, nil
}
