// The review beside a finished game's replay (docs/review.md): asks the server for it (made in the
// background, with progress; stored, so a second look is instant), then shows each seat's accuracy
// and points lost, the score race as an SVG chart, and every flagged decision with a button that
// jumps the replay to it.

import { h, s, replace } from "./dom.js";
import { api } from "./session.js";

const FLAGGED = ["inaccuracy", "mistake", "blunder"];
/** The column title of each kind of decision a review judges (its game lists them: `kinds`). */
const KIND_TITLES = { discard: "Discards", play: "Play", count: "Counting", bet: "Bets", place: "Placing" };
const POLL_MS = 300;

/** Points lost, as a signed figure ("0" for none). */
const lost = (points) => (points >= 0.005 ? `−${points.toFixed(2)}` : "0");

/** The review panel for game `gameId`; `jump(ply, seat)` shows the replay before the move at index
 * ply, with that seat's cards. */
export function reviewPanel(gameId, names, jump, { start = false } = {}) {
  const panel = h("section", { class: "panel review", id: "review" });
  const url = `/api/history/${gameId}/review`;
  let stopped = false;
  let timer = null;

  function offer(state) {
    if (state.state === "done") return show(state.review);
    if (state.state === "running") return progress(state);
    replace(panel, h("h2", {}, "Review"),
      h("p", { class: "muted" }, "Every decision valued against the best choice with what the player could see."),
      h("button", { class: "btn", type: "button", id: "review-start", onclick: () => ask() }, "Review this game"));
  }

  function ask() {
    api(url, { method: "POST" }).then(offer).catch((e) => replace(panel, h("p", { id: "review-error" }, e.message)));
  }

  function progress(state) {
    replace(panel, h("h2", {}, "Review"),
      h("label", { for: "review-progress" }, "Reviewing… "),
      h("progress", { id: "review-progress", max: 1, value: state.progress }));
    timer = setTimeout(() => { if (!stopped) api(url).then(offer).catch(() => {}); }, POLL_MS);
  }

  function show(review) {
    const name = (seat) => names[seat] ?? `Seat ${seat + 1}`;
    const decisions = review.seats.flatMap((seat) => seat.decisions.map((d) => ({ ...d, seat: seat.seat })));
    const worst = decisions.reduce((a, d) => (!a || d.loss > a.loss ? d : a), null);
    // the kinds its game judges, of which some seat made a decision (no "Counting" when it was automatic)
    const kinds = (review.kinds || Object.keys(review.seats[0]?.lost || {}))
      .filter((kind) => decisions.some((d) => d.kind === kind));
    const jumpTo = (d) => jump(d.move, d.seat);
    replace(panel, h("h2", {}, "Review"),
      h("div", { class: "summary-wrap" }, h("table", { class: "tables", id: "review-summary" },
        h("thead", {}, h("tr", {}, ["Player", "Accuracy", ...kinds.map((kind) => KIND_TITLES[kind] || kind), "Mistakes"]
          .map((t) => h("th", {}, t)))),
        h("tbody", {}, review.seats.map((seat) => h("tr", { "data-seat": seat.seat },
          h("td", {}, name(seat.seat)), h("td", { class: "accuracy" },
            seat.accuracy === null ? "no decisions" : `${seat.accuracy.toFixed(1)}%`),
          kinds.map((kind) => h("td", { "data-kind": kind }, lost(seat.lost[kind] || 0))),
          h("td", {}, `${seat.labels.mistake + seat.labels.blunder}`)))))),
      worst && worst.loss > 0
        ? h("button", { class: "btn", type: "button", id: "review-worst", onclick: () => jumpTo(worst) },
          `Worst: ${name(worst.seat)} ${worst.chose} (${lost(worst.loss)})`)
        : null,
      raceChart(review, name),
      h("ol", { id: "review-decisions" }, decisions.filter((d) => FLAGGED.includes(d.label))
        .sort((a, b) => a.move - b.move)
        .map((d) => h("li", { class: `decision ${d.label}`, "data-move": d.move },
          h("button", { class: "btn secondary", type: "button", onclick: () => jumpTo(d) }, `move ${d.move + 1}`),
          ` ${name(d.seat)}: ${d.label}, ${d.chose}; better ${d.best} (${lost(d.loss)})`))));
  }

  api(url).then((state) => (start && state.state === "none" ? ask() : offer(state)))
    .catch((e) => replace(panel, h("p", {}, e.message)));
  panel.stop = () => { stopped = true; clearTimeout(timer); };
  return panel;
}

/** Each seat's score deal by deal, and dashed: with the points it lost added back. */
function raceChart(review, name) {
  const W = 320, H = 160, PAD = 24;
  const deals = review.race.length;
  if (deals < 2) return null; // one deal (a Squares grid): no race to draw
  const top = Math.max(1, ...review.race.flat(),
    ...review.seats.map((seat) => review.race[deals - 1][seat.seat] + seat.lost_by_deal[deals - 1]));
  const x = (i) => PAD + (deals < 2 ? 0 : (i * (W - 2 * PAD)) / (deals - 1));
  const y = (v) => H - PAD - (v * (H - 2 * PAD)) / top;
  const line = (values, seat, dashed) => s("polyline", { fill: "none", stroke: `var(--seat-${seat % 4}, hsl(${seat * 90}, 60%, 40%))`,
    "stroke-width": 2, "stroke-dasharray": dashed ? "4 3" : null, points: values.map((v, i) => `${x(i)},${y(v)}`).join(" ") });
  const lines = [];
  for (let seat = 0; seat < review.players; seat += 1) lines.push(line(review.race.map((scores) => scores[seat]), seat, false));
  for (const seat of review.seats) {
    lines.push(line(review.race.map((scores, i) => scores[seat.seat] + seat.lost_by_deal[i]), seat.seat, true));
  }
  return h("figure", { id: "review-race" },
    s("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img", "aria-label": "score race by deal" },
      s("line", { x1: PAD, y1: H - PAD, x2: W - PAD, y2: H - PAD, stroke: "#999" }),
      s("text", { x: PAD, y: H - 6, "font-size": 10 }, "deal 1"),
      s("text", { x: W - PAD, y: H - 6, "font-size": 10, "text-anchor": "end" }, `deal ${deals}`),
      lines),
    h("figcaption", { class: "muted" },
      `Score by deal (solid) and with the points lost added back (dashed): ${review.seats.map((seat) => name(seat.seat)).join(", ")}`));
}
