// The cribbage board: one lane per side, the track out along one street and back along the next
// (two streets, or four on a phone), holes in fives, two start holes per lane and the game hole. Each side has a front peg and a back
// peg; when a side scores, the back peg leapfrogs to the new score and becomes the front peg.

import { s } from "../dom.js";

const DX = 10; // between holes
const GAP = 6; // extra space between groups of five
const LANE = 11; // between lanes
const LEFT = 46; // start holes and game hole live left of the streets
const STREET_GAP = 14; // between streets
export const SIDE_COLOURS = ["#c0392b", "#1f6fb2", "#1e8c4e", "#b7791f", "#7d3c98"];
const MAX_HOLES = 121;

/** The board's holes for a game to `target`, laid in `streets` rows (two, or four on a phone). */
function plan(target, streets) {
  const holes = Math.max(3, Math.min(target, MAX_HOLES));
  const track = holes - 1; // the last hole is the game hole
  return { holes, track, streets, per: Math.ceil(track / streets) };
}

function streetX(i) {
  return LEFT + i * DX + Math.floor(i / 5) * GAP;
}

export class CribbageBoard {
  /**
   * sides: number of sides (2-5); target: points to win; targets: each side's, where they differ
   * (Captain's cribbage: the captain's game hole is marked in their lane); skunkLines: scores to
   * mark; names: a label per side; streets: rows of holes (the track runs out and back, out and back).
   */
  constructor({ sides, target, targets = null, skunkLines = [], names = [], streets = 2 }) {
    this.sides = sides;
    this.target = target;
    this.targets = targets || Array(sides).fill(target);
    this.names = names;
    this.plan = plan(target, streets);
    this.width = streetX(this.plan.per - 1) + 20;
    this.height = this.streetY(streets - 1) + sides * LANE + 6;
    this.pegs = [];
    this.el = s("svg", { viewBox: `0 0 ${this.width} ${this.height}`, class: "board", role: "img",
      "aria-label": "cribbage board", style: `max-width:${Math.round(this.width * 1.3)}px` });
    this.draw(skunkLines);
  }

  streetY(street) {
    return 14 + street * (this.sides * LANE + STREET_GAP);
  }

  /** A side's lane in a street: streets coming back list the lanes the other way round, as on a
   * real board where the outside lane stays outside. */
  laneY(side, street) {
    const lane = street % 2 === 0 ? side : this.sides - 1 - side;
    return this.streetY(street) + lane * LANE;
  }

  /**
   * Where hole `n` of `side`'s lane is: -1 and 0 are the start holes, 1 on the holes of the track
   * (beyond 121 the pegs go round again), the target and beyond the game hole.
   */
  hole(side, n) {
    const { streets } = this.plan;
    if (n >= this.targets[side]) return [LEFT - 28, this.streetY(streets - 1) + ((this.sides - 1) * LANE) / 2];
    return this.trackHole(side, n);
  }

  /** Hole `n` of `side`'s lane on the track, whatever the side's target. */
  trackHole(side, n) {
    const { track, per } = this.plan;
    if (n <= 0) return [LEFT - 24 + (n + 1) * 9, this.laneY(side, 0)];
    const pos = (n - 1) % track;
    const street = Math.floor(pos / per);
    const i = pos % per;
    return [streetX(street % 2 === 0 ? i : per - 1 - i), this.laneY(side, street)];
  }

  draw(skunkLines) {
    const { track, per, streets } = this.plan;
    const el = this.el;
    el.append(s("rect", { x: 0, y: 0, width: this.width, height: this.height, rx: 10, class: "board-wood" }));
    for (let side = 0; side < this.sides; side++) {
      const colour = SIDE_COLOURS[side % SIDE_COLOURS.length];
      const lane = s("g", { class: "lane", "data-side": side });
      for (let street = 0; street < streets; street++) {
        lane.append(s("rect", { x: LEFT - 6, y: this.laneY(side, street) - 5, width: streetX(per - 1) - LEFT + 12,
          height: 10, rx: 5, fill: colour, class: "lane-tint" }));
      }
      for (let n = -1; n <= track; n++) {
        const [x, y] = this.trackHole(side, n);
        lane.append(s("circle", { cx: x, cy: y, r: 2.1, class: n <= 0 ? "hole start" : "hole" }));
      }
      const goal = this.targets[side];
      if (goal < this.target && goal > 0) { // this side's own game hole, on its lane
        const [x, y] = this.trackHole(side, goal);
        lane.append(s("circle", { cx: x, cy: y, r: 3.4, class: "hole game-hole side-goal" },
          s("title", {}, `${this.names[side] || `side ${side + 1}`} wins at ${goal}`)));
      }
      el.append(lane);
    }
    for (const line of skunkLines) {
      if (!(line > 0 && line < this.plan.holes)) continue;
      const street = Math.floor((line - 1) / per);
      const [x] = this.trackHole(0, line);
      const mark = x + (street % 2 === 0 ? DX / 2 : -DX / 2); // just past the line's hole
      const y = this.streetY(street);
      el.append(s("line", { x1: mark, x2: mark, y1: y - 6, y2: y + (this.sides - 1) * LANE + 6, class: "skunk-line" }));
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
    peg.dataset.hole = n >= this.targets[side] ? "game" : String(n);
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
