// The cribbage board: one lane per side, the street out along the top and back along the bottom,
// holes in fives, two start holes per lane and the game hole. Each side has a front peg and a back
// peg; when a side scores, the back peg leapfrogs to the new score and becomes the front peg.

import { s } from "./dom.js";

const DX = 10; // between holes
const GAP = 6; // extra space between groups of five
const LANE = 11; // between lanes
const LEFT = 46; // start holes and game hole live left of the streets
export const SIDE_COLOURS = ["#c0392b", "#1f6fb2", "#1e8c4e", "#b7791f"];
const MAX_HOLES = 121;

/** The board's holes: how many, and the street split, for a game to `target`. */
function plan(target) {
  const holes = Math.max(3, Math.min(target, MAX_HOLES));
  const track = holes - 1; // the last hole is the game hole
  const out = Math.ceil(track / 2);
  return { holes, track, out, back: track - out };
}

function streetX(i) {
  return LEFT + i * DX + Math.floor(i / 5) * GAP;
}

export class CribbageBoard {
  /**
   * sides: number of sides (2-4); target: points to win; skunkLines: scores to mark;
   * names: a label per side.
   */
  constructor({ sides, target, skunkLines = [], names = [] }) {
    this.sides = sides;
    this.target = target;
    this.names = names;
    this.plan = plan(target);
    const { out } = this.plan;
    this.width = streetX(out - 1) + 20;
    this.topY = 14;
    this.bottomY = this.topY + sides * LANE + 14;
    this.height = this.bottomY + sides * LANE + 6;
    this.pegs = [];
    this.el = s("svg", { viewBox: `0 0 ${this.width} ${this.height}`, class: "board", role: "img",
      "aria-label": "cribbage board", style: `max-width:${Math.round(this.width * 1.3)}px` });
    this.draw(skunkLines);
  }

  /** Where hole `n` of `side`'s lane is (n: -1 and 0 start holes, then the streets; the target and beyond: the game hole). */
  hole(side, n) {
    const { out, track } = this.plan;
    if (n >= this.target) return [LEFT - 28, (this.topY + this.bottomY + (this.sides - 1) * LANE) / 2];
    if (n <= 0) return [LEFT - 24 + (n + 1) * 9, this.topY + side * LANE];
    const pos = ((n - 1) % track) + 1; // beyond 121 the pegs go round again
    if (pos <= out) return [streetX(pos - 1), this.topY + side * LANE];
    return [streetX(out - (pos - out)), this.bottomY + (this.sides - 1 - side) * LANE];
  }

  draw(skunkLines) {
    const { out, track } = this.plan;
    const el = this.el;
    el.append(s("rect", { x: 0, y: 0, width: this.width, height: this.height, rx: 10, class: "board-wood" }));
    for (let side = 0; side < this.sides; side++) {
      const colour = SIDE_COLOURS[side % SIDE_COLOURS.length];
      const lane = s("g", { class: "lane", "data-side": side });
      for (let n = -1; n <= track; n++) {
        const [x, y] = this.hole(side, n);
        lane.append(s("circle", { cx: x, cy: y, r: 2.1, class: n <= 0 ? "hole start" : "hole" }));
      }
      for (const first of [1, track]) {
        const [x0, y0] = this.hole(side, first);
        lane.prepend(s("rect", { x: x0 - 6, y: y0 - 5, width: streetX(out - 1) - x0 + 12, height: 10, rx: 5,
          fill: colour, class: "lane-tint" }));
      }
      el.append(lane);
    }
    for (const line of skunkLines) {
      if (!(line > 0 && line < this.plan.holes)) continue;
      const [xa, ya] = this.hole(0, line);
      const [, yb] = this.hole(this.sides - 1, line);
      el.append(s("line", { x1: xa + DX / 2, x2: xa + DX / 2, y1: Math.min(ya, yb) - 6, y2: Math.max(ya, yb) + 6,
        class: "skunk-line" }));
    }
    const [gx, gy] = this.hole(0, this.target);
    el.append(s("circle", { cx: gx, cy: gy, r: 3.4, class: "hole game-hole" }));
    el.append(s("text", { x: gx, y: gy + 13, class: "board-label", "text-anchor": "middle" }, String(this.target)));
    for (let side = 0; side < this.sides; side++) {
      const colour = SIDE_COLOURS[side % SIDE_COLOURS.length];
      const make = (role) => {
        const peg = s("g", { class: `peg ${role}`, "data-side": side },
          s("circle", { r: 4, fill: colour, stroke: "#222", "stroke-width": 0.8 }),
          s("circle", { r: 1.4, cx: -1.2, cy: -1.2, fill: "rgba(255,255,255,.55)" }));
        el.append(peg);
        return peg;
      };
      const state = { front: make("front"), back: make("back"), frontScore: 0, backScore: -1 };
      this.pegs.push(state);
      this.place(side, state.front, 0);
      this.place(side, state.back, -1);
    }
  }

  place(side, peg, n) {
    const [x, y] = this.hole(side, n);
    peg.style.transform = `translate(${x}px, ${y}px)`;
    peg.dataset.hole = n >= this.target ? "game" : String(n);
  }

  /**
   * Move the pegs to the sides' scores; a higher score leapfrogs the back peg forward. `backs`
   * (the engine's back pegs, when the view has them) puts the back peg right after a reconnect.
   */
  update(scores, backs = null) {
    scores.slice(0, this.sides).forEach((score, side) => {
      const st = this.pegs[side];
      const known = backs ? (backs[side] < score ? backs[side] : -1) : null;
      if (score === st.frontScore && (known === null || known === st.backScore)) return;
      if (score > st.frontScore) {
        [st.front, st.back] = [st.back, st.front];
        st.backScore = known ?? st.frontScore;
        st.frontScore = score;
      } else {
        // a new game of a match, a replay stepping back, or a first view: the back peg behind
        st.frontScore = score;
        st.backScore = known ?? (score > 0 ? 0 : -1);
      }
      st.front.classList.replace("back", "front");
      st.back.classList.replace("front", "back");
      this.place(side, st.front, st.frontScore);
      this.place(side, st.back, st.backScore);
    });
    const label = scores.slice(0, this.sides).map((v, i) => `${this.names[i] || `side ${i + 1}`} ${v}`);
    this.el.setAttribute("aria-label", `cribbage board: ${label.join(", ")}`);
  }
}
