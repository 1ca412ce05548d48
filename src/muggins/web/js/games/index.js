// The browser's registry of game renderers: one line per game, by the name the server gives it.

import { cribbage } from "./cribbage.js";
import { skalborg } from "./skalborg.js";
import { cribist } from "./cribist.js";
import { squares } from "./squares.js";

export const RENDERERS = { cribbage, skalborg, cribist, squares };
