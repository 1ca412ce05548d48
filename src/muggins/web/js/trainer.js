// The trainers (#/trainer): a discard trainer (six cards dealt; throw two; the exact table of all
// 15 splits with where your throw ranks), a pegging trainer (positions from reviewed games where
// the card laid mattered most) and counting practice (a hand and starter; type the count; every
// item is shown with the points you missed). "Today's puzzle" is the same for everyone; the server
// keeps each player's streak of right answers.

import { h, replace } from "./dom.js";
import { api } from "./session.js";
import { handEl, zone, faceUp } from "./hand.js";

const points = (x) => x.toFixed(2);

export function mountTrainer(app) {
  const discardBox = h("section", { class: "panel", id: "discard-trainer" });
  const countBox = h("section", { class: "panel", id: "count-trainer" });
  const peggingBox = h("section", { class: "panel", id: "pegging-trainer" });
  replace(app, h("section", { class: "panel" }, h("h2", {}, "Trainer"),
    h("p", { class: "muted" }, "Puzzles with exact answers. Today's puzzle is the same for everyone.")),
  discardBox, peggingBox, countBox);

  function dealDiscard(daily = false) {
    api(`/api/trainer/discard${daily ? "?daily=true" : ""}`).then((puzzle) => {
      const chosen = new Set();
      const throwBtn = h("button", { class: "btn", type: "button", id: "discard-btn", disabled: true,
        onclick: () => api("/api/trainer/discard", { method: "POST", body: { seed: puzzle.seed, discard: [...chosen] } })
          .then(showSplits).catch((e) => replace(result, h("p", { id: "trainer-error" }, e.message))) }, "Throw to the crib");
      const result = h("div", { id: "discard-result" });
      const draw = () => {
        replace(hand, handEl(puzzle.cards, { legal: new Set(puzzle.cards), selected: chosen, id: "discard-hand", onPick: (card) => {
          if (chosen.has(card)) chosen.delete(card);
          else if (chosen.size < 2) chosen.add(card);
          throwBtn.disabled = chosen.size !== 2;
          draw();
        } }));
      };
      const hand = h("div", {});
      replace(discardBox, h("h2", {}, `Discard trainer ${daily ? "(today's puzzle)" : ""}`),
        h("p", { id: "discard-whose" }, puzzle.dealer ? "You deal: the crib is yours." : "Your opponent deals: the crib is theirs."),
        hand, h("div", { class: "row" }, throwBtn, nextButtons(dealDiscard)), result);
      draw();

      function showSplits(grade) {
        const mine = (split) => split.thrown.slice().sort().join(" ") === grade.thrown.slice().sort().join(" ");
        replace(result,
          h("p", { id: "discard-rank" }, grade.rank === 1 ? "The best throw! " : `Your throw ranks ${grade.rank} of 15 (−${points(grade.loss)}). `,
            h("span", { id: "discard-streak" }, `Streak: ${grade.streak.current} (best ${grade.streak.best})`)),
          h("table", { class: "tables", id: "discard-splits" },
            h("thead", {}, h("tr", {}, ["#", "Keep", "Throw", "Hand", "Crib", "Net"].map((t) => h("th", {}, t)))),
            h("tbody", {}, grade.splits.map((split, i) => h("tr", { class: mine(split) ? "chosen" : "" },
              h("td", {}, String(i + 1)), h("td", {}, split.kept.join(" ")), h("td", {}, split.thrown.join(" ")),
              h("td", {}, points(split.hand)), h("td", {}, `${puzzle.dealer ? "+" : "−"}${points(split.crib)}`),
              h("td", {}, points(split.net)))))));
        throwBtn.disabled = true;
      }
    }).catch((e) => replace(discardBox, h("p", {}, e.message)));
  }

  function dealCount(daily = false) {
    api(`/api/trainer/count${daily ? "?daily=true" : ""}`).then((puzzle) => {
      const input = h("input", { id: "count-total", type: "number", min: 0, max: 29, required: true, "aria-label": "your count" });
      const result = h("div", { id: "count-result" });
      const form = h("form", { class: "row", id: "count-form" }, input,
        h("button", { class: "btn", type: "submit" }, "Count"));
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        api("/api/trainer/count", { method: "POST", body: { seed: puzzle.seed, total: Number(input.value) } })
          .then((grade) => replace(result,
            h("p", { id: "count-verdict" }, grade.missed === 0 && grade.claimed === grade.total ? "Right! "
              : grade.missed ? `${grade.total}: you missed ${grade.missed}. ` : `${grade.total}: you counted too many. `,
            `Streak: ${grade.streak.current} (best ${grade.streak.best})`),
            h("ul", { id: "count-items" }, grade.items.map((item) => h("li", {}, `${item.kind}: ${item.cards.join(" ")} (${item.points})`)))))
          .catch((err) => replace(result, h("p", {}, err.message)));
      });
      replace(countBox, h("h2", {}, `Counting practice ${daily ? "(today's)" : ""}`),
        h("div", { class: "row" }, zone(puzzle.crib ? "crib" : "hand", h("div", { class: "row" }, puzzle.hand.map((c) => faceUp(c)))),
          zone("starter", faceUp(puzzle.starter))),
        form, nextButtons(dealCount), result);
    }).catch((e) => replace(countBox, h("p", {}, e.message)));
  }

  function dealPegging() {
    api("/api/trainer/pegging").then((position) => {
      const result = h("div", { id: "pegging-result" });
      const choices = new Set(position.choices);
      const answer = (card) => api("/api/trainer/pegging", { method: "POST",
        body: { game_id: position.game_id, move: position.move, card } })
        .then((grade) => replace(result,
          h("p", { id: "pegging-verdict" }, grade.label === "best" ? "The best card! "
            : `${grade.label}: ${grade.best} was better (−${points(grade.loss)}). `,
          `In the game: ${grade.played}. Streak: ${grade.streak.current} (best ${grade.streak.best})`),
          h("table", { class: "tables", id: "pegging-values" },
            h("thead", {}, h("tr", {}, h("th", {}, "Card"), h("th", {}, "Expected points"))),
            h("tbody", {}, Object.entries(grade.values).sort((a, b) => b[1] - a[1]).map(([c, v]) =>
              h("tr", { class: c === card ? "chosen" : "" }, h("td", {}, c), h("td", {}, points(v))))))))
        .catch((e) => replace(result, h("p", {}, e.message)));
      replace(peggingBox, h("h2", {}, "Pegging trainer"),
        h("p", { class: "muted" }, `From game ${position.game_id}, move ${position.move + 1}: the count is ${position.count}.`),
        h("div", { class: "row" }, zone("the play", h("div", { class: "row" }, position.pile.map((c) => faceUp(c, true)))),
          zone("starter", faceUp(position.starter, true))),
        handEl(position.hand, { legal: choices, id: "pegging-hand", onPick: (card) => { if (choices.has(card)) answer(card); } }),
        h("button", { class: "btn secondary", type: "button", onclick: dealPegging }, "Another position"), result);
    }).catch((e) => replace(peggingBox, h("h2", {}, "Pegging trainer"), h("p", { class: "muted" }, e.message)));
  }

  function nextButtons(deal) {
    return h("span", {},
      h("button", { class: "btn secondary", type: "button", onclick: () => deal(false) }, "New puzzle"),
      h("button", { class: "btn secondary", type: "button", onclick: () => deal(true) }, "Today's puzzle"));
  }

  dealDiscard();
  dealPegging();
  dealCount();
  return null;
}
