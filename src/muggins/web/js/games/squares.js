// Cribbage Squares at the table: the card to place, your grid (an empty cell is a button that
// places it there), the other grids of a race, and once the starter is turned every row's and
// column's points, counted line by line in the show panel.

import { h } from "../dom.js";
import { cardEl } from "../cards.js";
import { zone } from "../hand.js";

const SIDE = 4;
const COLUMNS = "abcd";

// The game's own stylesheet, loaded with its renderer (the CSP allows stylesheets from the site).
document.head.append(h("link", { rel: "stylesheet", href: "/css/squares.css" }));

const cellName = (index) => `${COLUMNS[index % SIDE]}${Math.floor(index / SIDE) + 1}`;

/** One seat's grid; with `onPlace`, each empty cell places the turned card there. */
function gridEl(view, seat, { onPlace = null, small = false } = {}) {
  const grid = view.grids[seat] || [];
  const points = new Map((view.lines[seat] || []).map((line) => [line.name, line.score.total]));
  // before the starter, each line's points so far (they can only grow), shown dimmer
  const running = !points.size;
  const sofar = (view.so_far || [])[seat] || {};
  const shown = (name) => (running ? sofar[name] || "" : points.get(name) ?? "");
  const kind = `sq-points${running ? " so-far" : ""}`;
  const pending = seat === view.you ? view.pending : null;
  const cells = [h("span", { class: "sq-head" }), ...[...COLUMNS].map((c) => h("span", { class: "sq-head" }, c)),
    h("span", { class: "sq-head" })];
  for (let row = 0; row < SIDE; row++) {
    cells.push(h("span", { class: "sq-head" }, row + 1));
    for (let col = 0; col < SIDE; col++) {
      const index = row * SIDE + col;
      const name = cellName(index);
      const card = grid[index];
      if (card) cells.push(cardEl(card, { small }));
      else if (pending === name) cells.push(cardEl(view.card, { small, extra: "sq-pending" }));
      else if (onPlace) {
        cells.push(h("button", { class: "sq-cell open", type: "button", "data-cell": name,
          "aria-label": `place ${view.card} on ${name}`, onclick: () => onPlace(name) }, name));
      } else cells.push(h("span", { class: "sq-cell", "data-cell": name }, name));
    }
    cells.push(h("span", { class: kind, "data-line": `row ${row + 1}` }, shown(`row ${row + 1}`)));
  }
  cells.push(h("span", { class: "sq-head" }));
  for (const c of COLUMNS) cells.push(h("span", { class: kind, "data-line": `column ${c}` }, shown(`column ${c}`)));
  const total = running ? Object.values(sofar).reduce((a, b) => a + b, 0) || "" : view.scores[seat];
  cells.push(h("span", { class: `${kind} sq-total`, id: seat === view.you ? "my-total" : null,
    title: running ? "so far, before the starter" : "the grid's score" }, total));
  return h("div", { class: `sq-grid${small ? " small" : ""}`, id: seat === view.you ? "my-grid" : `grid-${seat}`,
    "data-seat": seat }, cells);
}

function status(view, ui) {
  if (view.result) return "Game over";
  const mine = ui.seat !== null && (view.to_move || []).includes(ui.seat);
  if (mine) return `${view.turned === 1 ? "Place the first card" : `Place card ${view.turned} of 16`}: pick an empty cell`;
  if (ui.seat !== null && view.pending) return `Placed on ${view.pending}: waiting for ${(view.to_move || []).map(ui.name).join(", ")}`;
  return `${(view.to_move || []).map(ui.name).join(", ")} placing card ${view.turned} of 16`;
}

export const squares = {
  title: "Cribbage Squares",
  pauses: new Set(),

  felt(view, ui) {
    const me = ui.seat;
    const canPlace = me !== null && (view.legal_moves || []).length > 0;
    const others = [...Array(view.players).keys()].filter((seat) => seat !== me);
    const target = view.players === 1 ? ` · ${view.target} or more wins` : "";
    return [
      h("div", { class: "middle" },
        zone(view.starter ? "the starter" : `card ${Math.min(view.turned, 16)} of 16${target}`,
          h("div", { class: "pile", id: "sq-turned" }, cardEl(view.starter || view.card || "back"))),
        me !== null ? zone("your grid", gridEl(view, me, { onPlace: canPlace ? (cell) => ui.move(`place ${cell}`) : null })) : null),
      h("div", { class: "status-line", id: "status" }, status(view, ui)),
      others.length ? h("div", { class: "sq-others" },
        others.map((seat) => zone(`${ui.name(seat)}${(view.left || []).includes(seat) ? " (left)" : ""}`,
          gridEl(view, seat, { small: me !== null })))) : null,
    ];
  },

  seatExtra(view, seat) {
    if (view.result || view.players === 1) return null;
    return h("div", { class: "meta" }, view.placed[seat] ? "placed" : "placing");
  },

  shows(events, ui) {
    let starter = null;
    const out = [];
    for (const e of events) {
      if (e.type === "starter") starter = e.card;
      if (e.type === "scored" && e.score && starter) {
        const cards = [...new Set(e.score.items.flatMap((item) => item.cards))].filter((c) => c !== starter);
        out.push({ title: `${ui.name(e.player)}: ${e.reason}`, cards, extra: [starter], score: e.score, said: e.said });
      }
    }
    return out;
  },
};
