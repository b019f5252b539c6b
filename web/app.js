// app.js: the first end-to-end path. Start the Core in its Web Worker, ask it
// for its API Index, show the operation count. A Vugu app replaces this page
// later. window.heartStats lets tests see that the worker really answered.
import { HeartClient } from "/heart-client.js";

const statusEl = document.getElementById("status");
const countEl = document.getElementById("operation-count");

function setStatus(state, text) {
  statusEl.dataset.state = state;
  statusEl.textContent = text;
}

async function main() {
  // The page's own query (?device=...&token=...) is handed to the worker.
  const client = new HeartClient("/worker.js" + location.search);
  window.heartClient = client;
  window.heartStats = client.stats;
  const ready = await client.ready();
  client.stats.readyMs = Math.round(performance.now());
  client.stats.maxInFlight = ready.maxInFlight;
  client.stats.coreNewMs = ready.coreNewMs;
  const boot = client.bootEvent;
  if (boot) {
    // Worker script start → core.wasm instantiated → Go ready (epoch ms).
    client.stats.instantiateMs = Math.round(boot.instantiatedAt - boot.startedAt);
    client.stats.goStartMs = Math.round(ready.receivedAt - boot.instantiatedAt);
  }

  const t0 = performance.now();
  const resp = await client.request("GET", "/heart/v1/core/index", { headers: { accept: "application/json" } });
  const ms = performance.now() - t0;
  if (resp.status !== 200) {
    throw new Error(`GET /heart/v1/core/index answered ${resp.status}: ${resp.body}`);
  }
  const idx = JSON.parse(resp.body);
  countEl.textContent = String(idx.operations.length);
  setStatus("ready", `Answered by the Core in a Web Worker (status ${resp.status}, ${ms.toFixed(1)} ms; Core ready after ${client.stats.readyMs} ms).`);
}

main().catch((err) => setStatus("error", `The Core could not answer: ${err.message}`));
