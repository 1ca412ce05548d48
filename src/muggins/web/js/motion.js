// Cards on the move: a card that comes to a place on the felt moves in (a dealt hand one card
// after another), and a card that leaves the felt is drawn going where it went: discards into
// the crib by the dealer's name, the pile gathered up at the end of the play. Nothing moves on the
// first drawing, or with animations off (the setting, or the system's prefers-reduced-motion).

import { settings } from "./settings.js";

const GATHER_MS = 420;

const still = () => settings.motion === "reduced" || window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function placeOf(el) {
  const holder = el.parentElement;
  return `${holder.id || holder.className}:${el.dataset.card}`;
}

/** Where each face-up card on the felt is now ("pile:5H", "my-hand:QS"), with its box on screen. */
export function cardPlaces(root) {
  const places = new Map();
  for (const el of root.querySelectorAll("[data-card]:not([data-card=back])")) {
    places.set(placeOf(el), { el, card: el.dataset.card, holder: el.parentElement.id, box: el.getBoundingClientRect() });
  }
  return places;
}

/** Cards that came to a place since the drawing `before` move in (CSS `.arrive`). */
export function markArrivals(root, before) {
  if (!before.size) return;
  let order = 0;
  for (const el of root.querySelectorAll("[data-card]:not([data-card=back])")) {
    if (before.has(placeOf(el))) continue;
    el.classList.add("arrive");
    el.style.animationDelay = `${60 * order}ms`;
    order += 1;
  }
}

/** Cards of the drawing `before` that are no longer on the felt go where they went: to the element
 * marked `data-gather` with the id of the place they left (the crib takes "my-hand"), else they
 * gather onto the first of them (a pile picked up), fading as they go. */
export function gatherDepartures(root, before, layer) {
  if (!before.size || still()) return;
  const now = new Set([...root.querySelectorAll("[data-card]")].map((el) => el.dataset.card));
  const gone = [...before.values()].filter((c) => !now.has(c.card) && c.box.width > 0);
  const groups = new Map();
  for (const c of gone) groups.set(c.holder, [...(groups.get(c.holder) || []), c]);
  for (const [holder, cards] of groups) {
    const target = holder ? root.querySelector(`[data-gather~="${holder}"]`) : null;
    const to = target ? target.getBoundingClientRect() : cards[0].box;
    cards.forEach((c, i) => fly(c, to, i, layer));
  }
}

function fly({ el, box, holder }, to, order, layer) {
  const ghost = el.cloneNode(true);
  for (const marked of [ghost, ...ghost.querySelectorAll("[id],[data-card]")]) {
    marked.removeAttribute("id");
    marked.removeAttribute("data-card");
  }
  ghost.classList.remove("arrive", "selected", "lit");
  ghost.classList.add("ghost");
  ghost.dataset.from = holder || "";
  ghost.setAttribute("aria-hidden", "true");
  ghost.tabIndex = -1;
  Object.assign(ghost.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`,
    height: `${box.height}px`, animationDelay: "" });
  layer.append(ghost);
  const dx = to.left + to.width / 2 - (box.left + box.width / 2);
  const dy = to.top + to.height / 2 - (box.top + box.height / 2);
  const flight = ghost.animate(
    [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.55)`, opacity: 0 }],
    { duration: GATHER_MS, delay: 50 * order, easing: "ease-in", fill: "forwards" });
  const done = () => ghost.remove();
  flight.finished.then(done, done);
}
