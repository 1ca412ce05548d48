// Playing cards drawn as SVG: suit glyphs as our own paths, pips for A-10, a framed face design
// for J Q K, two jokers (JKB black, JKR red) and a card back. Cards are named in the engine's
// notation ("5H", "10S", "JKR").

import { h, s } from "./dom.js";

const W = 100;
const H = 140;

// Each suit glyph fits a 100x100 box; drawn once in a hidden sprite and used by reference.
const SUIT_PATHS = {
  H: "M50 92 C22 68 2 50 2 28 C2 12 14 2 28 2 C39 2 46 9 50 18 C54 9 61 2 72 2 C86 2 98 12 98 28 C98 50 78 68 50 92 Z",
  D: "M50 2 L86 50 L50 98 L14 50 Z",
  S: "M50 2 C78 26 98 42 98 60 C98 76 86 86 73 86 C64 86 57 81 54 74 C56 86 61 94 70 98 L30 98 C39 94 44 86 46 74 C43 81 36 86 27 86 C14 86 2 76 2 60 C2 42 22 26 50 2 Z",
  C: "M50 4 A21 21 0 1 1 49.9 4 Z M27 38 A21 21 0 1 1 26.9 38 Z M73 38 A21 21 0 1 1 72.9 38 Z M44 40 H56 V56 H44 Z M48 52 C50 76 58 90 70 98 L30 98 C42 90 50 76 52 52 Z",
};
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king",
};
/** Ranks ace low, and suits in the order a hand sorted by suit shows them. */
export const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SUIT_ORDER = ["C", "D", "H", "S"];

// Pip centres for 2-10 on a 100x140 card: columns 30/50/70, rows from 28 to 112.
const L = 33, C = 50, R = 67;
const PIPS = {
  2: [[C, 28], [C, 112]],
  3: [[C, 28], [C, 70], [C, 112]],
  4: [[L, 28], [R, 28], [L, 112], [R, 112]],
  5: [[L, 28], [R, 28], [C, 70], [L, 112], [R, 112]],
  6: [[L, 28], [R, 28], [L, 70], [R, 70], [L, 112], [R, 112]],
  7: [[L, 28], [R, 28], [C, 49], [L, 70], [R, 70], [L, 112], [R, 112]],
  8: [[L, 28], [R, 28], [C, 49], [L, 70], [R, 70], [C, 91], [L, 112], [R, 112]],
  9: [[L, 28], [R, 28], [L, 56], [R, 56], [C, 70], [L, 84], [R, 84], [L, 112], [R, 112]],
  10: [[L, 28], [R, 28], [C, 42], [L, 56], [R, 56], [L, 84], [R, 84], [C, 98], [L, 112], [R, 112]],
};

/** Parse card notation into {rank, suit, joker, red}; null for anything else. */
export function parseCard(text) {
  const t = String(text).toUpperCase();
  if (t === "JKB" || t === "JKR") return { rank: null, suit: null, joker: true, red: t === "JKR", text: t };
  const rank = t.slice(0, -1) === "T" ? "10" : t.slice(0, -1);
  const suit = t.slice(-1);
  if (!RANK_ORDER.includes(rank) || !SUIT_PATHS[suit]) return null;
  return { rank, suit, joker: false, red: suit === "H" || suit === "D", text: `${rank}${suit}` };
}

/** The card's name spoken: "five of hearts", "red joker". */
export function cardName(text) {
  const c = parseCard(text);
  if (!c) return String(text);
  if (c.joker) return c.red ? "red joker" : "black joker";
  return `${RANK_NAMES[c.rank]} of ${SUIT_NAMES[c.suit]}`;
}

/** Suit letter as a glyph for text ("♥"). */
export function suitSymbol(letter) {
  return { C: "♣", D: "♦", H: "♥", S: "♠" }[letter] || letter;
}

/** Insert the suit glyph sprite once per document. */
export function installSprite() {
  if (document.getElementById("card-sprite")) return;
  const symbols = Object.entries(SUIT_PATHS).map(([suit, d]) =>
    s("symbol", { id: `suit-${suit}`, viewBox: "0 0 100 100" }, s("path", { d, "fill-rule": "nonzero" })),
  );
  const star = s("symbol", { id: "joker-star", viewBox: "0 0 100 100" },
    s("path", { d: "M50 4 L61 38 L97 38 L68 59 L79 94 L50 73 L21 94 L32 59 L3 38 L39 38 Z" }));
  const sprite = s("svg", { id: "card-sprite", width: 0, height: 0, "aria-hidden": "true",
    style: "position:absolute" }, s("defs", {}, ...symbols, star));
  document.body.prepend(sprite);
}

