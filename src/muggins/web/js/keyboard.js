// Keyboard play at a table: number keys pick the Nth card of your hand, left/right arrows move
// between cards (Enter or Space plays or selects the focused one), and a letter presses the button
// that shows it (g go, d discard, r ready, h hint, and each game's own: a bid, a throw); c jumps
// to the chat.

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** Listen for keys while a table is shown; returns the function that stops listening. */
export function installKeys(felt, root) {
  function handCards() {
    return [...felt.querySelectorAll("#my-hand button.card")];
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || felt.inert) return; // inert: the connection is down
    if (TYPING.has(e.target.tagName)) {
      if (e.key === "Escape") e.target.blur();
      return;
    }
    const cards = handCards();
    if (/^[1-9]$/.test(e.key)) {
      const card = cards[Number(e.key) - 1];
      if (card) {
        e.preventDefault();
        card.focus();
        card.click();
      }
      return;
    }
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      if (!cards.length) return;
      e.preventDefault();
      const at = cards.indexOf(document.activeElement);
      const step = e.key === "ArrowLeft" ? -1 : 1;
      const next = at < 0 ? (step > 0 ? 0 : cards.length - 1) : (at + step + cards.length) % cards.length;
      cards[next].focus();
      return;
    }
    if (e.key === "c") {
      const chat = root.querySelector("#chat-input");
      if (chat) {
        e.preventDefault();
        chat.focus();
      }
      return;
    }
    const button = root.querySelector(`button[data-key="${CSS.escape(e.key.toLowerCase())}"]:not([disabled]):not([hidden])`);
    if (button) {
      e.preventDefault();
      button.click();
    }
  }

  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
