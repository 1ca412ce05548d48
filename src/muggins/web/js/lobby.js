// The lobby: "Play a person" (pairing.js), the open tables (live over the WebSocket) and the form
// to create a table with every option of the chosen game, the time controls, hints, privacy and
// bots in any seat.

import { h, replace, toast } from "./dom.js";
import { api, session } from "./session.js";
import { optionsForm } from "./optionsform.js";
import { games } from "./catalog.js";
import { RENDERERS } from "./games/index.js";
import { pairingPanel, timeText } from "./pairing.js";
import { onlinePanel } from "./challenges.js";
import { tournamentsPanel } from "./tournaments.js";
import { kindMark } from "./words.js";

/** The turn clock's choices: the server's own default (by who plays), none, or seconds a turn. */
const TURN_CLOCKS = [["", "auto: none vs bots, else 20 s"], ["none", "no clock"],
  ...[5, 10, 15, 20, 30, 45, 60].map((s) => [String(s), `${s} s a turn`])];
const COUNT_TIMES = [30, 60, 90, 120, 180, 300];
const INTERMISSION = { min: 1, max: 30, default: 30 };

/** A bot as the seat choices show it: "bot: club (about 1580)", where its rating was measured. */
export function botText(game, name) {
  const rating = game.bot_ratings?.[name];
  return rating === undefined ? `bot: ${name}` : `bot: ${name} (about ${rating})`;
}

function seatText(seat) {
  if (seat.bot) return `bot (${seat.bot})`;
  if (seat.user) {
    return seat.user.name + (seat.user.kind === "bot_account" ? kindMark(seat.user) : "") + (seat.connected ? "" : " (away)");
  }
  return "open";
}

function tableRow(table, ctx) {
  const empty = table.seats.filter((s) => !s.user && !s.bot).length;
  const mine = table.seats.some((s) => s.user && session.user && s.user.id === session.user.id);
  const open = () => ctx.navigate(`#/table/${table.id}`);
  return h("tr", { "data-table": table.id },
    h("td", {}, h("strong", {}, table.game), h("div", { class: "muted" }, describeOptions(table))),
    h("td", {}, table.seats.map((s) => h("div", {}, seatText(s)))),
    h("td", {}, table.status),
    h("td", {},
      table.status === "waiting" && empty && !mine
        ? h("button", { class: "btn sit", type: "button", onclick: () => {
          ctx.pendingSit = table.id;
          open();
        } }, "Sit")
        : null, " ",
      h("button", { class: "btn secondary", type: "button", onclick: open }, mine ? "Open" : "Watch")));
}

/** Your games (waiting or playing, private ones too), each with a button back to its table. */
export function yourGames(tables, ctx) {
  const me = session.user;
  const others = (t) => t.seats.filter((s) => !(s.user && me && s.user.id === me.id) && (s.user || s.bot))
    .map(seatText).join(", ") || "nobody yet";
  return h("section", { class: "panel", id: "your-games", hidden: !tables.length },
    h("h2", {}, "Your games"),
    h("ul", { class: "your-games" }, tables.map((t) => h("li", { "data-table": t.id },
      h("strong", {}, t.game), ` with ${others(t)} · ${t.status === "playing" ? "in progress" : "waiting for players"}`,
      t.time.days ? ` · ${timeText(t.time)}` : "",
      t.seats.some((s) => s.user && me && s.user.id === me.id && (t.to_move || []).includes(s.seat))
        ? h("strong", { class: "your-turn" }, " · your turn") : "",
      t.private ? " · private" : "", " ",
      h("button", { class: "btn resume", type: "button", onclick: () => ctx.navigate(`#/table/${t.id}`) },
        t.status === "playing" ? "Resume" : "Open")))));
}

/** "Play now": sit at the oldest public two-player table of the server's first game waiting for a
 * player, or else start one against its strongest bot (the last listed), with the default rules and
 * clocks. */
async function startNow(tables, ctx) {
  const me = session.user;
  let first;
  try {
    [first] = await games();
  } catch (e) {
    toast(e.message, "error");
    return;
  }
  const waiting = [...tables.values()].find((t) => t.game === first.name && t.players === 2 && t.status === "waiting"
    && !t.private && t.seats.some((s) => !s.user && !s.bot) && !t.seats.some((s) => s.user && me && s.user.id === me.id));
  if (waiting) {
    ctx.pendingSit = waiting.id;
    ctx.navigate(`#/table/${waiting.id}`);
    return;
  }
  try {
    const body = { game: first.name, players: 2, bots: { 1: first.bots.at(-1) }, seat: 0 };
    const table = await api("/api/tables", { method: "POST", body });
    ctx.navigate(`#/table/${table.id}`);
  } catch (e) {
    toast(e.message, "error");
  }
}

function describeOptions(table) {
  const time = table.time;
  const clock = time.turn_time ? `${time.turn_time}s turns, ${time.count_time}s to count` : timeText(time);
  const parts = [`${table.players} players`, clock];
  for (const [k, v] of Object.entries(table.options || {})) parts.push(`${k.replace(/_/g, " ")}: ${v}`);
  if (!table.hints) parts.push("no hints");
  return parts.join(" · ");
}

