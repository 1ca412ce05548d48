// The browser's registry of game renderers: one line per game, by the name the server gives it.

import { cribbage } from "./cribbage.js";
import { skalborg } from "./skalborg.js";
import { cribist } from "./cribist.js";
import { squares } from "./squares.js";
import { cross } from "./cross.js";

export const RENDERERS = { cribbage, skalborg, cribist, squares, cross };

/** The games' titles, as a sentence lists them ("Cribbage, Skalborg and Cribist"). */
export function gameTitles() {
  const titles = Object.values(RENDERERS).map((r) => r.title);
  return titles.length > 1 ? `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}` : titles.join("");
}
