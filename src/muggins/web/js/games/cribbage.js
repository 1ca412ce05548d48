// Cribbage at the table: the board with moving pegs, the crib, the starter, the pile and running
// count, your hand (discard to the crib, then play), go, claims and muggins under manual counting,
// and in Auction cribbage the bidding for the crib.

import { h } from "../dom.js";
import { cardEl, cardName, suitSymbol } from "../cards.js";
import { CribbageBoard, SIDE_COLOURS } from "./cribbage-board.js";
import { backs, cardsInMoves, faceUp, gatheringZone, handEl, zone } from "../hand.js";

function sideNames(view, ui) {
  return view.sides.map((side) => side.map((seat) => ui.name(seat)).join(" & "));
}

function board(view, ui) {
  const streets = window.matchMedia("(max-width: 600px)").matches ? 4 : 2; // a phone folds the board
  const targets = view.sides.map((side) => (view.targets || [])[side[0]] ?? view.target);
  const key = `board:${view.sides.length}:${targets.join(",")}:${streets}`;
  const b = ui.keep(key, () => new CribbageBoard({ sides: view.sides.length, target: view.target, targets,
    skunkLines: view.skunk_lines, names: sideNames(view, ui), streets }));
  b.update(view.sides.map((side) => view.scores[side[0]]),
    view.back_pegs ? view.sides.map((side) => view.back_pegs[side[0]]) : null);
  const match = view.match && view.match.games > 1;
  const ownTargets = new Set(targets).size > 1; // Captain's cribbage: each side plays to its own
  const lowball = view.lowball ? h("span", { class: "lowball" }, `Lowball: the first to ${view.target} loses`) : null;
  const tossFives = view.toss_fives
    ? h("span", { class: "lowball" }, "Toss Fives: every five dealt goes to the crib") : null;
  const jokers = view.jokers
    ? h("span", { class: "lowball" }, "Wild jokers: call a joker as any card when you lay it") : null;
  const auction = view.auction
    ? h("span", { class: "lowball" }, "Auction: the crib goes to the highest bidder, who pays the bid") : null;
  const crash = view.crash
    ? h("span", { class: "lowball" }, "Crash: the pegs share one track; a peg landed on is crashed") : null;
  const legend = h("div", { class: "board-legend" }, lowball, tossFives, jokers, auction, crash, ...sideNames(view, ui).map((name, i) =>
    h("span", { "data-side": i }, h("span", { class: "dot", style: `background:${SIDE_COLOURS[i]}` }),
      `${name}: ${view.scores[view.sides[i][0]]}`,
      view.crash ? ` (back peg ${view.back_pegs[view.sides[i][0]]})` : "",
      ownTargets ? ` of ${targets[i]}` : "",
      match ? ` (match ${view.match.points[view.sides[i][0]]})` : "")));
  return h("div", { class: "board-wrap" }, b.el, legend);
}

function status(view, ui) {
  const me = ui.seat;
  const waiting = view.to_move || [];
  const mine = me !== null && waiting.includes(me);
  switch (view.phase) {
    case "bid": {
      if (!mine) return `Waiting for ${waiting.map(ui.name).join(", ")} to bid for the crib`;
      const high = view.auction.high;
      if (!(view.legal_moves || []).some((m) => m.startsWith("bid "))) {
        return high ? `You cannot beat ${high} from your score: pass` : "You have no points to bid: pass";
      }
      return high ? `Bid more than ${high} for the crib, or pass` : "Bid for the crib, or pass";
    }
    case "discard": {
      if (!mine) return `Waiting for ${waiting.map(ui.name).join(", ")} to discard`;
      const need = needToCrib(view);
      const owner = view.crib_owner ?? view.dealer; // Auction: the crib's buyer
      const dealer = owner === me ? "your" : `${ui.name(owner)}'s`;
      const fives = view.toss_fives ? " (your fives must go)" : "";
      return need ? `Choose ${need} card${need > 1 ? "s" : ""} for ${dealer} crib${fives}` : "Lay away your own crib";
    }
    case "play":
      return mine ? "Your turn to play" : `${ui.name(view.turn)} to play`;
    case "show":
      return view.showing ? `Counting ${ui.name(view.showing.player)}'s ${view.showing.what}` : "The show";
    case "muggins":
      return "Muggins? Call points they missed, or say ready";
    case "pre-show":
      return "Before the show: ready when you are";
    case "post-show":
      return "After the show: ready for the next hand";
    case "over":
      return "Game over";
    default:
      return view.phase;
  }
}

