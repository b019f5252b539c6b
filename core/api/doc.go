// Package api holds the Core's one seam: its own small request and response
// types, the Handler that serves them and the Transport that carries them to a
// device (decisions.md §1). It imports no net/http, so core.wasm stays small;
// thin adapters elsewhere serve a Handler over postMessage, net/http and
// Workers, and implement Transport over fetch, net/http and serial frames.
package api
