// Tournaments, Swiss and arena: the lobby's list (to come, running, the latest finished) with a
// form to make one (members), and a tournament's page: its start, round or end, entering and
// withdrawing, the standings and the latest pairings, kept live over the WebSocket.

import { h, replace, toast } from "./dom.js";
import { api, session } from "./session.js";
import { games } from "./catalog.js";
import { askedText, clockText, gameChoice } from "./pairing.js";

const STARTS_IN = [[60, "in a minute"], [300, "in 5 minutes"], [900, "in 15 minutes"], [3600, "in an hour"]];

function stateText(t) {
  const now = Date.now() / 1000;
  if (t.status === "upcoming") {
    return t.starts_at > now ? `starts in ${clockText(t.starts_at - now)}` : "starting";
  }
  if (t.status === "running" && t.kind === "arena") {
    return t.ends_at > now ? `ends in ${clockText(t.ends_at - now)}` : "time is up: the last games are played out";
  }
  if (t.status === "running") return `round ${t.round} of ${t.rounds}`;
  return "finished";
}

/** What kind of tournament, in words. */
function kindText(t) {
  return t.kind === "arena" ? `Arena · ${t.minutes} minutes${t.streaks ? " · streaks" : ""}` : `Swiss · ${t.rounds} rounds`;
}

/** The lobby's panel: every tournament listed, and (for members) a form to make one. */
export function tournamentsPanel(ctx) {
  const list = h("ul", { id: "tournament-list", class: "your-games" });
  const panel = h("section", { class: "panel", id: "tournaments" }, h("h2", {}, "Tournaments"), list);
  const load = () => api("/api/tournaments").then((all) => {
    replace(list, all.length
      ? all.map((t) => h("li", { "data-tournament": t.id },
        h("a", { href: `#/tournament/${t.id}` }, t.name), ` · ${kindText(t)} · ${askedText(t)} · `,
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
      const choice = gameChoice(catalog.filter((g) => g.max_players >= 2), "tournament", true);
      const name = h("input", { id: "tournament-name", maxlength: 64, required: true, placeholder: "name",
        "aria-label": "tournament name" });
      const kind = h("select", { id: "tournament-kind", "aria-label": "kind" },
        h("option", { value: "swiss" }, "Swiss"), h("option", { value: "arena" }, "Arena"));
      const minutes = h("select", { id: "tournament-minutes", "aria-label": "minutes", hidden: true },
        [15, 30, 45, 60, 90].map((n) => h("option", { value: n, selected: n === 30 }, `${n} minutes`)));
      const streaks = h("input", { type: "checkbox", id: "tournament-streaks", checked: true });
      const streaksLabel = h("label", { hidden: true }, streaks, " streaks");
      const rounds = h("select", { id: "tournament-rounds", "aria-label": "rounds" },
        [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => h("option", { value: n, selected: n === 5 }, `${n} round${n > 1 ? "s" : ""}`)));
      const starts = h("select", { id: "tournament-starts", "aria-label": "start" },
        STARTS_IN.map(([s, text]) => h("option", { value: s, selected: s === 300 }, text)));
      kind.addEventListener("change", () => {
        const arena = kind.value === "arena";
        rounds.hidden = arena;
        minutes.hidden = streaksLabel.hidden = !arena;
      });
      const form = h("form", { class: "row", id: "tournament-form" }, name, kind,
        choice.fields, rounds, minutes, streaksLabel, starts,
        h("button", { class: "btn", type: "submit", id: "tournament-go" }, "Make the tournament"));
      form.addEventListener("submit", async (e) => {
        e.preventDefault();
        const asked = choice.read();
        try {
          const made = await api("/api/tournaments", { method: "POST", body: { name: name.value.trim(),
            kind: kind.value, game: asked.game, players: asked.players, options: asked.options, time: asked.time,
            rated: asked.rated,
            rounds: Number(rounds.value), minutes: Number(minutes.value), streaks: streaks.checked,
            starts_in: Number(starts.value) } });
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

/** Points as a person reads them: 1, 0.5, 0.67 (a four-seat table's places are thirds). */
function pointsText(points) {
  return String(Math.round(points * 100) / 100);
}

function standingsTable(t) {
  const swiss = t.kind === "swiss"; // an arena has no Buchholz
  return h("table", { class: "tables", id: "standings" },
    h("thead", {}, h("tr", {}, ["#", "Player", "Points", swiss ? "Buchholz" : null, "Wins", "Games", "Rating"]
      .filter(Boolean).map((c) => h("th", {}, c)))),
    h("tbody", {}, t.standings.map((s) => h("tr", { "data-user": String(s.user.id) },
      h("td", {}, String(s.place)),
      h("td", {}, h("a", { href: `#/player/${s.user.id}` }, s.user.name),
        s.withdrawn ? h("span", { class: "muted" }, " · withdrawn") : ""),
      h("td", { class: "points" }, pointsText(s.points)), swiss ? h("td", {}, pointsText(s.buchholz)) : null,
      h("td", {}, String(s.wins)), h("td", {}, String(s.games)), h("td", {}, String(s.rating))))));
}

function gamesList(t) {
  if (!t.games.length) return null;
  return [h("h3", {}, t.kind === "arena" ? "The latest games" : `Round ${t.games_round}`),
    h("ul", { id: "round-games" }, t.games.map((g) => h("li", {},
      g.bye ? `${g.players[0].name}: a bye` : g.players.map((p) => p.name).join(" – "),
      g.points ? ` · ${g.points.map(pointsText).join(" – ")}` : g.table_id ? [" · ", h("a", { href: `#/table/${g.table_id}` }, "watch")] : "")))];
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
    if ((t.status === "upcoming" || (t.kind === "arena" && t.status === "running")) && me && !mine) {
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
      h("p", { class: "muted" }, `${kindText(t)} · ${askedText(t)} · made by ${t.created_by.name} · ${t.entrants} players`),
      state, h("div", { class: "row" }, actions),
      standingsTable(t), gamesList(t),
      h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
    clearInterval(timer);
    if (t.status !== "finished") timer = setInterval(() => { state.textContent = stateText(t); }, 1000);
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
