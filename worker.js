// worker.js: the dedicated Web Worker that runs the HEART Core (core.wasm).
// Served at /worker.js; wasm_exec.js and core.wasm are served next to the
// page at /. Protocol: docs/worker-protocol.md. Every message both ways is
// one JSON string; Go reads and answers them (wasm/worker, wasm/bridge).
"use strict";

// Messages that arrive while Go is starting wait here; Go takes them with
// heartTakeEarly() right after it installs its own onmessage.
const early = [];
self.onmessage = (e) => { early.push(e.data); };
self.heartTakeEarly = () => early.splice(0, early.length);

function fatal(detail) {
  self.postMessage(JSON.stringify({ type: "fatal", detail: String(detail) }));
}

async function instantiate(go) {
  const url = "/core.wasm";
  try {
    // Streaming compiles while downloading; it needs the application/wasm type.
    return await WebAssembly.instantiateStreaming(fetch(url, { cache: "no-store" }), go.importObject);
  } catch (err) {
    // Fallback for servers that send another Content-Type.
    const resp = await fetch(url, { cache: "no-store" });
    if (!resp.ok) throw new Error(`GET ${url}: ${resp.status}`);
    return await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }
}

// Epoch milliseconds, comparable with the page's performance.timeOrigin + now().
const epochMs = () => performance.timeOrigin + performance.now();

(async () => {
  try {
    const started = epochMs();
    importScripts("/wasm_exec.js");
    const go = new Go();
    const { instance } = await instantiate(go);
    // Where start-up time goes: download + compile here, Go's own start after.
    self.postMessage(JSON.stringify({ type: "boot", startedAt: started, instantiatedAt: epochMs() }));
    // go.run resolves only when Go's main returns, which it never should.
    await go.run(instance);
    fatal("the Core stopped");
  } catch (err) {
    fatal(err && err.message ? err.message : err);
  }
})();
