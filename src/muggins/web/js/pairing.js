// Quick pairing: "Play a person" waits in the server's pool for the chosen game, seats and clock,
// rated or casual; the server seats you with the nearest-rated player waiting and says "paired".
// The seek is the connection's: after a reconnection it is asked for again (the wait is kept).
// After the wait the player chose, a bot is offered instead (the seek goes on meanwhile).

import { h, replace, toast } from "./dom.js";
import { api, session } from "./session.js";
import { games } from "./catalog.js";
import { RENDERERS } from "./games/index.js";
import { tellMeOfTurns } from "./push.js";

const TURN_CLOCKS = [10, 15, 20, 30, 45, 60];
const CORRESPONDENCE = [1, 3, 7];
const BOT_AFTER = [[10, "10 s"], [30, "30 s"], [60, "1 min"], [120, "2 min"], [0, "never"]];

/** What this page is seeking (the message sent) and what the server last said of it. */
const pairing = { asked: null, seek: null, told: 0, botAfter: 30, listeners: new Set() };

function changed() {
  for (const fn of pairing.listeners) fn();
}

/** Follow the server's word on seeks for the whole page: a pairing opens its table wherever you are. */
export function followPairing(ctx) {
  ctx.conn.on("seeking", (m) => {
    pairing.seek = m.seek;
    pairing.told = Date.now();
    if (!m.seek) pairing.asked = null;
    changed();
  });
  ctx.conn.on("paired", (m) => {
    pairing.asked = pairing.seek = null;
    changed();
    const others = m.table.seats.filter((s) => s.user && s.user.id !== session.user?.id).map((s) => s.user.name);
    toast(`Paired with ${others.join(", ")}: your game starts.`);
    ctx.navigate(`#/table/${m.table.id}`);
  });
  ctx.conn.on("error", (m) => {
    if (m.request !== "seek") return;
    pairing.asked = pairing.seek = null;
    changed();
    toast(`Not in the pool: ${m.reason}`, "error");
  });
  ctx.conn.on("welcome", () => {
    if (pairing.asked) ctx.conn.send(pairing.asked); // a new connection: seek again, keeping the wait
  });
  ctx.conn.on("your_turn", (m) => { // a correspondence game: unless you are at that table now
    if (location.hash === `#/table/${m.table_id}` && !document.hidden) return;
    const text = `Your turn in ${RENDERERS[m.game]?.title || m.game}`;
    if (window.Notification?.permission === "granted") {
      const note = new Notification("muggins", { body: text, tag: m.table_id });
      note.onclick = () => { window.focus(); ctx.navigate(`#/table/${m.table_id}`); };
    } else {
      toast(`${text}: open it from your games.`);
    }
  });
}

function seek(ctx, asked) {
  pairing.asked = asked;
  ctx.conn.send(asked);
  changed();
}

function unseek(ctx) {
  pairing.asked = null;
  ctx.conn.send({ type: "unseek" });
  changed();
}

/** Leave the pool and play the game's strongest bot instead, with the same rules and clock. */
async function playBot(ctx, asked) {
  unseek(ctx);
  const game = (await games()).find((g) => g.name === asked.game);
  const bots = {};
  for (let seat = 1; seat < asked.players; seat++) bots[String(seat)] = game.bots.at(-1);
  try {
    const table = await api("/api/tables", { method: "POST",
      body: { game: asked.game, players: asked.players, options: asked.options, bots, seat: 0 } });
    ctx.navigate(`#/table/${table.id}`);
  } catch (e) {
    toast(e.message, "error");
  }
}

/** The fields that choose a game to ask for (ids from `prefix`): the game, its rules (the game's
 * own presets), seats, turn clock, and rated (members only); `read()` gives what they say. */
export function gameChoice(catalog, prefix, member) {
  const gameSelect = h("select", { id: `${prefix}-game` }, catalog.map((g) =>
    h("option", { value: g.name }, RENDERERS[g.name]?.title || g.name)));
  const playersSelect = h("select", { id: `${prefix}-players`, "aria-label": "players" });
  const rules = h("select", { id: `${prefix}-rules`, "aria-label": "rules" });
  const game = () => catalog.find((x) => x.name === gameSelect.value);
  const fillGame = () => {
    const g = game();
    const fewest = Math.max(2, g.min_players);
    replace(playersSelect, Array.from({ length: g.max_players - fewest + 1 }, (_, i) =>
      h("option", { value: fewest + i }, `${fewest + i} players`)));
    const presets = g.presets?.length ? g.presets : [{ id: "standard", label: "standard rules", options: {} }];
    replace(rules, presets.map((p) => h("option", { value: p.id }, p.label)));
  };
  gameSelect.addEventListener("change", fillGame);
  fillGame();
  const clock = h("select", { id: `${prefix}-clock`, "aria-label": "turn clock" },
    TURN_CLOCKS.map((s) => h("option", { value: s, selected: s === 20 }, `${s} s a turn`)),
    CORRESPONDENCE.map((d) => h("option", { value: `${d}d` }, `correspondence: ${d} day${d > 1 ? "s" : ""} a move`)));
  clock.addEventListener("change", () => { // a correspondence game tells you of your turn, even with no page open
    if (clock.value.endsWith("d")) tellMeOfTurns();
  });
  const rated = h("input", { type: "checkbox", id: `${prefix}-rated`, checked: member, disabled: !member });
  const fields = [h("label", {}, "Game ", gameSelect), h("label", {}, rules), h("label", {}, playersSelect),
    h("label", {}, clock), h("label", { title: member ? "" : "rated games are for members" }, rated, " rated")];
  const read = () => {
    const preset = (game().presets || []).find((p) => p.id === rules.value);
    const time = clock.value.endsWith("d") ? { days: parseInt(clock.value, 10) } : { turn_time: Number(clock.value) };
    return { game: gameSelect.value, players: Number(playersSelect.value), options: preset ? preset.options : {},
      time, rated: rated.checked };
  };
  return { fields, read };
}

