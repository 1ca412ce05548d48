// Skalborg at the table: stacks of chips, the pot and side pots, each seat's bet, the shared crib
// turned street by street, your five cards (throw one), and check / call / bet / raise / fold.

import { h } from "../dom.js";
import { cardEl } from "../cards.js";
import { backs, cardsInMoves, handEl, zone } from "../hand.js";

function chips(amount, id) {
  return h("span", { class: "chips", id }, h("span", { class: "chip", "aria-hidden": "true" }), String(amount));
}

function betting(view, ui) {
  const legal = view.legal_moves || [];
  const out = [];
  const simple = { check: "Check", call: `Call ${view.to_call ?? ""}`, fold: "Fold", allin: "All in" };
  for (const [verb, label] of Object.entries(simple)) {
    if (legal.includes(verb)) {
      out.push(h("button", { class: "btn", type: "button", id: `${verb}-btn`, onclick: () => ui.move(verb) }, label));
    }
  }
  const sized = ["bet", "raise"].find((verb) => legal.some((m) => m.startsWith(`${verb} `)));
  if (sized) {
    const low = view.min_raise_to ?? Number(legal.find((m) => m.startsWith(`${sized} `)).split(" ")[1]);
    const high = view.max_raise_to ?? low;
    // kept across re-renders (another player's update must not reset the amount being typed)
    const input = ui.keep("bet-amount", () => h("input", { type: "number", id: "bet-amount", value: low, step: 1,
      style: "width:6em" }));
    input.min = String(low);
    input.max = String(high);
    input.setAttribute("aria-label", `${sized} to`);
    if (input.value === "" || Number(input.value) < low || Number(input.value) > high) input.value = String(low);
    // shortcuts fill the amount (a bet or raise to a share of the pot once called), kept within range
    const share = (part) => Math.max(low, Math.min(high,
      (view.current_bet || 0) + Math.round((view.pot + (view.to_call || 0)) * part)));
    const shortcut = (label, id, part) => h("button", { class: "btn secondary", type: "button", id,
      onclick: () => { input.value = String(share(part)); } }, label);
    out.push(h("span", { class: "row" }, shortcut("½ pot", "half-pot-btn", 0.5), shortcut("Pot", "pot-btn", 1),
      input, h("button", { class: "btn", type: "button", id: `${sized}-btn`,
        onclick: () => ui.move(`${sized} ${input.value}`) }, sized === "bet" ? "Bet" : "Raise to")));
  }
  return out;
}

function status(view, ui) {
  const waiting = view.to_move || [];
  const mine = ui.seat !== null && waiting.includes(ui.seat);
  if (view.phase === "throw") {
    return mine ? "Click one of your five cards to throw it into the crib; the other four are your hand"
      : "Waiting for the throws";
  }
  if (["preflop", "flop", "turn", "river"].includes(view.phase)) {
    const who = view.acting === ui.seat ? "Your bet" : `${ui.name(view.acting)} to bet`;
    const street = view.phase === "preflop" ? "Before the flop" : `The ${view.phase}`;
    return `${street}: ${who}${view.current_bet ? ` (${view.current_bet} to stay in)` : ""}`;
  }
  if (view.phase === "count") return mine ? "Count your hand with the crib" : "The count";
  if (view.phase === "hand_over") return "Hand over: ready for the next";
  if (view.phase === "game_over") return "Game over";
  return "The showdown";
}

/** What your four are worth with the crib turned so far (the view leaves it out under manual counting). */
function worth(view) {
  if (view.worth === null || view.worth === undefined) return null;
  const turned = (view.board || []).length;
  const so = !turned ? " on its own, before the crib is turned"
    : turned < 4 ? ` with the ${turned} crib card${turned === 1 ? "" : "s"} turned so far` : " with the crib";
  return h("div", { class: "label", id: "hand-worth" }, `your hand is worth ${view.worth}${so}`);
}

const COUNT_KINDS = ["fifteen", "pair", "run", "flush"];

