// Shared pieces of a table's felt: your hand as buttons (legal ones lit, number keys shown), the
// cards named in legal moves, and a labelled zone.

import { h } from "./dom.js";
import { RANK_ORDER, SUIT_ORDER, backEl, cardEl, cardName, parseCard } from "./cards.js";
import { settings } from "./settings.js";

/** The cards that appear in any legal move with `verb` ("play", "discard" ...). */
export function cardsInMoves(legal, verb) {
  const cards = new Set();
  for (const move of legal) {
    const [v, ...rest] = move.split(" ");
    if (v === verb) rest.forEach((c) => cards.add(c));
  }
  return cards;
}

/**
 * Your hand: one button per card. `legal` is the set of cards a click may use; others are drawn
 * dimmed but still clickable, so the server can say why they are refused. `asked`: the seat must
 * move now, so with no card legal (only "go") every card is dimmed; by default, cards are dimmed
 * only while some card is legal.
 */
export function handEl(cards, { legal = new Set(), selected = new Set(), hinted = new Set(), onPick, id = "my-hand",
  asked = null, bySuit = false }) {
  const choosing = asked ?? legal.size > 0; // otherwise no card is asked for now: none is dimmed
  return h("div", { class: `hand${cards.length > 8 ? " many" : ""}`, id, role: "group", "aria-label": "your hand" },
    sortedHand(cards, bySuit).map((card, i) => {
      const el = cardEl(card, { button: true,
        extra: [choosing ? (legal.has(card) ? "legal" : "illegal") : "", selected.has(card) ? "selected" : "",
          hinted.has(card) ? "lit" : ""].filter(Boolean).join(" ") });
      el.dataset.index = String(i + 1);
      el.setAttribute("aria-pressed", selected.has(card) ? "true" : "false");
      el.title = `${i + 1}: ${cardName(card)}`;
      el.addEventListener("click", () => onPick(card));
      return el;
    }));
}

/** Your hand in the order the settings ask: by rank (then suit), by suit (then rank), or the game's
 * own order (`bySuit`: Cribist, where a suit to follow is kept together); jokers last. */
export function sortedHand(cards, bySuit = false) {
  const parts = (card) => {
    const c = parseCard(card);
    const rank = c.joker ? 99 : RANK_ORDER.indexOf(c.rank);
    const suit = c.joker ? 9 : SUIT_ORDER.indexOf(c.suit);
    const suitFirst = settings.sortHand === "suit" || (settings.sortHand === "game" && bySuit);
    return suitFirst ? [suit, rank] : [rank, suit];
  };
  return [...cards].sort((a, b) => {
    const [a1, a2] = parts(a);
    const [b1, b2] = parts(b);
    return a1 - b1 || a2 - b2;
  });
}

/** A row of face-down cards. */
export function backs(n, small = true) {
  return h("span", { class: "pile" }, Array.from({ length: n }, () => backEl({ small })));
}

/** A labelled area of the felt. */
export function zone(label, ...children) {
  return h("div", { class: "zone" }, h("div", { class: "label" }, label), ...children);
}

/** A zone that cards leaving the place `from` (an element's id) are drawn going into. */
export function gatheringZone(label, from, ...children) {
  const el = zone(label, ...children);
  el.dataset.gather = from;
  return el;
}

/** A face-up card, or nothing. */
export function faceUp(card, small = false) {
  return card ? cardEl(card, { small }) : null;
}
