// The leaderboard (#/leaderboard): the best-rated players of a game at a number of seats, from the
// ratings every finished game updates (bots and guests too).

import { h, replace } from "./dom.js";
import { api } from "./session.js";
import { games as catalog } from "./catalog.js";
import { kindMark } from "./words.js";

/** A rating as players read it: "1532", or "1532?" while provisional. */
export function ratingText(r) {
  return `${r.rating}${r.provisional ? "?" : ""}`;
}

export function mountLeaderboard(app, ctx, game = null, seats = 2) {
  const gameSelect = h("select", { id: "board-game", "aria-label": "game" });
  const seatSelect = h("select", { id: "board-seats", "aria-label": "seats" });
  const body = h("div", { id: "leaderboard-body" }, h("p", {}, "Loading…"));
  const show = () => ctx.navigate(`#/leaderboard/${gameSelect.value}/${seatSelect.value}`);
  gameSelect.addEventListener("change", () => ctx.navigate(`#/leaderboard/${gameSelect.value}/0`)); // its fewest seats
  seatSelect.addEventListener("change", show);
  replace(app, h("section", { class: "panel", id: "leaderboard" }, h("h2", {}, "Leaderboard"),
    h("div", { class: "row" }, gameSelect, seatSelect), body,
    h("p", { class: "muted" }, "Per game and number of seats. A newcomer starts at 1500; 400 points apart, the higher-rated",
      " player wins about ten games in eleven. A ? marks a rating of fewer than 10 games (listed after the others)."),
    h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));

  catalog().then((games) => {
    const chosen = games.find((g) => g.name === game) || games[0];
    replace(gameSelect, games.map((g) => h("option", { value: g.name, selected: g.name === chosen.name }, g.name)));
    const counts = [];
    for (let n = chosen.min_players; n <= chosen.max_players; n += 1) counts.push(n);
    const count = counts.includes(seats) ? seats : counts[0];
    replace(seatSelect, counts.map((n) => h("option", { value: n, selected: n === count }, `${n} players`)));
    return api(`/api/leaderboard?game=${encodeURIComponent(chosen.name)}&seats=${count}`);
  }).then((board) => {
    replace(body, board.leaders.length
      ? h("table", { class: "tables", id: "leaders" },
        h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {}, "Games"))),
        h("tbody", {}, board.leaders.map((row) => h("tr", {}, h("td", {}, String(row.rank)),
          h("td", {}, h("a", { href: `#/player/${row.user.id}` }, row.user.name),
            kindMark(row.user) ? h("span", { class: "muted" }, kindMark(row.user)) : ""),
          h("td", {}, ratingText(row)), h("td", {}, String(row.games))))))
      : h("p", { class: "muted" }, "No rated games of this kind yet."));
  }).catch((e) => replace(body, h("p", {}, `Cannot load the leaderboard: ${e.message}`)));
  return null;
}
