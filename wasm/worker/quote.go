//go:build js && wasm

package main

import "encoding/json"

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
