// heart-client.js: the page's client of the Core in its Web Worker.
// client.request(method, path, {headers, body, timeoutMs}) -> Promise of
// {status, headers, body}; events (messages without an id) go to onEvent.
// Protocol: docs/worker-protocol.md. Every message is one JSON string.

export class HeartClient {
  // workerURL may carry ?device=URL&token=T for the Core's device.
  constructor(workerURL = "/worker.js", { timeoutMs = 15000, onEvent = null } = {}) {
    this.timeoutMs = timeoutMs;
    this.onEvent = onEvent;
    this.stats = { requests: 0, workerReplies: 0, events: 0, timeouts: 0 };
    this.pending = new Map();
    this.nextId = 1;
    this.readyEvent = null;
    this.bootEvent = null;
    this.statsWaiters = [];
    this.worker = new Worker(workerURL);
    this._ready = new Promise((resolve, reject) => { this._resolveReady = resolve; this._rejectReady = reject; });
    this.worker.onmessage = (e) => this._receive(e.data);
    this.worker.onerror = (e) => this._fail(`worker error: ${e.message || "failed to load"}`);
  }

  // ready() resolves with the ready event once Go runs in the worker.
  ready(timeoutMs = this.timeoutMs) {
    return withTimeout(this._ready, timeoutMs, "the Core did not start in time");
  }

  request(method, path, { headers = {}, body = undefined, timeoutMs = this.timeoutMs } = {}) {
    const id = String(this.nextId++);
    const msg = { id, method, path, headers };
    if (body !== undefined && body !== null) {
      if (typeof body === "string") {
        msg.body = body;
      } else {
        msg.body = JSON.stringify(body);
        if (!Object.keys(headers).some((k) => k.toLowerCase() === "content-type")) {
          msg.headers = { ...headers, "content-type": "application/json" };
        }
      }
    }
    this.stats.requests++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.stats.timeouts++;
        reject(new Error(`${method} ${path}: no reply from the Core within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage(JSON.stringify(msg));
    });
  }

  // workerStats() asks the worker for its figures (requests in flight, Go
  // memory); resolves with the stats event.
  workerStats(timeoutMs = this.timeoutMs) {
    const p = new Promise((resolve) => this.statsWaiters.push(resolve));
    this.worker.postMessage(JSON.stringify({ type: "stats" }));
    return withTimeout(p, timeoutMs, "no stats from the worker");
  }

  close() {
    this.worker.terminate();
    this._fail("client closed");
  }

  _receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch (err) {
      this._event({ type: "error", status: 0, headers: {}, body: `unreadable message from the worker: ${err.message}` });
      return;
    }
    if (msg.id === undefined) {
      this._event(msg);
      return;
    }
    const p = this.pending.get(String(msg.id));
    if (!p) return; // a reply after its timeout
    this.pending.delete(String(msg.id));
    clearTimeout(p.timer);
    this.stats.workerReplies++;
    p.resolve({ status: msg.status, headers: msg.headers || {}, body: msg.body || "", bodyEncoding: msg.bodyEncoding });
  }

  _event(msg) {
    this.stats.events++;
    if (msg.type === "boot") {
      this.bootEvent = msg;
    } else if (msg.type === "ready") {
      msg.receivedAt = performance.timeOrigin + performance.now();
      this.readyEvent = msg;
      this._resolveReady(msg);
    } else if (msg.type === "stats") {
      const waiter = this.statsWaiters.shift();
      if (waiter) waiter(msg);
    } else if (msg.type === "fatal") {
      this._fail(`the Core cannot run: ${msg.detail}`);
    }
    if (this.onEvent) this.onEvent(msg);
  }

  _fail(reason) {
    const err = new Error(reason);
    this._rejectReady(err);
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(err);
      this.pending.delete(id);
    }
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  const t = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} (${ms} ms)`)), ms); });
  return Promise.race([promise, t]).finally(() => clearTimeout(timer));
}
