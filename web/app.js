// app.js: the demo page. Start the Core in its Web Worker, ask it for its API
// Index and show the operation count; then, when the page names a device
// (?device=URL&token=T; make run redirects "/" to the bundled simulator),
// show the tank and the pump every few seconds, and let a person ask the Core
// in plain language (POST /heart/v1/serve) and approve or deny the change it
// submits. A Vugu app replaces this page later. window.heartStats lets tests
// see that the worker really answered. Every text shown is set with
// textContent: nothing from the Core or the device is parsed as HTML.
import { HeartClient } from "/heart-client.js";

const $ = (id) => document.getElementById(id);
const statusEl = $("status");
const countEl = $("operation-count");
const REFRESH_MS = 3000;

function setStatus(state, text) {
  statusEl.dataset.state = state;
  statusEl.textContent = text;
}

// The page's own query is handed to the worker; with no device in it the
// Core has none, and the device panel stays quiet.
const hasDevice = new URLSearchParams(location.search).get("device");

async function main() {
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

  new Demo(client).start();
}

// Demo is the device panel and the "Ask the Core" form.
class Demo {
  constructor(client) {
    this.client = client;
    this.pending = null; // the waiting Action: {id}
    this.lastText = "";
    this.timer = null;
    this.round = 0; // the newest refreshLoop; only it schedules the next one
  }

