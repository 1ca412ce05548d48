// A player's page: their ratings per game and number of seats, and their results with replays.

import { h, replace } from "./dom.js";
import { api } from "./session.js";

function when(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleString() : "";
}

export function mountPlayer(app, ctx, userId) {
  replace(app, h("section", { class: "panel" }, h("p", {}, "Loading…")));
  api(`/api/players/${userId}`).then((page) => {
    const ratings = page.ratings || [];
    const results = page.results || [];
    replace(app,
      h("section", { class: "panel", id: "player-page" },
        h("h2", {}, `${page.user.name} `, h("span", { class: "muted" }, `(${page.user.kind})`)),
        h("h3", {}, "Ratings"),
        ratings.length
          ? h("table", { class: "tables", id: "ratings" },
            h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Seats"), h("th", {}, "Rating"), h("th", {}, "Games"))),
            h("tbody", {}, ratings.map((r) => h("tr", {}, h("td", {}, r.game), h("td", {}, String(r.seats)),
              h("td", {}, String(Math.round(r.rating))), h("td", {}, String(r.games))))))
          : h("p", { class: "muted" }, "No rated games yet."),
        h("h3", {}, "Results"),
        results.length
          ? h("table", { class: "tables", id: "results" },
            h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Rank"), h("th", {}, "Score"), h("th", {}, "When"), h("th", {}, ""))),
            h("tbody", {}, results.map((r) => h("tr", {}, h("td", {}, `${r.game} (${r.seats})`),
              h("td", {}, `${r.rank} of ${r.seats}`), h("td", {}, String(r.score)), h("td", {}, when(r.finished_at)),
              h("td", {}, h("a", { href: `#/replay/${r.game_id}` }, "replay"))))))
          : h("p", { class: "muted" }, "No finished games yet."),
        h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
  }).catch((e) => replace(app, h("section", { class: "panel" }, h("p", {}, `No such player: ${e.message}`))));
  return null;
}
