// A player's page: whether they are online (and a challenge), their ratings per game and number of seats, their results with replays and
// reviews, and their accuracy in reviewed games over time.

import { h, replace, s } from "./dom.js";
import { api, session } from "./session.js";
import { yourGames } from "./lobby.js";
import { reviewedGames } from "./catalog.js";
import { ratingText } from "./leaderboard.js";
import { presencePart } from "./challenges.js";
import { kindMark } from "./words.js";

function when(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleString() : "";
}

const percent = (rate) => (rate === null || rate === undefined ? "—" : `${Math.round(rate * 100)}%`);
const mean = (value) => (value === null || value === undefined ? "—" : value.toFixed(2));

/** A game's statistics over the player's latest results (cribbage: per hand, skunks, first deal). */
function statsTable(game, s) {
  const rows = [
    ["Games (won)", `${s.games} (${percent(s.win_rate)})`],
    ["Pegged a deal", mean(s.pegging_per_hand)],
    ["A hand", mean(s.hand_per_hand)],
    ["A crib", mean(s.crib_per_crib)],
    ["Skunks given / taken", `${s.skunks_given} / ${s.skunks_taken}`],
    ["Won, dealing first (two players)", `${percent(s.as_first_dealer.win_rate)} of ${s.as_first_dealer.games}`],
    ["Won, pone first (two players)", `${percent(s.as_first_pone.win_rate)} of ${s.as_first_pone.games}`],
  ];
  return [h("h3", {}, `Statistics: ${game}`),
    h("table", { class: "tables", id: `stats-${game}` },
      h("tbody", {}, rows.map(([label, value]) => h("tr", {}, h("th", {}, label), h("td", {}, value)))))];
}

/** Accuracy over time: each reviewed game a dot (oldest on the left), joined by a line. */
function accuracyChart(accuracy) {
  const W = 480, H = 120, PAD = 22;
  const x = (i) => PAD + (accuracy.length < 2 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (accuracy.length - 1));
  const y = (value) => H - PAD - (value * (H - 2 * PAD)) / 100;
  const grid = [0, 50, 100].map((v) => [
    s("line", { x1: PAD, x2: W - PAD, y1: y(v), y2: y(v), stroke: "#ddd" }),
    s("text", { x: 2, y: y(v) + 4, "font-size": 10, fill: "#777" }, String(v))]);
  const points = accuracy.map((a, i) => `${x(i)},${y(a.accuracy)}`).join(" ");
  return h("figure", { id: "accuracy-chart", style: "margin:8px 0" },
    s("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", style: "max-width:640px", role: "img",
      "aria-label": `accuracy in ${accuracy.length} reviewed games, oldest first` },
    grid.flat(),
    s("polyline", { points, fill: "none", stroke: "var(--accent, #1b5e3b)", "stroke-width": 2 }),
    accuracy.map((a, i) => s("circle", { cx: x(i), cy: y(a.accuracy), r: 3.5, fill: "var(--accent, #1b5e3b)" },
      s("title", {}, `${a.game} #${a.game_id}: ${a.accuracy.toFixed(1)}%`)))),
    h("figcaption", { class: "muted" }, "Accuracy (%) in each reviewed game, oldest first"));
}

/** A player's record in words: "12 games, 7 won" (won: placed first). */
function recordText(record) {
  if (!record.games) return "No finished games yet.";
  return `${record.games} ${record.games === 1 ? "game" : "games"}, ${record.won} won`;
}

export function mountPlayer(app, ctx, userId) {
  replace(app, h("section", { class: "panel" }, h("p", {}, "Loading…")));
  Promise.all([api(`/api/players/${userId}`), reviewedGames()]).then(([page, reviewed]) => {
    const ratings = page.ratings || [];
    const results = page.results || [];
    const accuracy = [...(page.accuracy || [])].reverse(); // oldest first
    replace(app,
      h("section", { class: "panel", id: "player-page" },
        h("h2", {}, page.user.name, h("span", { class: "muted", id: "player-kind" }, kindMark(page.user) || " (member)")),
        h("p", { id: "record" }, recordText(page.record)),
        presencePart(ctx, userId),
        h("div", { id: "your-games-slot" }),
        h("h3", {}, "Ratings"),
        ratings.length
          ? h("table", { class: "tables", id: "ratings" },
            h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Seats"), h("th", {}, "Rating"), h("th", {}, "Games"))),
            h("tbody", {}, ratings.map((r) => h("tr", {}, h("td", {}, r.game), h("td", {}, String(r.seats)),
              h("td", {}, ratingText(r)), h("td", {}, String(r.games))))))
          : h("p", { class: "muted" }, "No rated games yet."),
        Object.entries(page.stats || {}).map(([game, s]) => statsTable(game, s)),
        h("h3", {}, "Results"),
        results.length
          ? h("table", { class: "tables", id: "results" },
            h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Rank"), h("th", {}, "Score"), h("th", {}, "When"), h("th", {}, ""))),
            h("tbody", {}, results.map((r) => h("tr", {}, h("td", {}, `${r.game} (${r.seats})`),
              h("td", {}, `${r.rank} of ${r.seats}`), h("td", {}, String(r.score)), h("td", {}, when(r.finished_at)),
              h("td", {}, h("a", { href: `#/replay/${r.game_id}` }, "replay"),
                reviewed.has(r.game) ? [" · ", h("a", { href: `#/review/${r.game_id}`, class: "review-link" }, "review")] : null)))))
          : h("p", { class: "muted" }, "No finished games yet."),
        h("h3", {}, "Accuracy"),
        accuracy.length ? accuracyChart(accuracy) : null,
        accuracy.length
          ? h("table", { class: "tables", id: "accuracy" },
            h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Accuracy"), h("th", {}, "When"))),
            h("tbody", {}, accuracy.map((a) => h("tr", {}, h("td", {}, h("a", { href: `#/review/${a.game_id}` }, `${a.game} #${a.game_id}`)),
              h("td", {}, h("meter", { min: 0, max: 100, value: a.accuracy }), ` ${a.accuracy.toFixed(1)}%`),
              h("td", {}, when(a.finished_at))))))
          : h("p", { class: "muted" }, "No reviewed games yet: open a game's review to add it here."),
        h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
    if (session.user && session.user.id === userId) {
      const slot = document.getElementById("your-games-slot");
      api("/api/me/tables").then((mine) => slot.isConnected && replace(slot, yourGames(mine, ctx))).catch(() => {});
    }
  }).catch((e) => replace(app, h("section", { class: "panel" }, h("p", { role: "alert" }, `This player page could not be shown: ${e.message}`))));
  return null;
}