  start() {
    $("ask-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = $("ask-text").value.trim();
      if (text) this.ask(text, null);
    });
    $("approve").addEventListener("click", () => this.decide("approve"));
    $("deny").addEventListener("click", () => this.decide("deny"));
    $("ask-send").disabled = false;
    if (hasDevice) this.refreshLoop();
  }

  auth() {
    return { authorization: "Bearer " + $("ask-who").value, accept: "application/json" };
  }

  // ---- the device panel -----------------------------------------------------

  // refreshLoop reads the device now and again every REFRESH_MS; calling it
  // again (after an answer or a decision) restarts the rhythm.
  async refreshLoop() {
    clearTimeout(this.timer);
    const round = ++this.round;
    await this.refresh();
    if (round === this.round) this.timer = setTimeout(() => this.refreshLoop(), REFRESH_MS);
  }

  async refresh() {
    const state = $("device-state");
    try {
      const headers = this.auth();
      const [pulse, pump, flow] = await Promise.all([
        this.json("GET", "/heart/v1/pulse", { headers }),
        this.json("GET", "/heart/v1/properties/pump.state", { headers }),
        this.json("GET", "/heart/v1/properties/pump.flow", { headers }),
      ]);
      const vitals = pulse.vitals || {};
      $("tank-level").textContent = number(vitals["tank.level"], "%");
      $("pump-state").textContent = String(pump.value ?? "–");
      $("pump-flow").textContent = number(flow.value, flow.unit);
      $("pump-setpoint").textContent = number(flow.setpoint, flow.unit);
      state.dataset.state = "ok";
      const mode = pulse.autonomy ? `, autonomy ${pulse.autonomy.current} (${pulse.autonomy.mode})` : "";
      state.textContent = `Device health ${pulse.health || "unknown"}${mode}; read at ${new Date().toLocaleTimeString()}.`;
    } catch (err) {
      state.dataset.state = "error";
      state.textContent = `The device could not be read: ${err.message}`;
    }
  }

  // json makes one request through the Core and returns its JSON body, or
  // throws an Error carrying the problem's detail.
  async json(method, path, opts) {
    const r = await this.client.request(method, path, opts);
    let body = null;
    try {
      body = r.body ? JSON.parse(r.body) : null;
    } catch {
      throw new Error(`${method} ${path} answered ${r.status} with a body that is not JSON`);
    }
    if (r.status < 200 || r.status > 299) {
      const what = body && (body.detail || body.title) ? `${body.detail || body.title}` : r.body;
      const err = new Error(`${r.status}${body && body.code ? " " + body.code : ""}: ${what}`);
      err.status = r.status;
      throw err;
    }
    return body;
  }

  // ---- asking -------------------------------------------------------------

  async ask(text, choice) {
    this.lastText = text;
    const answer = $("answer");
    answer.hidden = false;
    answer.dataset.state = "asking";
    $("ask-send").disabled = true;
    $("answer-outcome").textContent = "…";
    $("answer-text").textContent = "Asking the Core…";
    this.show("answer-extra", "");
    this.showChoices([]);
    this.showPending(null);
    const body = { text };
    if (choice) body.choice = choice;
    try {
      const r = await this.json("POST", "/heart/v1/serve", { headers: this.auth(), body, timeoutMs: 30000 });
      $("answer-outcome").textContent = r.outcome;
      $("answer-text").textContent = r.answer || "";
      if (r.question) this.show("answer-extra", r.question);
      else if (r.reason) this.show("answer-extra", `Reason: ${r.reason}`);
      this.showChoices(r.choices || []);
      if (r.outcome === "pending-approval" && r.actionId) this.showPending(r.actionId);
      answer.dataset.state = r.outcome;
      if (r.outcome === "done" && hasDevice) this.refreshLoop();
    } catch (err) {
      $("answer-outcome").textContent = "error";
      $("answer-text").textContent = err.message;
      answer.dataset.state = "error";
    } finally {
      $("ask-send").disabled = false;
    }
  }

  show(id, text) {
    const el = $(id);
    el.textContent = text;
    el.hidden = !text;
  }

  // showChoices offers the readings the Core asks to choose between; a
  // choice asks again with the same text and the choice's id.
  showChoices(choices) {
    const el = $("answer-choices");
    el.replaceChildren();
    for (const c of choices) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = c.label;
      b.dataset.choice = c.id;
      b.addEventListener("click", () => this.ask(this.lastText, c.id));
      el.append(b);
    }
    el.hidden = choices.length === 0;
  }

  showPending(actionId) {
    this.pending = actionId ? { id: actionId } : null;
    $("pending").hidden = !actionId;
    $("action-id").textContent = actionId || "";
    $("approve").disabled = $("deny").disabled = !actionId;
    $("pending-note").textContent = "waits for a person to approve it.";
    const d = $("decision");
    d.dataset.state = "none";
    d.textContent = "";
  }

  // ---- approving ----------------------------------------------------------

  // decide approves or denies the waiting Action as the person chosen now:
  // it reads the Action for its digest (the device refuses a decision on
  // anything else), then posts the decision, both through the Core.
  async decide(verb) {
    if (!this.pending) return;
    const id = this.pending.id;
    const d = $("decision");
    $("approve").disabled = $("deny").disabled = true;
    d.dataset.state = "working";
    d.textContent = verb === "approve" ? "Approving…" : "Denying…";
    const path = `/heart/v1/actions/${encodeURIComponent(id)}`;
    try {
      const headers = this.auth();
      const action = await this.json("GET", path, { headers });
      const r = await this.json("POST", `${path}/${verb}`, { headers, body: { digest: action.digest } });
      const a = r.action || {};
      d.dataset.state = a.state || "unknown";
      d.textContent = describeAction(a);
      if (["succeeded", "failed", "denied", "expired", "cancelled"].includes(a.state)) {
        $("pending-note").textContent = "is decided.";
      } else {
        $("approve").disabled = $("deny").disabled = false;
      }
    } catch (err) {
      d.dataset.state = "error";
      d.textContent = `Not ${verb === "approve" ? "approved" : "denied"}: ${err.message}`;
      $("approve").disabled = $("deny").disabled = false;
    }
    if (hasDevice) this.refreshLoop();
  }
}

function describeAction(a) {
  let s = `Action ${a.state || "?"}`;
  if (a.decidedBy && a.decidedBy.token) s += ` (decided by ${a.decidedBy.token})`;
  if (a.result && typeof a.result === "object") {
    const parts = Object.entries(a.result).map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
    if (parts.length) s += `: ${parts.join(", ")}`;
  }
  if (a.error && (a.error.detail || a.error.title)) s += `: ${a.error.detail || a.error.title}`;
  return s + ".";
}

function number(v, unit) {
  if (typeof v !== "number") return "–";
  const n = Number.isInteger(v) ? String(v) : v.toFixed(1);
  return unit ? `${n} ${unit}` : n;
}

main().catch((err) => setStatus("error", `The Core could not answer: ${err.message}`));