/** Manual counting: pick cards from your hand and the crib, name the combination, count it. */
function counting(view, ui) {
  const pool = [...(view.cards || []), ...(view.board || [])];
  // kept across re-renders: another player's update must not reset the chosen combination
  const kind = ui.keep("count-kind", () => h("select", { id: "count-kind", "aria-label": "combination" },
    COUNT_KINDS.map((k) => h("option", { value: k }, k))));
  const mine = (view.claims && view.claims[String(ui.seat)]) || [];
  return h("div", { class: "hand-area" },
    h("div", { class: "label" }, "count your hand with the crib: pick the cards of one combination"),
    handEl(pool, { legal: new Set(pool), selected: ui.selected, onPick: (card) => ui.toggle(card, 8) }),
    h("div", { class: "actions" }, kind,
      h("button", { class: "btn", type: "button", id: "count-btn", disabled: ui.selected.size < 2,
        onclick: () => ui.move(`count ${kind.value} ${[...ui.selected].join(" ")}`) }, "Count it"),
      ui.readyButton()),
    mine.length
      ? h("ul", { id: "my-counts" }, mine.map((c) => h("li", {},
        `${c.kind} ${c.cards.join(" ")}: ${c.points === null ? "judged when everyone is ready" : c.points}`)))
      : null);
}

export const skalborg = {
  title: "Skalborg",
  /** The pauses between hands: ready is all they ask ("say ready for me" passes them). */
  pauses: new Set(["hand_over"]),

  felt(view, ui) {
    const legal = view.legal_moves || [];
    const mineCards = view.cards || [];
    const throwable = cardsInMoves(legal, "discard");
    const actions = betting(view, ui);
    const manual = view.phase === "count" && legal.includes("ready") && view.options.counting === "manual";
    if (manual) {
      return [
        h("div", { class: "middle" }, zone("pot", h("div", { class: "pot" }, "Pot ", chips(view.pot, "pot")))),
        h("div", { class: "status-line", id: "status" }, status(view, ui)),
        counting(view, ui),
      ];
    }
    if (legal.includes("ready")) actions.push(ui.readyButton());
    return [
      h("div", { class: "middle" },
        zone(`hand ${view.hand} · blinds ${view.small_blind}/${view.big_blind}`,
          h("div", { class: "pot" }, "Pot ", chips(view.pot, "pot")),
          view.pots && view.pots.length > 1
            ? h("div", { class: "muted" }, view.pots.map((p, i) => `${i ? "side pot" : "main pot"} ${p.amount}`).join(" · "))
            : null),
        zone("the crib — shared by everyone", h("div", { class: "row", id: "board" },
          (view.board || []).map((c) => cardEl(c)), backs(view.face_down || 0, false)))),
      h("div", { class: "status-line", id: "status" }, status(view, ui)),
      ui.seat !== null
        ? h("div", { class: "hand-area" },
          handEl(mineCards, { legal: throwable, hinted: ui.hinted,
            onPick: (card) => ui.move(`discard ${card}`) }),
          view.thrown ? h("div", { class: "row" }, h("span", { class: "label" }, "thrown"), cardEl(view.thrown, { small: true })) : null,
          worth(view),
          h("div", { class: "actions" }, actions))
        : null,
    ];
  },

  seatExtra(view, seat) {
    const shown = (view.showdown || []).find((s) => s.player === seat);
    const flags = [
      view.dealer === seat ? "dealer" : null,
      (view.folded || []).includes(seat) ? "folded" : null,
      (view.all_in || []).includes(seat) ? "all in" : null,
      (view.out || []).includes(seat) ? "out" : null,
      (view.thrown_by || []).includes(seat) && view.phase === "throw" ? "thrown" : null,
    ].filter(Boolean);
    return [
      h("div", { class: "meta" }, chips(view.stacks[seat], `stack-${seat}`),
        view.bets && view.bets[seat] ? ` · bet ${view.bets[seat]}` : "", flags.length ? ` · ${flags.join(", ")}` : ""),
      shown ? h("div", { class: "mini-hand" }, shown.cards.map((c) => cardEl(c, { small: true })),
        shown.points !== null && shown.points !== undefined ? h("span", { class: "meta" }, ` ${shown.points}`) : null) : null,
    ];
  },

  shows(events, ui, view) {
    return events.filter((e) => e.type === "shown" && e.score).map((e) => ({
      title: `${ui.name(e.player)}'s count`, cards: e.cards, extra: view.board || [], score: e.score, said: e.said,
    }));
  },
};