function needToCrib(view) {
  const first = (view.legal_moves || []).find((m) => m.startsWith("discard ") || m.startsWith("crib "));
  return first ? first.split(" ").length - 1 : 0;
}

/** The cards in every legal move of ``verb`` (none when any cards may go): Toss Fives' fives. */
function requiredCards(legal, verb) {
  const moves = legal.filter((m) => m.startsWith(`${verb} `)).map((m) => m.split(" ").slice(1));
  if (!moves.length) return [];
  return moves[0].filter((card) => moves.every((cards) => cards.includes(card)));
}

/** Whether the move ``m`` lays away exactly the cards ``chosen`` with ``verb``. */
function sameCards(m, verb, chosen) {
  const cards = m.split(" ");
  return cards[0] === verb && cards.length === chosen.length + 1
    && chosen.every((card) => cards.includes(card));
}

/** A wild joker's call ("JKR=5H") in words: "JKR as 5♥". */
function callWords(call) {
  const [joker, card] = call.split("=");
  return `${joker} as ${card.slice(0, -1)}${suitSymbol(card.slice(-1))}`;
}

/** A card on the pile: a wild joker laid is drawn as the joker, with the card it was called. */
function laidEl(text) {
  if (!text.includes("=")) return cardEl(text, { small: false });
  const [joker, card] = text.split("=");
  return h("span", { class: "called", "data-call": text, title: `${cardName(joker)} called ${cardName(card)}` },
    cardEl(joker), h("span", { class: "call-badge" }, `as ${callWords(text).split(" as ")[1]}`));
}

/** Wild jokers: the call picker for the joker picked from the hand, offering the ranks and suits of
 * its legal calls (a call must keep the count to 31), and the button that lays it. */
function jokerCall(joker, legal, ui) {
  const calls = legal.filter((m) => m.startsWith(`joker ${joker}=`)).map((m) => m.split("=")[1]);
  const ranks = [...new Set(calls.map((c) => c.slice(0, -1)))];
  const rank = ui.keep(`call-rank-${joker}`, () => h("select", { id: "call-rank", "aria-label": "call the joker as rank" }));
  const suit = ui.keep(`call-suit-${joker}`, () => h("select", { id: "call-suit", "aria-label": "call the joker as suit" },
    ["C", "D", "H", "S"].map((x) => h("option", { value: x }, suitSymbol(x)))));
  const chosen = rank.value; // the options follow the count; a rank still legal stays chosen
  rank.replaceChildren(...ranks.map((r) => h("option", { value: r }, r)));
  if (ranks.includes(chosen)) rank.value = chosen;
  return h("span", { class: "row joker-call", id: "joker-call" },
    h("span", { class: "muted" }, `call ${joker} as`), rank, suit,
    h("button", { class: "btn", type: "button", id: "joker-btn", "data-key": "j",
      onclick: () => ui.move(`joker ${joker}=${rank.value}${suit.value}`) }, "Lay the joker (j)"));
}

