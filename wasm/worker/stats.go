//go:build js && wasm

package main

import "runtime"

// memStats is the worker's memory for {"type":"stats"}: in js/wasm, Sys is
// close to the size of the wasm linear memory, which never shrinks
// (platform-notes, "Memory"), so it is the figure to watch over many requests.
func memStats() map[string]any {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return map[string]any{
		"goroutines": runtime.NumGoroutine(),
		"heapBytes":  m.HeapAlloc,
		"sysBytes":   m.Sys,
		"numGC":      m.NumGC,
	}
}