/** A table's clock in words: seconds a turn, days a move (correspondence), or none. */
export function timeText(time) {
  if (time.days) return `${time.days} day${time.days > 1 ? "s" : ""} a move`;
  return time.turn_time ? `${time.turn_time} s a turn` : "no clock";
}

/** A game asked for, in words: "Cribbage, rated, 20 s a turn · target: 61". */
export function askedText(asked) {
  const title = RENDERERS[asked.game]?.title || asked.game;
  const parts = [title, asked.players > 2 ? `${asked.players} players` : null, asked.rated ? "rated" : "casual",
    timeText(asked.time),
    ...Object.entries(asked.options || {}).map(([k, v]) => `${k.replace(/_/g, " ")}: ${v}`)];
  return parts.filter(Boolean).join(", ");
}

export function clockText(seconds) {
  return `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;
}

/** The lobby's "Play a person" panel: the form, or your place in the pool while you wait. */
export function pairingPanel(ctx) {
  const panel = h("section", { class: "panel", id: "quick-pairing" }, h("h2", {}, "Play a person"));
  let timer = null;
  let catalog = [];

  function form() {
    if (session.user?.kind === "bot_account") { // the pools are for people (docs/server.md, "Bot accounts")
      return h("p", { class: "muted", id: "seek-for-people" },
        "A bot account plays by challenge: the pool is for people. Open a table, or wait to be challenged.");
    }
    const member = session.user?.kind === "member";
    const choice = gameChoice(catalog, "seek", member);
    const botAfter = h("select", { id: "seek-bot-after" }, BOT_AFTER.map(([s, text]) =>
      h("option", { value: s, selected: s === pairing.botAfter }, text)));
    const go = h("button", { class: "btn", type: "submit", id: "seek-go" }, "Play a person");
    const el = h("form", { class: "row seek-form", id: "seek-form" }, choice.fields,
      h("label", {}, "offer a bot after ", botAfter), go);
    el.addEventListener("submit", (e) => {
      e.preventDefault();
      pairing.botAfter = Number(botAfter.value);
      seek(ctx, { type: "seek", ...choice.read() });
    });
    return [el, h("p", { class: "muted" }, member
      ? "You are seated with the nearest-rated player waiting; the range widens the longer you wait."
      : "Guests play casual games; log in or register to play rated.")];
  }

  function waiting() {
    const asked = pairing.asked;
    const info = pairing.seek;
    const status = h("p", { id: "seek-status", "aria-live": "polite" });
    const offer = h("p", { id: "seek-bot-offer", hidden: true }, "Nobody yet. ",
      h("button", { class: "btn secondary", type: "button", id: "seek-bot", onclick: () => playBot(ctx, asked) },
        "Play the bot instead"), " or keep waiting.");
    const tick = () => {
      if (!info) { status.textContent = "Joining the pool…"; return; }
      const waited = Math.max(0, Date.now() / 1000 - info.since);
      status.textContent = `Looking for ${info.players === 2 ? "a player" : `${info.players - 1} players`}: `
        + `${askedText(info)} · your rating ${info.rating}`
        + ` · within ±${info.reach + Math.floor(info.widens * (Date.now() - pairing.told) / 1000)}`
        + ` · waiting ${clockText(waited)}`;
      offer.hidden = !(pairing.botAfter && waited >= pairing.botAfter);
    };
    tick();
    timer = setInterval(tick, 1000);
    return [status, offer,
      h("button", { class: "btn secondary", type: "button", id: "seek-cancel", onclick: () => unseek(ctx) }, "Cancel")];
  }

  function render() {
    clearInterval(timer);
    replace(panel, h("h2", {}, "Play a person"), pairing.asked ? waiting() : form());
  }

  pairing.listeners.add(render);
  let shownTo = session.user?.kind; // the form offers rated games to members only
  const offWelcome = ctx.conn.on("welcome", () => {
    if (!pairing.asked && catalog.length && session.user?.kind !== shownTo) render();
    shownTo = session.user?.kind;
  });
  games().then((list) => { catalog = list; render(); })
    .catch((e) => replace(panel, h("h2", {}, "Play a person"), h("p", { class: "muted" }, e.message)));
  panel.unmount = () => {
    pairing.listeners.delete(render);
    offWelcome();
    clearInterval(timer);
  };
  return panel;
}
