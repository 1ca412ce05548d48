// Who we are and how we talk to the server: the token kept in the browser, HTTP calls, and the one
// WebSocket (hello -> welcome, then typed messages; reconnects by itself with the same token).

const TOKEN_KEY = "muggins.token";
const NAME_KEY = "muggins.name";

export const session = {
  user: null,
  get token() { return localStorage.getItem(TOKEN_KEY); },
  set token(value) {
    if (value) localStorage.setItem(TOKEN_KEY, value);
    else localStorage.removeItem(TOKEN_KEY);
  },
  get guestName() { return localStorage.getItem(NAME_KEY) || ""; },
  set guestName(value) { localStorage.setItem(NAME_KEY, value); },
};

/** An HTTP call to the server's API; resolves to the JSON body, throws Error(reason) otherwise. */
export async function api(path, { method = "GET", body } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let data;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!response.ok) throw new Error(reasonOf(data) || `${method} ${path} failed (${response.status})`);
  return data;
}

function reasonOf(data) {
  if (!data) return "";
  const detail = data.detail ?? data.reason ?? data.error;
  if (Array.isArray(detail)) return detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  return typeof detail === "string" ? detail : JSON.stringify(detail);
}

/** The WebSocket connection: send(), on(type, fn), and a 'status' pseudo-message on (re)connects. */
/** The close code of a connection whose session has ended (log out, a new password). */
const SESSION_ENDED = 4001;

export class Connection {
  constructor() {
    this.handlers = new Map();
    this.queue = [];
    this.ws = null;
    this.ready = false;
    this.retry = 500;
    this.closedByUs = false;
    this.renewing = false; // a new token is being asked for: the old session's end is expected
    this.pingTimer = null;
  }

  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(fn);
    return () => this.handlers.get(type).delete(fn);
  }

  emit(type, message) {
    for (const fn of this.handlers.get(type) || []) fn(message);
    for (const fn of this.handlers.get("*") || []) fn(message);
  }

  /** Open the socket and say hello (with our token, else as a guest named `name`). */
  connect(name) {
    this.closedByUs = false;
    this.helloName = name;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.askedName = session.token ? null : this.helloName; // a name asked for may come back numbered
      const hello = session.token ? { type: "hello", token: session.token } : { type: "hello", name: this.helloName };
      ws.send(JSON.stringify(hello));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (e) => {
      if (this.ws !== ws) return; // a socket we have replaced
      let message;
      try { message = JSON.parse(e.data); } catch { return; }
      if (message.type === "welcome") {
        session.user = message.user;
        session.token = message.token;
        this.ready = true;
        this.retry = 500;
        this.emit("status", { type: "status", connected: true });
        for (const queued of this.queue.splice(0)) ws.send(JSON.stringify(queued));
      } else if (message.type === "error" && !this.ready) {
        // not welcomed: a token no longer good (expired, another server's) or a refused name
        const retry = Boolean(session.token && this.helloName);
        session.token = null;
        if (retry) {
          ws.close(); // start over as a guest under the same name
        } else {
          this.closedByUs = true;
          ws.close();
          this.emit("unwelcome", message);
        }
        return;
      }
      this.emit(message.type, message);
    });
    ws.addEventListener("close", (e) => {
      if (this.ws !== ws) return;
      this.ready = false;
      clearInterval(this.pingTimer);
      if (e.code === SESSION_ENDED) {
        // signed out, or a new password, elsewhere (or here, when a new token is on its way)
        if (this.renewing) return;
        session.token = null;
        session.user = null;
        this.closedByUs = true;
        this.emit("status", { type: "status", connected: false });
        this.emit("unwelcome", { type: "error", reason: e.reason });
        return;
      }
      this.emit("status", { type: "status", connected: false });
      if (!this.closedByUs) {
        setTimeout(() => this.connect(this.helloName), this.retry);
        this.retry = Math.min(this.retry * 2, 8000);
      }
    });
  }

  /** Send a message now, or as soon as the server has welcomed us. */
  send(message) {
    if (this.ready && this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
    else if (message.type !== "ping") this.queue.push(message);
  }

  /** Close for good (log out, or a new identity). */
  close() {
    this.closedByUs = true;
    clearInterval(this.pingTimer);
    this.ready = false;
    if (this.ws) this.ws.close();
  }
}
