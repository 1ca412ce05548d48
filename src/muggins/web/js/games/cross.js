// Cross Cribbage at the table: the five-by-five grid with the cut card in its centre (an empty cell
// is a button that lays your turned card there while it is your turn), each row's and column's
// points so far, your turned card with the throw to the crib, and after the count each side's lines
// and the crib counted in the show panel.

import { h } from "../dom.js";
import { cardEl } from "../cards.js";
import { zone } from "../hand.js";

const SIDE = 5;
const COLUMNS = "abcde";

// The game's own stylesheet, loaded with its renderer (the CSP allows stylesheets from the site).
document.head.append(h("link", { rel: "stylesheet", href: "/css/cross.css" }));

const cellName = (index) => `${COLUMNS[index % SIDE]}${Math.floor(index / SIDE) + 1}`;

/** The players of a side, named ("you & Bob"), and what it counts. */
function sideName(view, ui, side) {
  return `${view.sides[side].map(ui.name).join(" & ")} (${side === 0 ? "rows" : "columns"})`;
}

/** The grid; with `onLay`, each cell a card may be laid on lays the turned card there. */
function gridEl(view, onLay, mine) {
  const open = new Set((view.legal_moves || []).filter((m) => m.startsWith("lay ")).map((m) => m.slice(4)));
  const [rows, columns] = view.so_far;
  const lineEl = (name, axis) => h("span", { class: `cx-points${axis === mine ? " mine" : ""}`, "data-line": name,
    title: `${name}: so far` }, rows[name] ?? columns[name] ?? "");
  const cells = [h("span", { class: "cx-head" }), ...[...COLUMNS].map((c) => h("span", { class: "cx-head" }, c)),
    h("span", { class: "cx-head" })];
  for (let row = 0; row < SIDE; row++) {
    cells.push(h("span", { class: "cx-head" }, row + 1));
    for (let col = 0; col < SIDE; col++) {
      const index = row * SIDE + col;
      const name = cellName(index);
      const card = view.grid[index];
      if (card) cells.push(cardEl(card, { extra: index === 12 ? "cx-cut" : "" }));
      else if (onLay && open.has(name)) {
        cells.push(h("button", { class: "cx-cell open", type: "button", "data-cell": name,
          "aria-label": `lay ${view.card} on ${name}`, onclick: () => onLay(name) }, name));
      } else cells.push(h("span", { class: "cx-cell", "data-cell": name }, name));
    }
    cells.push(lineEl(`row ${row + 1}`, "rows"));
  }
  cells.push(h("span", { class: "cx-head" }));
  for (const c of COLUMNS) cells.push(lineEl(`column ${c}`, "columns"));
  return h("div", { class: "cx-grid", id: "cx-grid" }, cells);
}

function status(view, ui) {
  if (view.result) return "Game over";
  if (view.phase === "counted") {
    const totals = view.count.map((lines) => lines.reduce((sum, line) => sum + line.score.total, 0));
    const said = `${sideName(view, ui, 0)} ${totals[0]}, ${sideName(view, ui, 1)} ${totals[1]}`;
    if (view.options.form === "table-top") return `Counted: ${said}; each side pegs its own`;
    return `Counted: ${said}${totals[0] === totals[1] ? "; nobody pegs" : `; the higher pegs ${Math.abs(totals[0] - totals[1])}`}`;
  }
  if (view.card) {
    if (view.options.form === "table-top") return "Your card: lay it on an empty cell touching a card";
    const left = view.share[ui.seat] - view.thrown[ui.seat];
    return `Your card: lay it on an empty cell${left ? `, or throw it to the crib (${left} to throw)` : ""}`;
  }
  return `${ui.name(view.turn)} to lay a card`;
}

export const cross = {
  title: "Cross Cribbage",
  /** The pause between deals: ready is all it asks ("say ready for me" passes it). */
  pauses: new Set(["counted"]),

  felt(view, ui) {
    const me = ui.seat;
    const legal = view.legal_moves || [];
    const canLay = legal.some((m) => m.startsWith("lay "));
    const mine = me !== null ? view.counts[me] : null;
    const actions = [];
    if (legal.includes("throw")) {
      actions.push(h("button", { class: "btn", type: "button", id: "throw-btn", "data-key": "t",
        onclick: () => ui.move("throw") }, "Throw to the crib (t)"));
    }
    if (legal.includes("ready")) actions.push(ui.readyButton());
    const tableTop = view.options.form === "table-top";
    const crib = view.crib || view.my_crib;
    const cribbed = view.thrown.reduce((a, b) => a + b, 0);
    const cribZone = tableTop ? null : zone(`the crib (${view.crib ? 4 : cribbed} of 4)`, h("div", { class: "row", id: "cx-crib" },
      crib.map((card) => cardEl(card, { small: true })),
      Array.from({ length: view.crib ? 0 : cribbed - crib.length }, () => cardEl("back", { small: true }))));
    const rule = tableTop ? "Table Top Cribbage: no crib, each card touching one laid, each side pegs its own"
      : `${ui.name(view.dealer)} dealt and has the crib`;
    return [
      h("div", { class: "board-legend" }, `${sideName(view, ui, 0)} against ${sideName(view, ui, 1)}; ${rule}; `
        + `${view.target} wins`),
      h("div", { class: "middle cx-middle" },
        zone(mine ? `the grid: you count the ${mine}` : "the grid",
          gridEl(view, canLay ? (cell) => ui.move(`lay ${cell}`) : null, mine)),
        h("div", { class: "cx-side" },
          zone(view.card ? "your card" : "the cut card", h("div", { class: "pile", id: "cx-turned" },
            cardEl(view.card || view.cut))),
          cribZone)),
      h("div", { class: "status-line", id: "status" }, status(view, ui)),
      h("div", { class: "actions" }, actions),
    ];
  },

  seatExtra(view, seat) {
    const dealt = view.dealer === seat ? "dealer · " : "";
    const thrown = view.share[seat] ? ` · ${view.thrown[seat]}/${view.share[seat]} thrown` : "";
    return h("div", { class: "meta" }, `${dealt}${view.counts[seat]} · ${view.piles[seat]} left${thrown}`);
  },

  shows(events, ui) {
    return events.filter((e) => e.type === "counted").map((e) => ({
      title: `${ui.name(e.player)}'s side: ${e.reason}`, cards: e.cards, extra: [], score: e.score, said: e.said,
    }));
  },
};
