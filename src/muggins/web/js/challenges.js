// Challenges and presence: who is online (the lobby lists them), a player's page says whether they
// are and what they play, and offers to challenge them; challenges made and received show under
// the header on every page, with their countdown, until answered, withdrawn or expired.

import { h, replace, toast } from "./dom.js";
import { api, session } from "./session.js";
import { games } from "./catalog.js";
import { askedText, clockText, gameChoice } from "./pairing.js";
import { kindMark, rates } from "./words.js";

/** Open challenges by and to you, by id, as the server last told them. */
const open = new Map();

function answer(ctx, id, what) {
  ctx.conn.send({ type: "answer_challenge", challenge_id: id, answer: what });
}

function challengeRow(ctx, c) {
  const mine = c.by.id === session.user?.id;
  const left = h("span", { class: "muted", "data-expires": String(c.expires_at) });
  return h("li", { "data-challenge": c.id, class: mine ? "outgoing" : "incoming" },
    mine ? `You challenged ${c.to.name}: ${askedText(c)} · waiting ` : `${c.by.name} challenges you: ${askedText(c)} · `,
    left, " ",
    mine
      ? h("button", { class: "btn secondary", type: "button", onclick: () => answer(ctx, c.id, "cancel") }, "Cancel")
      : [h("button", { class: "btn accept", type: "button", onclick: () => answer(ctx, c.id, "accept") }, "Accept"), " ",
        h("button", { class: "btn secondary decline", type: "button", onclick: () => answer(ctx, c.id, "decline") }, "Decline")]);
}

/** Follow challenges for the whole page: they show under the header wherever you are. */
export function followChallenges(ctx) {
  const list = h("ul", { class: "challenge-list" });
  const box = h("section", { class: "panel challenges", id: "challenges", "aria-live": "polite", hidden: true },
    h("h2", {}, "Challenges"), list);
  document.getElementById("app").before(box);

  function render() {
    replace(list, [...open.values()].sort((a, b) => a.made_at - b.made_at).map((c) => challengeRow(ctx, c)));
    box.hidden = open.size === 0;
    tick();
  }

  function tick() {
    const now = Date.now() / 1000;
    for (const [id, c] of open) if (c.expires_at <= now) open.delete(id);
    if (list.children.length !== open.size) { render(); return; }
    for (const span of list.querySelectorAll("[data-expires]")) {
      span.textContent = `${clockText(Math.max(0, Number(span.dataset.expires) - now))} left`;
    }
  }

  ctx.conn.on("challenge_update", (m) => {
    const c = m.challenge;
    const mine = c.by.id === session.user?.id;
    if (c.status === "open") open.set(c.id, c);
    else open.delete(c.id);
    if (c.status === "declined" && mine) toast(`${c.to.name} declined your challenge.`);
    if (c.status === "cancelled" && !mine) toast(`${c.by.name} withdrew their challenge.`);
    render();
  });
  ctx.conn.on("welcome", () => { // (again): those made or answered meanwhile
    api("/api/me/challenges").then((challenges) => {
      open.clear();
      for (const c of challenges) open.set(c.id, c);
      render();
    }).catch(() => {});
  });
  ctx.conn.on("error", (m) => {
    if (m.request === "challenge" || m.request === "answer_challenge") toast(m.reason, "error");
  });
  setInterval(tick, 1000);
}

/** The lobby's list of players online now, each a link to their page (to challenge them). */
export function onlinePanel() {
  const list = h("p", { id: "online-players" }, "…");
  const panel = h("section", { class: "panel", id: "online" }, h("h2", {}, "Online now"), list);
  const load = () => api("/api/online").then((players) => {
    const others = players.filter((p) => p.id !== session.user?.id);
    replace(list, others.length
      ? others.map((p, i) => [i ? ", " : "", h("a", { href: `#/player/${p.id}` }, p.name),
        kindMark(p) ? h("span", { class: "muted" }, kindMark(p)) : ""])
      : h("span", { class: "muted" }, "Nobody else just now."));
  }).catch(() => replace(list, h("span", { class: "muted" }, "Cannot tell who is online.")));
  load();
  const timer = setInterval(load, 20000);
  panel.unmount = () => clearInterval(timer);
  return panel;
}

/** A player's page's part: online or not, the games they play now (to watch), and a challenge. */
export function presencePart(ctx, userId) {
  const part = h("div", { id: "presence" }, h("p", { class: "muted" }, "…"));
  Promise.all([api(`/api/players/${userId}/presence`), games()]).then(([presence, catalog]) => {
    const me = session.user;
    const challengeable = me && me.id !== userId && presence.online && presence.user.kind !== "bot";
    let form = null;
    if (challengeable) {
      const choice = gameChoice(catalog, "challenge", rates(me) && rates(presence.user));
      form = h("form", { class: "row", id: "challenge-form" }, choice.fields,
        h("button", { class: "btn", type: "submit", id: "challenge-go" }, `Challenge ${presence.user.name}`));
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        ctx.conn.send({ type: "challenge", user_id: userId, ...choice.read() });
      });
    }
    replace(part,
      h("p", { id: "online-status" }, presence.online ? "● online now" : "not online"),
      presence.games.length
        ? h("ul", { id: "playing-now" }, presence.games.map((t) => h("li", {}, `${askedText({ ...t, time: t.time })} · `,
          h("a", { href: `#/table/${t.id}` }, t.status === "playing" ? "watch" : "open"))))
        : null,
      form,
      form && presence.user.kind === "bot_account" && me.kind !== "bot_account"
        ? h("p", { class: "muted", id: "program-rating-note" },
          "A program plays this account: a rated game moves its rating, never yours.")
        : null);
  }).catch(() => replace(part, h("p", { class: "muted" }, "Cannot tell whether they are online.")));
  return part;
}
