// Step-through replay of a finished game: the spectator's view after each move, drawn by the same
// game renderer as a live table, with first / back / play / forward / last and a slider
// (keys: left and right arrows step, Home and End jump, space plays or pauses); beside it the
// game's review (of a game the server reviews), started at once when opened as #/review/<game id>.

import { h, replace } from "./dom.js";
import { api } from "./session.js";
import { ShowCounter } from "./show.js";
import { named } from "./words.js";
import { RENDERERS } from "./games/index.js";
import { reviewPanel } from "./review.js";
import { reviewedGames } from "./catalog.js";

const PLAY_MS = 700;

export function mountReplay(app, ctx, gameId, { review = false } = {}) {
  replace(app, h("section", { class: "panel" }, h("p", {}, "Loading the game…")));
  let timer = null;
  let onKey = null;
  const cleanup = [];
  Promise.all([api(`/api/history/${gameId}`), reviewedGames()]).then(([history, reviewedNames]) => {
    const summary = history.game;
    const renderer = RENDERERS[summary.game];
    // frame n is the game after n moves: its events are those of move n (the opening's for n = 0)
    const frames = [{ ply: 0, seat: null, move: "the deal", events: history.opening },
      ...history.steps.map((step) => ({ ...step, ply: step.ply + 1 }))];
    const names = (summary.players || []).map((p, i) => (p ? p.name : `Seat ${i + 1}`));
    const views = new Map();
    let as = null; // whose view: null is the spectator's
    const kept = new Map();
    const ui = {
      get seat() { return as; }, selected: new Set(), hinted: new Set(),
      name: (seat) => names[seat] ?? `Seat ${seat + 1}`,
      move() {}, toggle() {},
      keep(key, factory) {
        if (!kept.has(key)) kept.set(key, factory());
        return kept.get(key);
      },
      amountMove: () => null, readyButton: () => null,
    };
    const viewOf = (ply) => {
      const key = `${ply}:${as}`;
      if (!views.has(key)) {
        views.set(key, api(`/api/history/${gameId}/view?ply=${ply}${as === null ? "" : `&seat=${as}`}`));
      }
      return views.get(key);
    };
    const asSelect = h("select", { id: "replay-as", "aria-label": "whose cards to show" },
      h("option", { value: "" }, "as a spectator"),
      names.map((n, i) => h("option", { value: i }, `${n}'s cards`)));
    asSelect.addEventListener("change", () => {
      as = asSelect.value === "" ? null : Number(asSelect.value);
      draw();
    });
    let at = frames.length - 1;
    const slider = h("input", { type: "range", min: 0, max: frames.length - 1, value: at, id: "replay-slider",
      "aria-label": "move number", style: "flex:1;min-width:120px" });
    const where = h("span", { id: "replay-where", "aria-live": "polite" });
    const felt = h("div", { class: "felt", id: "felt" });
    const said = h("div", { class: "event-log", id: "replay-events" });
    const shows = new ShowCounter();
    cleanup.push(() => shows.clear());
    const go = (n) => {
      const next = Math.max(0, Math.min(frames.length - 1, n));
      const stepped = next === at + 1;
      at = next;
      shows.clear();
      draw(stepped);
    };
    const play = h("button", { class: "btn", type: "button", id: "replay-play", onclick: () => {
      if (timer) stop();
      else {
        if (at === frames.length - 1) go(0);
        timer = setInterval(() => {
          if (at >= frames.length - 1) stop();
          else if (!shows.busy) go(at + 1);
        }, PLAY_MS);
        play.textContent = "Pause";
      }
    } }, "Play");
    function stop() {
      clearInterval(timer);
      timer = null;
      play.textContent = "Play";
    }
    const button = (label, id, fn, said) => h("button", { class: "btn secondary", type: "button", id, onclick: fn,
      "aria-label": said, title: said }, label);
    slider.addEventListener("input", () => go(Number(slider.value)));

    /** Draw the game after move `at`; stepping one move forward also counts its shows. */
    async function draw(stepped = false) {
      const frame = frames[at];
      const shown = at;
      let view;
      try { view = await viewOf(frame.ply); } catch (e) { replace(felt, h("p", {}, e.message)); return; }
      if (shown !== at) return; // a later step was asked for meanwhile
      slider.value = String(at);
      where.textContent = `move ${at} of ${frames.length - 1}${frame.seat !== null && frame.seat !== undefined
        ? `: ${ui.name(frame.seat)} ${frame.move}` : ""}`;
      const scores = h("div", { class: "seats" }, (view.scores || []).map((score, seat) =>
        h("div", { class: "seat", "data-seat": seat }, h("span", { class: "score" }, String(score)),
          h("div", { class: "name" }, ui.name(seat)), renderer ? renderer.seatExtra(view, seat) : null)));
      replace(felt, scores, shows.el, renderer ? renderer.felt(view, ui) : h("pre", {}, JSON.stringify(view, null, 1)));
      if (stepped && renderer) for (const show of renderer.shows(frame.events || [], ui, view)) shows.push(show);
      replace(said, (frame.events || []).map((e) => named(e.text, ui.name)).filter(Boolean).map((t) => h("div", {}, t)));
    }

    // a decision at move index m was made in the position after m moves: frame m, with its seat's cards
    const reviewed = reviewedNames.has(summary.game) ? reviewPanel(gameId, names, (ply, seat) => {
      stop();
      as = seat;
      asSelect.value = String(seat);
      go(ply);
    }, { start: review }) : null;
    if (reviewed) cleanup.push(() => reviewed.stop());
    replace(app, h("section", { class: "panel", id: "replay" },
      h("h2", {}, `Replay: ${summary.game}, ${names.join(" v ")}`),
      h("div", { class: "replay-controls" },
        button("«", "replay-first", () => go(0), "first move"), button("‹", "replay-back", () => go(at - 1), "one move back"),
        play,
        button("›", "replay-next", () => go(at + 1), "one move on"),
        button("»", "replay-last", () => go(frames.length - 1), "last move"),
        slider, asSelect, where)),
    h("div", { class: "replay-layout" }, felt, reviewed), h("section", { class: "panel" }, h("h2", {}, "This move"), said,
      h("p", {}, h("a", { href: `#/table/${summary.table_id}` }, "the table"), " · ",
        h("a", { href: "#/" }, "lobby"))));
    onKey = (e) => {
      if (["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName) && e.target !== slider) return;
      const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: frames.length - 1 };
      if (e.key in moves) {
        e.preventDefault();
        go(moves[e.key]);
      }
    };
    document.addEventListener("keydown", onKey);
    draw();
  }).catch((e) => replace(app, h("section", { class: "panel" }, h("p", {}, `Cannot load game ${gameId}: ${e.message}`))));
  return () => {
    clearInterval(timer);
    cleanup.forEach((fn) => fn());
    if (onKey) document.removeEventListener("keydown", onKey);
  };
}
