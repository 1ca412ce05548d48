// Tournaments: the lobby's list (to come, running, the latest finished) with a form to make one
// (members), and a tournament's page: its start or round, entering and withdrawing, the standings
// and the round's pairings, kept live over the WebSocket (watch_tournament).

import { h, replace, toast } from "./dom.js";
import { api, session } from "./session.js";
import { games } from "./catalog.js";
import { askedText, clockText, gameChoice } from "./pairing.js";

const STARTS_IN = [[60, "in a minute"], [300, "in 5 minutes"], [900, "in 15 minutes"], [3600, "in an hour"]];

function stateText(t) {
  if (t.status === "upcoming") {
    const left = t.starts_at - Date.now() / 1000;
    return left > 0 ? `starts in ${clockText(left)}` : "starting";
  }
  if (t.status === "running") return `round ${t.round} of ${t.rounds}`;
  return "finished";
}

/** The lobby's panel: every tournament listed, and (for members) a form to make one. */
export function tournamentsPanel(ctx) {
  const list = h("ul", { id: "tournament-list", class: "your-games" });
  const panel = h("section", { class: "panel", id: "tournaments" }, h("h2", {}, "Tournaments"), list);
  const load = () => api("/api/tournaments").then((all) => {
    replace(list, all.length
      ? all.map((t) => h("li", { "data-tournament": t.id },
        h("a", { href: `#/tournament/${t.id}` }, t.name), ` · ${askedText(t)} · ${t.rounds} rounds · `,
        `${t.entrants} players · ${stateText(t)}`))
      : h("li", { class: "muted" }, "No tournaments yet."));
  }).catch(() => replace(list, h("li", { class: "muted" }, "Cannot list the tournaments.")));
  load();
  const timer = setInterval(load, 15000);
  let formAdded = false;
  const addForm = () => {
    if (formAdded || session.user?.kind !== "member") return;
    formAdded = true;
    games().then((catalog) => {
      const twoSeats = catalog.filter((g) => g.min_players <= 2 && g.max_players >= 2);
      const choice = gameChoice(twoSeats, "tournament", true);
      const name = h("input", { id: "tournament-name", maxlength: 64, required: true, placeholder: "name",
        "aria-label": "tournament name" });
      const rounds = h("select", { id: "tournament-rounds", "aria-label": "rounds" },
        [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => h("option", { value: n, selected: n === 5 }, `${n} round${n > 1 ? "s" : ""}`)));
      const starts = h("select", { id: "tournament-starts", "aria-label": "start" },
        STARTS_IN.map(([s, text]) => h("option", { value: s, selected: s === 300 }, text)));
      const form = h("form", { class: "row", id: "tournament-form" }, name,
        choice.fields.filter((f) => !f.querySelector?.("[id$='-players']")), rounds, starts,
        h("button", { class: "btn", type: "submit", id: "tournament-go" }, "Make a Swiss tournament"));
      form.addEventListener("submit", async (e) => {
        e.preventDefault();
        const asked = choice.read();
        try {
          const made = await api("/api/tournaments", { method: "POST", body: { name: name.value.trim(),
            game: asked.game, options: asked.options, time: asked.time, rated: asked.rated,
            rounds: Number(rounds.value), starts_in: Number(starts.value) } });
          ctx.navigate(`#/tournament/${made.id}`);
        } catch (err) {
          toast(`Not made: ${err.message}`, "error");
        }
      });
      panel.append(h("details", { id: "new-tournament" }, h("summary", {}, "New tournament"), form));
    }).catch(() => { formAdded = false; });
  };
  addForm();
  const offWelcome = ctx.conn.on("welcome", addForm); // signed in as a member since the lobby opened
  panel.unmount = () => {
    clearInterval(timer);
    offWelcome();
  };
  return panel;
}

