//go:build tools

// Package heart pins required modules whose first real import has not landed
// yet (the Vugu UI, the Workers edge, IndexedDB storage), so `go mod tidy`
// keeps them at their exact versions. Remove a line once a real import of
// that module exists.
package heart

import (
	_ "github.com/hack-pad/go-indexeddb/idb"
	_ "github.com/syumai/workers"
	_ "github.com/vugu/vugu"
)