export function mountLobby(app, ctx) {
  const tables = new Map();
  let page = 0; // the page of the list shown (the server sends 50 tables a page)
  const turn = (to) => ctx.conn.send({ type: "lobby", page: to });
  const newer = h("button", { class: "btn secondary", type: "button", id: "lobby-newer",
    onclick: () => turn(page - 1) }, "‹ Newer");
  const older = h("button", { class: "btn secondary", type: "button", id: "lobby-older",
    onclick: () => turn(page + 1) }, "Older ›");
  const pageText = h("span", { class: "muted", id: "lobby-page", "aria-live": "polite" });
  const tbody = h("tbody", { id: "table-rows" });
  const playNow = h("button", { class: "btn", type: "button", id: "play-now", onclick: () => startNow(tables, ctx) },
    "Play now");
  games().then(([first]) => { playNow.textContent = `Play ${RENDERERS[first.name]?.title || first.name} now`; })
    .catch(() => {}); // the button still works: it asks again
  const list = h("section", { class: "panel", id: "lobby-tables" },
    h("div", { class: "row" }, h("h2", {}, "Tables"), playNow,
      h("span", { class: "muted" }, "two players: the next player waiting, or the strongest bot")),
    h("table", { class: "tables" },
      h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Seats"), h("th", {}, "Status"), h("th", {}, ""))),
      tbody),
    h("p", { class: "muted", id: "no-tables" }, "No open tables yet: create one."),
    h("div", { class: "row pager", id: "lobby-pager", hidden: true }, newer, pageText, older));
  const create = h("section", { class: "panel", id: "create-table" }, h("h2", {}, "New table"), h("p", {}, "Loading games…"));
  const yours = h("div", { id: "your-games-slot" });
  const pairing = pairingPanel(ctx);
  const online = onlinePanel();
  const tournaments = tournamentsPanel(ctx);
  replace(app, h("div", { class: "lobby" }, yours, pairing, online, list, create, tournaments));
  const returning = ctx.firstPage; // the page just loaded: a player with one game going goes back to it
  api("/api/me/tables").then((mine) => {
    const playing = mine.filter((t) => t.status === "playing");
    if (!yours.isConnected) return; // the player has moved on meanwhile
    if (returning && playing.length === 1) ctx.navigate(`#/table/${playing[0].id}`);
    else replace(yours, yourGames(mine, ctx));
  }).catch(() => {}); // the list of open tables below still works

  function renderList() {
    const rows = [...tables.values()].filter((t) => t.status !== "finished" || t.seats.some(
      (s) => s.user && session.user && s.user.id === session.user.id));
    replace(tbody, rows.map((t) => tableRow(t, ctx)));
    document.getElementById("no-tables").hidden = rows.length > 0;
  }

  const offs = [
    ctx.conn.on("table_list", (m) => {
      tables.clear();
      for (const t of m.tables) tables.set(t.id, t);
      page = m.page;
      newer.disabled = page === 0;
      older.disabled = page + 1 >= m.pages;
      pageText.textContent = `page ${page + 1} of ${m.pages} · ${m.total} tables`;
      document.getElementById("lobby-pager").hidden = m.pages < 2 && page === 0;
      renderList();
    }),
    ctx.conn.on("table_update", (m) => {
      if (tables.has(m.table.id)) tables.set(m.table.id, m.table);
      else if (page === 0 && m.table.status === "waiting") { // a new table: first on the first page
        const before = [...tables.values()];
        tables.clear();
        for (const t of [m.table, ...before]) tables.set(t.id, t);
      } else return; // on another page: seen when that page is asked for again
      renderList();
    }),
  ];
  ctx.conn.send({ type: "lobby" });

  games().then((list) => buildCreateForm(create, list, ctx)).catch((e) => {
    replace(create, h("h2", {}, "New table"), h("p", { class: "muted" }, `Cannot load the games: ${e.message}`));
  });

  return () => {
    offs.forEach((off) => off());
    pairing.unmount();
    online.unmount();
    tournaments.unmount();
  };
}

function numberField(id, text, range) {
  return h("div", { class: "field" }, h("label", { for: id }, text),
    h("input", { type: "number", id, name: id, min: range.min, max: range.max, value: range.default, step: 1 }),
    h("small", {}, `${range.min}–${range.max} s`));
}

/** The form's time controls as the server takes them (a turn clock left out: the server's default). */
function timeControls(form) {
  const turn = form.querySelector("#new-turn-time").value;
  const time = { count_time: Number(form.querySelector("#new-count-time").value),
    intermission: Number(form.querySelector("#new-intermission").value) };
  if (turn) time.turn_time = turn === "none" ? null : Number(turn);
  return time;
}

/** The game's presets (from the server: the game names its own), one click each; the chosen one
 * is pressed, and changing an option by hand under "More options" presses none. */