function myHand(view, ui) {
  const legal = view.legal_moves || [];
  const hand = view.hand || [];
  const phase = view.phase;
  const verb = phase === "discard" ? (legal.some((m) => m.startsWith("crib ")) ? "crib" : "discard") : "play";
  const legalCards = cardsInMoves(legal, verb);
  // a wild joker is laid with a call: it is legal when any call is
  legal.filter((m) => m.startsWith("joker ")).forEach((m) => legalCards.add(m.split(" ")[1].split("=")[0]));
  const asked = ui.seat !== null && (view.to_move || []).includes(ui.seat);
  // Toss Fives: the cards every allowed throw holds are picked already, and stay picked
  const required = phase === "discard" && asked ? requiredCards(legal, verb) : [];
  required.forEach((card) => ui.selected.add(card));
  const pick = (card) => {
    if (phase === "discard" && asked) {
      ui.toggle(card, needToCrib(view), required);
    } else if (phase === "discard") {
      ui.move(`${verb} ${card}`); // not asked now: the server says why
    } else if (card.startsWith("JK") && legalCards.has(card)) {
      ui.toggle(card, 1); // picked: the call picker opens under the hand
    } else {
      ui.move(`play ${card}`);
    }
  };
  const actions = [];
  if (phase === "discard" && asked) {
    const need = needToCrib(view);
    const chosen = [...ui.selected];
    const allowed = chosen.length === need && legal.some((m) => sameCards(m, verb, chosen));
    actions.push(h("button", { class: "btn", type: "button", id: "discard-btn", "data-key": "d",
      disabled: !allowed, title: chosen.length === need && !allowed ? "the rules do not allow this throw" : null,
      onclick: () => ui.move(`${verb} ${chosen.join(" ")}`) },
    `${verb === "crib" ? "Keep as own crib" : "Discard to crib"} (d)`));
  }
  if (phase === "bid" && asked) {
    const bids = legal.filter((m) => m.startsWith("bid ")).map((m) => Number(m.split(" ")[1]));
    if (bids.length) {
      const least = Math.min(...bids);
      actions.push(h("button", { class: "btn", type: "button", id: "bid-least", "data-key": "b",
        onclick: () => ui.move(`bid ${least}`) }, `Bid ${least} (b)`),
      h("span", { class: "muted" }, "or"), ui.amountMove("bid", "Bid", Math.max(...bids)));
    }
    actions.push(h("button", { class: "btn secondary", type: "button", id: "pass-btn", "data-key": "p",
      onclick: () => ui.move("pass") }, "Pass (p)"));
  }
  const calling = phase === "play" && asked ? [...ui.selected].find((c) => c.startsWith("JK") && legalCards.has(c)) : null;
  if (calling) actions.push(jokerCall(calling, legal, ui));
  if (legal.includes("go")) {
    actions.push(h("button", { class: "btn", type: "button", id: "go-btn", "data-key": "g", onclick: () => ui.move("go") },
      "Go (g)"));
  }
  const most = view.showing ? view.showing.most : null;
  if (phase === "show" && legal.some((m) => m.startsWith("claim "))) {
    actions.push(h("span", { class: "muted" }, `your count of the ${view.showing.what}:`),
      ui.amountMove("claim", "Claim points", most));
  }
  if (phase === "muggins" && legal.some((m) => m.startsWith("muggins "))) {
    actions.push(h("span", { class: "muted" }, `${ui.name(view.showing.player)} claimed ${view.showing.claimed}; points missed:`),
      ui.amountMove("muggins", "Muggins", most));
  }
  if (legal.includes("correct")) {
    actions.push(h("button", { class: "btn", type: "button", id: "correct-btn", onclick: () => ui.move("correct") },
      "Too many: correct it"));
  }
  if (legal.includes("ready")) actions.push(ui.readyButton());
  const played = ui.seat !== null ? view.played[ui.seat] || [] : [];
  return h("div", { class: "hand-area" },
    hand.length ? handEl(hand, { legal: legalCards, selected: ui.selected, hinted: ui.hinted, onPick: pick,
      asked: asked && (phase === "play" || phase === "discard") }) : null,
    played.length && phase !== "discard"
      ? h("div", { class: "row" }, h("span", { class: "label" }, "played"), played.map((c) => cardEl(c, { small: true })))
      : null,
    h("div", { class: "actions" }, actions));
}

/** Auction cribbage: the bids for this hand's crib in order, and what its buyer paid. */
function biddingZone(view, ui) {
  const a = view.auction;
  const said = a.bids.map(([seat, bid]) => `${ui.name(seat)} ${bid === null ? "passes" : `bids ${bid}`}`);
  const outcome = a.open ? (a.high ? `bid to beat: ${a.high}` : "the pone opens")
    : `${ui.name(view.crib_owner)} has the crib for ${a.price || "nothing"}`;
  return zone("bidding", h("div", { class: "bidding", id: "bidding" },
    said.map((line) => h("div", {}, line)), h("div", { class: "label" }, outcome)));
}

/** The hand or crib being claimed (or in its muggins window), laid face up for everyone at the
 * table with the starter, so the claimer counts what they see and the others can check it. */
function showingZone(view, ui) {
  const s = view.showing;
  const claim = s.claimed === undefined || s.claimed === null ? "counting" : `claimed ${s.claimed}`;
  return h("div", { class: "zone showing", id: "showing", "data-what": s.what },
    h("div", { class: "label" }, `${ui.name(s.player)}'s ${s.what} · ${claim}`),
    h("div", { class: "pile" }, s.cards.map((c) => cardEl(c)),
      view.starter ? h("span", { class: "starter-mark", title: "the starter" }, cardEl(view.starter)) : null));
}

