// Cribist at the table: the trick in the middle (you at the bottom), trumps, tricks won, your
// thirteen cards (follow suit: the legal ones are lit), claims and muggins under manual counting.

import { h } from "../dom.js";
import { cardEl, suitSymbol } from "../cards.js";
import { backs, cardsInMoves, handEl, zone } from "../hand.js";


const PLACES = ["s", "w", "n", "e"]; // by seat offset from the viewer, in turn order

function trickEl(view, ui) {
  const me = ui.seat ?? 0;
  const played = new Map((view.trick || []).map(([seat, card]) => [seat, card]));
  return h("div", { class: "trick", id: "trick" },
    [0, 1, 2, 3].map((seat) => {
      const place = PLACES[(seat - me + 4) % 4];
      const card = played.get(seat);
      return h("div", { class: place, "data-seat": seat },
        card ? cardEl(card, { extra: view.trick_winner === seat ? "lit" : "" }) : h("span", { class: "card small" }),
        h("div", { class: "meta" }, ui.name(seat)));
    }),
    h("div", { class: "c trumps", id: "trumps", title: "trumps" }, view.trumps ? suitSymbol(view.trumps) : "·"));
}

function status(view, ui) {
  const waiting = view.to_move || [];
  const mine = ui.seat !== null && waiting.includes(ui.seat);
  switch (view.phase) {
    case "play": return mine ? "Your lead or follow" : `${waiting.map(ui.name).join(", ")} to play`;
    case "claim": return mine ? "Claim the points in your trick" : `${waiting.map(ui.name).join(", ")} claims`;
    case "muggins": return "Muggins? Name points the claim missed, or say ready";
    case "hand over": return "Hand over: ready for the next deal";
    default: return "Game over";
  }
}

const MUGGINS_KINDS = ["fifteen", "pair", "run", "flush", "jack"]; // docs/rules/cribist.md

/** Calling muggins: the points, the kind, and the trick's cards that make it (picked on the trick),
 * with the notation the move is sent in shown as it is built. */
function mugginsControl(view, ui) {
  const amount = ui.keep("muggins-amount", () => h("input", { type: "number", min: 1, max: 20, step: 1,
    id: "muggins-amount", style: "width:4em", "aria-label": "muggins points" }));
  const kind = ui.keep("muggins-kind", () => h("select", { id: "muggins-kind", "aria-label": "combination" },
    MUGGINS_KINDS.map((k) => h("option", { value: k }, k))));
  const trick = (view.trick || []).map(([, card]) => card);
  const chosen = () => trick.filter((c) => ui.selected.has(c));
  const text = () => `muggins ${amount.value || "N"} ${kind.value} ${chosen().join(" ") || "CARDS"}`;
  const notation = h("code", { id: "muggins-notation" }, text());
  amount.oninput = kind.onchange = () => { notation.textContent = text(); };
  return h("div", { class: "row", id: "muggins-control" },
    h("span", { class: "label" }, "muggins:"), amount, kind,
    trick.map((card) => h("button", { class: `btn small${ui.selected.has(card) ? " selected" : ""}`, type: "button",
      "aria-pressed": ui.selected.has(card) ? "true" : "false", onclick: () => ui.toggle(card, 4) }, card)),
    notation,
    h("button", { class: "btn", type: "button", id: "muggins-btn", disabled: !chosen().length,
      onclick: () => amount.value && ui.move(text()) }, "Call muggins"));
}

export const cribist = {
  title: "Cribist",
  /** The pauses between hands: ready is all they ask ("say ready for me" passes them). */
  pauses: new Set(["hand over"]),

  felt(view, ui) {
    const legal = view.legal_moves || [];
    const actions = [];
    if (view.phase === "claim" && legal.some((m) => m.startsWith("claim "))) actions.push(ui.amountMove("claim", "Claim"));
    if (view.phase === "muggins" && legal.includes("ready") && view.options.counting === "manual") actions.push(mugginsControl(view, ui));
    if (legal.includes("ready")) actions.push(ui.readyButton());
    const last = view.last_trick;
    return [
      h("div", { class: "middle" },
        zone(`deal ${view.deal} · ${ui.name(view.dealer)} deals`,
          h("div", { class: "trumps" }, view.trumps ? `trumps ${suitSymbol(view.trumps)}` : "no trumps yet")),
        zone("the trick", trickEl(view, ui)),
        last ? zone(`last trick: ${ui.name(last.winner)}`, h("div", { class: "pile" },
          last.cards.map(([, c]) => cardEl(c, { small: true })))) : null),
      h("div", { class: "status-line", id: "status" }, status(view, ui)),
      ui.seat !== null
        ? h("div", { class: "hand-area" },
          handEl(view.hand || [], { bySuit: true, legal: cardsInMoves(legal, "play"), hinted: ui.hinted,
            onPick: (card) => ui.move(`play ${card}`) }),
          h("div", { class: "actions" }, actions))
        : null,
    ];
  },

  seatExtra(view, seat) {
    return [
      h("div", { class: "meta" }, view.dealer === seat ? "dealer · " : "", `tricks ${(view.tricks_won || [])[seat] ?? 0}`),
      seat !== view.you && view.hand_sizes ? h("div", { class: "mini-hand" }, backs(Math.min(view.hand_sizes[seat], 13))) : null,
    ];
  },

  shows(events, ui) {
    const out = [];
    let trick = null;
    for (const e of events) {
      if (e.type === "trick") trick = e;
      if (e.type === "scored" && e.score && e.score.items.length && trick) {
        out.push({ title: `${ui.name(e.player)} takes trick ${trick.number}`, cards: trick.cards, extra: [],
          score: e.score, said: e.said });
      }
    }
    return out;
  },
};
