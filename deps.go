//go:build tools

// Package heart pins the project's required modules at exact versions until
// the code that uses each of them lands; `go mod tidy` keeps them because of
// these imports. Remove a line once a real import of that module exists.
package heart

import (
	_ "github.com/agnivade/levenshtein"
	_ "github.com/chromedp/chromedp"
	_ "github.com/creack/pty"
	_ "github.com/getkin/kin-openapi/openapi3"
	_ "github.com/gowebpki/jcs"
	_ "github.com/hack-pad/go-indexeddb/idb"
	_ "github.com/hack-pad/safejs"
	_ "github.com/olebedev/when"
	_ "github.com/santhosh-tekuri/jsonschema/v6"
	_ "github.com/stretchr/testify/require"
	_ "github.com/syumai/workers"
	_ "github.com/vugu/vugu"
	_ "pgregory.net/rapid"
)
