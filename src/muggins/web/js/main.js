// Start-up and routing: who we are (guest name, or login), then one page at a time by the URL hash:
// #/ lobby, #/table/<id>, #/player/<user id>, #/tournament/<id>, #/replay/<game id>, #/review/<game id>,
// #/trainer, #/account, #/settings, #/leaderboard[/<game>/<seats>].

import { Connection, api, session } from "./session.js";
import { h, replace, toast } from "./dom.js";
import { installSprite } from "./cards.js";
import { mountLobby } from "./lobby.js";
import { mountTable } from "./table.js";
import { mountPlayer } from "./player.js";
import { mountReplay } from "./replay.js";
import { mountAccount } from "./account.js";
import { mountTrainer } from "./trainer.js";
import { gameTitles } from "./games/index.js";
import { applySettings, loadAccountSettings, mountSettings } from "./settings.js";
import { mountLeaderboard } from "./leaderboard.js";
import { followPairing } from "./pairing.js";
import { followChallenges } from "./challenges.js";
import { mountTournament } from "./tournaments.js";
import { kindMark, rates } from "./words.js";

const app = document.getElementById("app");
const conn = new Connection();
let unmount = null;

const ROUTES = [
  [/^#\/table\/([\w-]+)$/, (m) => mountTable(app, ctx, m[1])],
  [/^#\/player\/(\d+)$/, (m) => mountPlayer(app, ctx, Number(m[1]))],
  [/^#\/tournament\/([\w-]+)$/, (m) => mountTournament(app, ctx, m[1])],
  [/^#\/replay\/(\d+)$/, (m) => mountReplay(app, ctx, Number(m[1]))],
  [/^#\/review\/(\d+)$/, (m) => mountReplay(app, ctx, Number(m[1]), { review: true })],
  [/^#\/account$/, () => mountAccount(app, ctx)],
  [/^#\/trainer$/, () => mountTrainer(app)],
  [/^#\/settings$/, () => mountSettings(app)],
  [/^#\/leaderboard(?:\/(\w+)\/(\d+))?$/, (m) => mountLeaderboard(app, ctx, m[1], Number(m[2]))],
  [/^.*$/, () => mountLobby(app, ctx)],
];

const ctx = {
  conn,
  /** True until the first page is shown: the lobby then takes a returning player back to their game. */
  firstPage: true,
  navigate(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  },
  /** Become someone else (after login or registration): reconnect with the new token. */
  relogin(token) {
    session.token = token;
    conn.close();
    conn.connect(session.guestName);
  },
};

function route() {
  if (unmount) unmount();
  unmount = null;
  if (!session.token && !conn.ready && !location.hash.startsWith("#/account")) {
    unmount = askName();
    return;
  }
  for (const [pattern, mount] of ROUTES) {
    const m = location.hash.match(pattern);
    if (m) {
      unmount = mount(m) || null;
      ctx.firstPage = false;
      app.focus({ preventScroll: true });
      return;
    }
  }
}

/** First visit: choose a guest name (or go to the account page to log in or register). */
function askName() {
  const input = h("input", { id: "guest-name", name: "name", maxlength: 32, required: true, autocomplete: "nickname",
    value: session.guestName, placeholder: "your name" });
  const form = h("form", { class: "panel", id: "guest-form" },
    h("h2", {}, `Play ${gameTitles()}`),
    h("label", { for: "guest-name" }, "Play as a guest named "), input, " ",
    h("button", { class: "btn", type: "submit" }, "Play"),
    h("p", { class: "muted" }, "Or ", h("a", { href: "#/account" }, "log in or register"),
      " to keep your results and rating."));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    session.guestName = name;
    conn.connect(name);
  });
  replace(app, form);
  input.focus();
  return null;
}

function renderWho() {
  const who = document.getElementById("who");
  const user = session.user;
  if (!user) {
    replace(who);
    return;
  }
  replace(who,
    h("a", { href: `#/player/${user.id}`, style: "color:#fff", id: "me" }, user.name),
    h("span", { class: "muted", style: "color:#cfe" }, kindMark(user).trim()),
    user.kind === "guest" ? h("a", { href: "#/account", style: "color:#fff" }, "log in / register") : null,
    rates(user) ? h("a", { href: "#/account", style: "color:#fff", id: "account-link" }, "account") : null,
    h("button", { type: "button", id: "logout-btn", onclick: async () => {
      conn.close(); // first: the server's end of this session is then no surprise
      await api("/api/logout", { method: "POST" }).catch(() => {}); // ends the session on the server too
      session.token = null;
      session.user = null;
      renderWho();
      location.hash = "#/";
      route();
    } }, user.kind === "guest" ? "change name" : "log out"));
}

conn.on("status", (m) => {
  document.getElementById("conn").textContent = m.connected ? "" : "reconnecting…";
  renderWho();
});
conn.on("unwelcome", (m) => {
  toast(m.reason, "error");
  if (unmount) unmount();
  unmount = null;
  route(); // back to choosing a name
});
conn.on("welcome", (m) => {
  renderWho();
  if (conn.askedName && m.user.name !== conn.askedName) {
    toast(`Another player is named ${conn.askedName}: you play as ${m.user.name}.`);
    session.guestName = m.user.name;
  }
  // the first welcome (or one after choosing a name) shows the page the URL asks for
  if (!unmount) route();
  loadAccountSettings()
    .then((changed) => { if (changed && location.hash === "#/settings") route(); })
    .catch((err) => toast(`Your account's settings could not be read: ${err.message}`, "error"));
});

installSprite();
applySettings();
followPairing(ctx);
followChallenges(ctx);
const invited = new URLSearchParams(location.search).get("table");
if (invited) {
  history.replaceState(null, "", `/#/table/${invited}`);
}
window.addEventListener("hashchange", route);
if (session.token) conn.connect(session.guestName);
else route();