function presetButtons(game, form) {
  if ((game.presets || []).length < 2) return null;
  const buttons = game.presets.map((preset, i) => h("button", { class: "btn secondary preset", type: "button",
    id: `preset-${preset.id}`, "aria-pressed": i === 0 ? "true" : "false",
    onclick: (e) => {
      form.apply(preset.options);
      for (const b of buttons) b.setAttribute("aria-pressed", b === e.currentTarget ? "true" : "false");
    } }, preset.label));
  form.el.addEventListener("change", () => buttons.forEach((b) => b.setAttribute("aria-pressed", "false")));
  return h("div", { class: "presets", role: "group", "aria-label": "presets" }, buttons);
}

function buildCreateForm(panel, games, ctx) {
  const gameSelect = h("select", { id: "new-game", name: "game" },
    games.map((g) => h("option", { value: g.name }, g.name)));
  const playersSelect = h("select", { id: "new-players", name: "players" });
  const optionsBox = h("fieldset", {}, h("legend", {}, "Rules"));
  const presetsBox = h("div", { id: "new-presets" });
  const seatsBox = h("fieldset", { id: "new-seats" }, h("legend", {}, "Seats"));
  let form = null;

  const game = () => games.find((g) => g.name === gameSelect.value);

  function renderSeats() {
    const n = Number(playersSelect.value);
    const levels = game().bots || [];
    const rows = [];
    for (let seat = 0; seat < n; seat++) {
      rows.push(h("div", { class: "seat-row" }, h("label", { for: `new-seat-${seat}` }, `Seat ${seat + 1}`),
        h("select", { id: `new-seat-${seat}`, name: `seat-${seat}` },
          h("option", { value: "" }, seat ? "a person (open seat)" : "you"),
          levels.map((l) => h("option", { value: l }, botText(game(), l))))));
    }
    replace(seatsBox, h("legend", {}, "Seats"),
      h("div", { class: "field" }, h("label", { for: "new-players" }, "Players"), playersSelect), rows);
  }

  function renderGame() {
    const g = game();
    replace(playersSelect, Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => {
      const n = g.min_players + i;
      return h("option", { value: n }, String(n));
    }));
    form = optionsForm(g.options_schema, { idPrefix: "opt" });
    replace(optionsBox, h("legend", {}, `${g.name} rules`), form.el);
    replace(presetsBox, presetButtons(g, form));
    renderSeats();
  }

  gameSelect.addEventListener("change", renderGame);
  playersSelect.addEventListener("change", renderSeats);

  const hints = h("input", { type: "checkbox", id: "new-hints", name: "hints", checked: true });
  const priv = h("input", { type: "checkbox", id: "new-private", name: "private" });
  const submit = h("button", { class: "btn", type: "submit", id: "create-submit" }, "Create table");
  const timeBox = h("fieldset", {}, h("legend", {}, "Time"),
      h("div", { class: "field" }, h("label", { for: "new-turn-time" }, "Turn clock"),
        h("select", { id: "new-turn-time", name: "turn-time" },
          TURN_CLOCKS.map(([value, text]) => h("option", { value }, text)))),
      h("div", { class: "field" }, h("label", { for: "new-count-time" }, "Counting by hand, on a clock"),
        h("select", { id: "new-count-time", name: "count-time" },
          COUNT_TIMES.map((s) => h("option", { value: s, selected: s === 60 }, `${s} s a count`)))),
      numberField("new-intermission", "Pauses (pre-show, post-show, between hands) at most", INTERMISSION));
  const tableBox = h("fieldset", {}, h("legend", {}, "Table"),
      h("div", { class: "field" }, h("label", { for: "new-hints" }, "Hint button"), hints),
      h("div", { class: "field" }, h("label", { for: "new-private" }, "Private (invite link only)"), priv));
  const el = h("form", { class: "options-form", id: "create-form" },
    h("div", { class: "field" }, h("label", { for: "new-game" }, "Game"), gameSelect),
    presetsBox, seatsBox,
    h("details", { id: "more-options" }, h("summary", {}, "More options: every rule, clocks, hints, privacy"),
      optionsBox, timeBox, tableBox),
    submit);
  el.addEventListener("submit", async (e) => {
    e.preventDefault();
    let options;
    try { options = form.values(); } catch (err) { toast(err.message, "error"); return; }
    const players = Number(playersSelect.value);
    const bots = {};
    for (let seat = 0; seat < players; seat++) {
      const level = document.getElementById(`new-seat-${seat}`).value;
      if (level) bots[String(seat)] = level;
    }
    const body = {
      // a bot in seat 1 means you only watch
      game: gameSelect.value, players, options, bots, seat: bots["0"] ? null : 0, hints: hints.checked, private: priv.checked,
      time: timeControls(el),
    };
    submit.disabled = true;
    try {
      const table = await api("/api/tables", { method: "POST", body });
      ctx.navigate(`#/table/${table.id}`);
    } catch (err) {
      toast(`Table not created: ${err.message}`, "error");
    } finally {
      submit.disabled = false;
    }
  });
  replace(panel, h("h2", {}, "New table"), el);
  renderGame();
}
