// The trainers (#/trainer): a discard trainer (six cards dealt; throw two; the exact table of all
// 15 splits with where your throw ranks) and counting practice (a hand and starter; type the count;
// every item is shown with the points you missed). "Today's puzzle" is the same for everyone; the
// server keeps each player's streak of right answers.

import { h, replace } from "./dom.js";
import { api } from "./session.js";
import { handEl, zone, faceUp } from "./hand.js";

const points = (x) => x.toFixed(2);

export function mountTrainer(app) {
  const discardBox = h("section", { class: "panel", id: "discard-trainer" });
  const countBox = h("section", { class: "panel", id: "count-trainer" });
  replace(app, h("section", { class: "panel" }, h("h2", {}, "Trainer"),
    h("p", { class: "muted" }, "Puzzles with exact answers. Today's puzzle is the same for everyone.")),
  discardBox, countBox);

  function dealDiscard(daily = false) {
    api(`/api/trainer/discard${daily ? "?daily=true" : ""}`).then((puzzle) => {
      const chosen = new Set();
      const throwBtn = h("button", { class: "btn", type: "button", id: "discard-btn", disabled: true,
        onclick: () => api("/api/trainer/discard", { method: "POST", body: { seed: puzzle.seed, discard: [...chosen] } })
          .then(showSplits).catch((e) => replace(result, h("p", { id: "trainer-error" }, e.message))) }, "Throw to the crib");
      const result = h("div", { id: "discard-result" });
      const draw = () => {
        replace(hand, handEl(puzzle.cards, { legal: new Set(puzzle.cards), selected: chosen, onPick: (card) => {
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

  function nextButtons(deal) {
    return h("span", {},
      h("button", { class: "btn secondary", type: "button", onclick: () => deal(false) }, "New puzzle"),
      h("button", { class: "btn secondary", type: "button", onclick: () => deal(true) }, "Today's puzzle"));
  }

  dealDiscard();
  dealCount();
  return null;
}
