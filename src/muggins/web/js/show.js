// Counting a score item by item: the cards laid out, each item (fifteen, pair, run, flush, nobs ...)
// lit in turn with its cards raised, and the count recited with running totals.

import { h, replace } from "./dom.js";
import { cardEl } from "./cards.js";

const STEP_MS = 900;

/** "fifteen 2", "a pair is 4", "a run of 3 is 7": one phrase per item with the running total. */
export function itemPhrase(item, running) {
  switch (item.kind) {
    case "fifteen": return `fifteen ${running}`;
    case "pair": return `a pair is ${running}`;
    case "run": return `a run of ${item.cards.length} is ${running}`;
    case "flush": return `a flush of ${item.cards.length} is ${running}`;
    default: return `${item.kind} is ${running}`;
  }
}

/** The count as recited: the server's wording when it gives one, else the item phrases. */
export function recite(score, said) {
  if (said) return said;
  if (!score || !score.items.length) return "nineteen (nothing)";
  let running = 0;
  return score.items.map((item) => itemPhrase(item, (running += item.points))).join(", ");
}

/**
 * A panel that counts shows one after another. push({title, cards, extra, score, said}) queues a
 * count; `extra` cards (the starter, a board) are drawn apart from the hand but lit the same way.
 */
export class ShowCounter {
  constructor() {
    this.el = h("section", { class: "show-panel", id: "show-panel", "aria-live": "polite", hidden: true });
    this.queue = [];
    this.timer = null;
  }

  /** Still counting (a replay waits for the count before the next move). */
  get busy() {
    return this.timer !== null;
  }

  push(show) {
    this.queue.push(show);
    if (!this.timer) this.next();
  }

  next() {
    const show = this.queue.shift();
    if (!show) {
      this.timer = null;
      return;
    }
    this.el.hidden = false;
    const cardEls = new Map();
    const draw = (cards, extraCls) => cards.map((c) => {
      const el = cardEl(c, { small: true, extra: extraCls });
      cardEls.set(c, el);
      return el;
    });
    const items = show.score.items.map((item, i) =>
      h("li", { "data-item": i }, `${item.kind}${item.cards.length ? ` ${item.cards.join(" ")}` : ""}: ${item.points}`));
    const recited = h("div", { class: "recited" });
    replace(this.el,
      h("div", { class: "label" }, `${show.title} — ${show.score.total}`),
      h("div", { class: "show-cards" }, draw(show.cards, ""), show.extra && show.extra.length
        ? [h("span", { style: "width:10px" }), draw(show.extra, "extra")] : null),
      h("ol", { class: "show-items" }, items),
      recited);
    let i = 0;
    let running = 0;
    const phrases = [];
    const step = () => {
      for (const el of cardEls.values()) el.classList.remove("lit");
      items.forEach((li) => li.classList.remove("current"));
      if (i >= items.length) {
        recited.textContent = recite(show.score, show.said);
        this.timer = this.queue.length ? setTimeout(() => this.next(), 2 * STEP_MS) : null;
        return;
      }
      const item = show.score.items[i];
      items[i].classList.add("current");
      for (const c of item.cards) cardEls.get(c)?.classList.add("lit");
      running += item.points;
      phrases.push(itemPhrase(item, running));
      recited.textContent = phrases.join(", ");
      i += 1;
      this.timer = setTimeout(step, STEP_MS);
    };
    step();
  }

  clear() {
    clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.el.hidden = true;
  }
}