export const cribbage = {
  title: "Cribbage",
  /** The pauses between hands: ready is all they ask ("say ready for me" passes them). */
  pauses: new Set(["pre-show", "post-show"]),

  felt(view, ui) {
    const pile = view.pile || [];
    const showing = view.showing;
    const crib = showing && showing.what === "crib"
      ? h("span", { class: "muted" }, "laid face up")
      : view.crib_size ? backs(view.crib_size) : h("span", { class: "muted" }, "—");
    return [
      board(view, ui),
      h("div", { class: "middle" },
        gatheringZone(`crib (${ui.name(view.crib_owner ?? view.dealer)})`, "my-hand", crib),
        view.auction && (view.phase === "bid" || view.phase === "discard") ? biddingZone(view, ui) : null,
        zone("starter", faceUp(view.starter) || backs(1, false)),
        showing ? showingZone(view, ui)
          : zone("the play", h("div", { class: "pile", id: "pile" }, pile.map(([, c]) => laidEl(c)))),
        showing ? null : zone("count", h("div", { class: "count-badge", id: "count" }, String(view.count ?? 0)))),
      h("div", { class: "status-line", id: "status" }, status(view, ui)),
      ui.seat !== null ? myHand(view, ui) : null,
    ];
  },

  seatExtra(view, seat) {
    const played = (view.played && view.played[seat]) || [];
    const side = view.sides.findIndex((s) => s.includes(seat));
    return [
      h("span", { class: "dot", title: `side ${side + 1}`, style: `background:${SIDE_COLOURS[side]}` }),
      view.dealer === seat ? h("span", { class: "meta" }, "dealer") : null,
      h("div", { class: "mini-hand" },
        (view.hand_sizes && view.hand_sizes[seat] && seat !== view.you) ? backs(view.hand_sizes[seat]) : null,
        played.map((c) => cardEl(c, { small: true }))),
    ];
  },

  /** What the table calls out in the play: "Bob: fifteen for 2", "Alice: go". */
  callouts(events, ui) {
    return events.flatMap((e) => {
      if (e.type === "scored" && e.reason === "pegging") {
        const kinds = [...new Set(e.score.items.map((i) => i.kind))].join(" and ");
        return [`${ui.name(e.player)}: ${kinds} for ${e.points}`];
      }
      return e.type === "go" ? [`${ui.name(e.player)}: go`] : [];
    });
  },

  /** A hand's points by seat (its events from the deal on): the play, the hand, the crib. */
  summary(events, ui, view) {
    const rows = view.scores.map(() => ({ pegging: 0, hand: 0, crib: 0, other: 0 }));
    for (const e of events) {
      if (e.type !== "scored") continue;
      const part = e.reason === "hand" ? "hand" : e.reason === "crib" || e.reason === "own crib" ? "crib"
        : ["pegging", "his heels", "pone's three"].includes(e.reason) ? "pegging" : "other";
      rows[e.player][part] += e.points;
    }
    const columns = ["pegging", "hand", "crib", ...(rows.some((r) => r.other) ? ["other"] : [])];
    return { columns, rows: rows.map((r, seat) => ({ name: ui.name(seat), points: columns.map((c) => r[c]) })) };
  },

  shows(events, ui) {
    // A claimed show is itemised only when its muggins window closes (show_judged).
    const cards = new Map(events.filter((e) => e.type === "shown").map((e) => [`${e.player} ${e.what}`, e]));
    return events.filter((e) => (e.type === "shown" && e.score) || e.type === "show_judged").map((e) => {
      const shown = e.type === "shown" ? e : cards.get(`${e.player} ${e.what}`) || {};
      const claim = e.type === "show_judged" ? ` (claimed ${e.claimed}, missed ${e.missed})` : "";
      const jokers = e.jokers && e.jokers.length ? e.jokers : shown.jokers || []; // judged: called then
      const calls = jokers.length ? ` (${jokers.map(callWords).join(", ")})` : "";
      return { title: `${ui.name(e.player)}'s ${e.what}${claim}${calls}`, cards: shown.cards || [],
        extra: shown.starter ? [shown.starter] : [], score: e.score, said: e.said };
    });
  },
};