function glyph(suit, x, y, size, flip = false) {
  const attrs = { href: `#suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size };
  if (flip) attrs.transform = `rotate(180 ${x} ${y})`;
  return s("use", attrs);
}

function corner(c, flip) {
  const g = s("g", flip ? { transform: `rotate(180 ${W / 2} ${H / 2})` } : {},
    s("text", { x: 11, y: 22, class: "card-index", "text-anchor": "middle",
      ...(c.rank === "10" ? { textLength: 17, lengthAdjust: "spacingAndGlyphs" } : {}) }, c.rank),
    glyph(c.suit, 11, 33, 13));
  return g;
}

function faceDesign(c) {
  const crown = {
    K: "M30 62 L36 40 L44 54 L50 34 L56 54 L64 40 L70 62 Z",
    Q: "M32 62 L38 46 L44 56 L50 42 L56 56 L62 46 L68 62 Z M46 38 A4 4 0 1 1 54 38 A4 4 0 1 1 46 38 Z",
    J: "M36 62 C38 48 46 40 58 36 C54 44 56 50 64 54 L64 62 Z",
  }[c.rank];
  return [
    s("rect", { x: 22, y: 18, width: 56, height: 104, rx: 4, class: "face-frame" }),
    s("path", { d: crown, class: "face-crown" }),
    s("text", { x: 50, y: 96, class: "face-letter", "text-anchor": "middle" }, c.rank),
    glyph(c.suit, 50, 108, 14),
    glyph(c.suit, 50, 28, 10),
  ];
}

function jokerDesign() {
  return [
    s("rect", { x: 16, y: 14, width: 68, height: 112, rx: 5, class: "face-frame" }),
    s("use", { href: "#joker-star", x: 26, y: 36, width: 48, height: 48 }),
    s("text", { x: 50, y: 108, class: "joker-word", "text-anchor": "middle" }, "JOKER"),
    s("text", { x: 11, y: 22, class: "card-index", "text-anchor": "middle" }, "★"),
    s("text", { x: 89, y: 128, class: "card-index", "text-anchor": "middle" }, "★"),
  ];
}

/** The SVG drawing of a face-up card. */
export function cardSvg(text) {
  const c = parseCard(text);
  if (!c) return backSvg();
  const colour = c.red ? "red" : "black";
  const body = [s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, class: "card-face" })];
  if (c.joker) {
    body.push(...jokerDesign());
  } else {
    body.push(corner(c, false), corner(c, true));
    if (c.rank === "A") body.push(glyph(c.suit, 50, 70, 40));
    else if (PIPS[c.rank]) body.push(...PIPS[c.rank].map(([x, y]) => glyph(c.suit, x, y, 16, y > 70)));
    else body.push(...faceDesign(c));
  }
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: `card-svg ${colour}${c.suit ? ` suit-${c.suit}` : ""}`, role: "img",
    "aria-label": cardName(text) }, ...body);
}

/** The SVG drawing of a card face down. */
export function backSvg() {
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: "card-svg back", role: "img", "aria-label": "card face down" },
    s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, class: "card-back" }),
    s("rect", { x: 9, y: 9, width: W - 18, height: H - 18, rx: 5, class: "card-back-inner" }),
    s("path", { d: "M50 22 L78 70 L50 118 L22 70 Z", class: "card-back-motif" }));
}

/** A card as a focusable element (a button when it can be chosen, otherwise a plain box). */
export function cardEl(text, { button = false, small = false, extra = "" } = {}) {
  const cls = `card${small ? " small" : ""}${extra ? ` ${extra}` : ""}`;
  if (!button) return h("span", { class: cls, "data-card": text }, cardSvg(text));
  // The button is named by its text, the card's name, for screen readers only; the drawing (whose
  // corner index is visible text a label would have to repeat) is a picture of it.
  const drawing = cardSvg(text);
  drawing.setAttribute("aria-hidden", "true");
  return h("button", { class: cls, type: "button", "data-card": text }, drawing, h("span", { class: "sr-only" }, cardName(text)));
}

/** A face-down card. */
export function backEl({ small = false } = {}) {
  return h("span", { class: `card back${small ? " small" : ""}`, "data-card": "back" }, backSvg());
}
