// Counting a score item by item: the cards laid out, each item (fifteen, pair, run, flush, nobs ...)
// lit in turn with its cards raised, and the count recited with running totals. The counts of one
// deal stay listed under the one being counted; the table finishes them at once when its player is
// ready and clears them when the next deal starts, so the panel never runs behind the game.

import { h, replace } from "./dom.js";
import { cardEl } from "./cards.js";
import { settings } from "./settings.js";

const STEP_MS = { fast: 250, normal: 550, slow: 900 };
/** The pause after a count before the next, in steps. */
const BETWEEN_STEPS = 2;

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

/** One line for a count already made: "Alice's hand — 8: fifteen 2, fifteen 4, a pair is 6 ...". */
function doneLine(show) {
  return h("li", {}, h("strong", {}, `${show.title} — ${show.score.total}`), `: ${recite(show.score, show.said)}`);
}

/**
 * A panel that counts shows one after another. push({title, cards, extra, score, said}) queues a
 * count; `extra` cards (the starter, a board) are drawn apart from the hand but lit the same way.
 * finish() counts everything queued at once; clear() empties the panel.
 */
export class ShowCounter {
  constructor() {
    this.current = h("div", { class: "show-current" });
    this.done = h("ul", { class: "show-done", id: "show-done" });
    this.skip = h("button", { class: "btn secondary", type: "button", id: "show-skip", "data-key": "s",
      hidden: true, onclick: () => this.finish() }, "Skip the count (s)");
    this.el = h("section", { class: "show-panel", id: "show-panel", "aria-live": "polite", hidden: true },
      this.skip, this.current, this.done);
    this.totals = h("div", { class: "show-summary", id: "show-summary" });
    this.el.append(this.totals);
    this.queue = [];
    this.shown = null;
    this.timer = null;
    this.summary = null;
  }

  /** The hand's points by seat ({columns, rows: [{name, points}]}), shown once the counting is done. */
  summarise(summary) {
    this.summary = summary;
    this.showSummary();
  }

  showSummary() {
    const s = this.summary;
    if (!s || this.busy || this.queue.length) {
      replace(this.totals);
      return;
    }
    replace(this.totals, h("table", {},
      h("caption", {}, "This hand"),
      h("thead", {}, h("tr", {}, h("th", {}, ""), s.columns.map((c) => h("th", {}, c)), h("th", {}, "in all"))),
      h("tbody", {}, s.rows.map((r) => h("tr", {}, h("th", {}, r.name), r.points.map((p) => h("td", {}, String(p))),
        h("td", {}, String(r.points.reduce((a, b) => a + b, 0))))))));
  }

  /** Still counting (a replay waits for the count before the next move). */
  get busy() {
    return this.timer !== null;
  }

  push(show) {
    this.queue.push(show);
    if (settings.showSpeed === "skip") {
      this.finish(); // counted at once, as the setting asks
      return;
    }
    if (this.queue.length > 1 && this.busy) this.finishCurrent(); // falling behind: catch up
    if (!this.busy) this.next();
  }

  get stepMs() {
    return STEP_MS[settings.showSpeed] || STEP_MS.normal;
  }

  /** The count on show now, finished at once and listed with the others. */
  finishCurrent() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.shown) this.done.append(doneLine(this.shown));
    this.shown = null;
    replace(this.current);
  }

  next() {
    const show = this.queue.shift();
    if (!show) {
      this.timer = null;
      this.skip.hidden = true;
      return;
    }
    if (this.shown) this.done.append(doneLine(this.shown));
    this.shown = show;
    this.el.hidden = false;
    this.skip.hidden = false;
    const { cardEls, items, recited } = this.draw(show);
    let i = 0;
    let running = 0;
    const phrases = [];
    const step = () => {
      for (const el of cardEls.values()) el.classList.remove("lit");
      items.forEach((li) => li.classList.remove("current"));
      if (i >= items.length) {
        recited.textContent = recite(show.score, show.said);
        if (this.queue.length) this.timer = setTimeout(() => this.next(), BETWEEN_STEPS * this.stepMs);
        else {
          this.timer = null;
          this.skip.hidden = true;
          this.showSummary();
        }
        return;
      }
      const item = show.score.items[i];
      items[i].classList.add("current");
      for (const c of item.cards) cardEls.get(c)?.classList.add("lit");
      running += item.points;
      phrases.push(itemPhrase(item, running));
      recited.textContent = phrases.join(", ");
      i += 1;
      this.timer = setTimeout(step, this.stepMs);
    };
    step();
  }

  /** Lay out one count: its cards, its items and the line that recites it. */
  draw(show) {
    const cardEls = new Map();
    const lay = (cards, extraCls) => cards.map((c) => {
      const el = cardEl(c, { small: true, extra: extraCls });
      cardEls.set(c, el);
      return el;
    });
    const items = show.score.items.map((item, i) =>
      h("li", { "data-item": i }, `${item.kind}${item.cards.length ? ` ${item.cards.join(" ")}` : ""}: ${item.points}`));
    const recited = h("div", { class: "recited", id: "show-recited" });
    replace(this.current,
      h("div", { class: "label" }, `${show.title} — ${show.score.total}`),
      h("div", { class: "show-cards" }, lay(show.cards, ""), show.extra && show.extra.length
        ? [h("span", { style: "width:10px" }), lay(show.extra, "extra")] : null),
      h("ol", { class: "show-items" }, items),
      recited);
    return { cardEls, items, recited };
  }

  /** Count everything at once: the one on show and those queued, each finished. */
  finish() {
    const rest = this.queue.splice(0);
    if (!this.busy && !rest.length) return;
    clearTimeout(this.timer);
    this.timer = null;
    const last = rest.pop() || this.shown;
    if (this.shown && this.shown !== last) this.done.append(doneLine(this.shown));
    for (const show of rest) this.done.append(doneLine(show));
    this.shown = last;
    this.draw(last).recited.textContent = recite(last.score, last.said);
    this.el.hidden = false;
    this.skip.hidden = true;
    this.showSummary();
  }

  /** Several counts shown finished at once (a table seen again after a reload). */
  showAll(shows) {
    this.clear();
    this.queue = [...shows];
    if (shows.length) this.finish();
  }

  clear() {
    clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.shown = null;
    this.summary = null;
    replace(this.current);
    replace(this.done);
    replace(this.totals);
    this.skip.hidden = true;
    this.el.hidden = true;
  }
}