function standingsTable(t) {
  return h("table", { class: "tables", id: "standings" },
    h("thead", {}, h("tr", {}, ["#", "Player", "Points", "Buchholz", "Wins", "Games", "Rating"].map((c) => h("th", {}, c)))),
    h("tbody", {}, t.standings.map((s) => h("tr", { "data-user": String(s.user.id) },
      h("td", {}, String(s.place)),
      h("td", {}, h("a", { href: `#/player/${s.user.id}` }, s.user.name),
        s.withdrawn ? h("span", { class: "muted" }, " · withdrawn") : ""),
      h("td", { class: "points" }, String(s.points)), h("td", {}, String(s.buchholz)), h("td", {}, String(s.wins)),
      h("td", {}, String(s.games)), h("td", {}, String(s.rating))))));
}

function gamesList(t) {
  if (!t.games.length) return null;
  return [h("h3", {}, `Round ${t.games_round}`),
    h("ul", { id: "round-games" }, t.games.map((g) => h("li", {},
      g.bye ? `${g.players[0].name}: a bye` : g.players.map((p) => p.name).join(" – "),
      g.points ? ` · ${g.points.join(" – ")}` : g.table_id ? [" · ", h("a", { href: `#/table/${g.table_id}` }, "watch")] : "")))];
}

/** A tournament's page, live while it is open. */
export function mountTournament(app, ctx, id) {
  let shown = null;
  let timer = null;
  const render = () => {
    const t = shown;
    const me = session.user;
    const mine = me && t.standings.find((s) => s.user.id === me.id && !s.withdrawn);
    const actions = [];
    if (t.status === "upcoming" && me && !mine) {
      actions.push(h("button", { class: "btn", type: "button", id: "tournament-enter",
        onclick: () => api(`/api/tournaments/${id}/entry`, { method: "POST" }).catch((e) => toast(e.message, "error")) }, "Enter"));
    }
    if (t.status !== "finished" && mine) {
      actions.push(h("button", { class: "btn secondary", type: "button", id: "tournament-withdraw",
        onclick: () => api(`/api/tournaments/${id}/entry`, { method: "DELETE" }).catch((e) => toast(e.message, "error")) },
      "Withdraw"));
    }
    if (t.status === "upcoming" && me && t.created_by.id === me.id) {
      if (!t.standings.some((s) => s.bot)) { // one bot a tournament
        const bot = h("select", { id: "tournament-bot", "aria-label": "bot level" });
        games().then((catalog) => replace(bot, (catalog.find((g) => g.name === t.game)?.bots || [])
          .map((level) => h("option", { value: level }, `bot: ${level}`)))).catch(() => {});
        actions.push(bot, h("button", { class: "btn secondary", type: "button", id: "tournament-add-bot",
          onclick: () => api(`/api/tournaments/${id}/entry`, { method: "POST", body: { bot: bot.value } })
            .catch((e) => toast(e.message, "error")) }, "Enter the bot"));
      }
      actions.push(h("button", { class: "btn", type: "button", id: "tournament-start",
        onclick: () => api(`/api/tournaments/${id}/start`, { method: "POST" }).catch((e) => toast(e.message, "error")) },
      "Start now"));
    }
    const state = h("p", { id: "tournament-state" }, stateText(t));
    replace(app, h("section", { class: "panel", id: "tournament-page" },
      h("h2", {}, t.name),
      h("p", { class: "muted" }, `Swiss · ${askedText(t)} · ${t.rounds} rounds · made by ${t.created_by.name} · ${t.entrants} players`),
      state, h("div", { class: "row" }, actions),
      standingsTable(t), gamesList(t),
      h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
    clearInterval(timer);
    if (t.status === "upcoming") timer = setInterval(() => { state.textContent = stateText(t); }, 1000);
  };
  replace(app, h("section", { class: "panel" }, h("p", {}, "Loading…")));
  const off = ctx.conn.on("tournament_update", (m) => {
    if (m.tournament.id !== id) return;
    shown = m.tournament;
    render();
  });
  const offError = ctx.conn.on("error", (m) => {
    if (m.request === "watch_tournament") replace(app, h("section", { class: "panel" }, h("p", { role: "alert" }, m.reason)));
  });
  ctx.conn.send({ type: "watch_tournament", tournament_id: id });
  return () => {
    off();
    offError();
    clearInterval(timer);
    ctx.conn.send({ type: "watch_tournament", tournament_id: null });
  };
}
