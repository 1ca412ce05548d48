"""The drawn pieces checked against the rules of the pack and the board, in the browser: every card
shows as many pips as its rank (faces and jokers their own design), and the board has 120 holes a
lane plus the game hole, with the back peg leapfrogging the front one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from muggins.cards import ALL_CARDS

PIPS_JS = """async (cards) => {
  const { cardSvg } = await import("/js/cards.js");
  return Object.fromEntries(cards.map((c) => {
    const svg = cardSvg(c);
    return [c, { suits: svg.querySelectorAll("use[href^='#suit-']").length,
      label: svg.getAttribute("aria-label"), joker: svg.querySelectorAll("use[href='#joker-star']").length,
      colour: svg.classList.contains("red") }];
  }));
}"""

BOARD_JS = """async () => {
  const { CribbageBoard } = await import("/js/games/cribbage-board.js");
  const board = new CribbageBoard({ sides: 3, target: 121, skunkLines: [91, 61, 31] });
  const holes = board.el.querySelectorAll(".lane[data-side='0'] circle.hole:not(.start)").length;
  const starts = board.el.querySelectorAll(".lane[data-side='0'] circle.start").length;
  const where = () => [...board.el.querySelectorAll(".peg[data-side='1']")]
    .map((p) => p.classList[1] + ":" + p.dataset.hole).sort();
  const seen = [where()];
  board.update([0, 5, 0]); seen.push(where());
  board.update([0, 9, 0]); seen.push(where());
  board.update([0, 130, 0]); seen.push(where());
  board.update([0, 0, 0]); seen.push(where());
  board.update([0, 20, 0], [0, 12, 0]); seen.push(where());
  return { holes, starts, seen, lines: board.el.querySelectorAll(".skunk-line").length };
}"""


def test_every_card_is_drawn_by_its_rank(player: Callable[..., Any]) -> None:
    page = player("Pat").page
    names = [str(card) for card in ALL_CARDS]
    drawn = page.evaluate(PIPS_JS, names)
    for card in ALL_CARDS:
        got = drawn[str(card)]
        if card.is_joker:
            assert got["joker"] == 1 and got["suits"] == 0
            assert got["label"] == ("red joker" if card.colour_red else "black joker")
            continue
        corners = 2
        expected = {1: 1, 11: 2, 12: 2, 13: 2}.get(card.rank, card.rank)
        assert got["suits"] == corners + expected, f"{card} shows {got['suits'] - corners} suit marks"
        assert card.suit is not None
        assert got["colour"] == (card.suit.letter in "DH")
        assert got["label"].endswith(("clubs", "diamonds", "hearts", "spades"))


def test_board_holes_and_leapfrogging_pegs(player: Callable[..., Any]) -> None:
    page = player("Quinn").page
    board = page.evaluate(BOARD_JS)
    assert board["holes"] == 120 and board["starts"] == 2
    assert board["lines"] == 3
    assert board["seen"] == [
        ["back:-1", "front:0"],  # both pegs in the start holes
        ["back:0", "front:5"],  # the back peg jumps ahead to 5
        ["back:5", "front:9"],  # and again: the peg on 5 is now behind
        ["back:9", "front:game"],  # past the target: the game hole
        ["back:-1", "front:0"],  # a new game of a match: back to the start
        ["back:12", "front:20"],  # a view that names the back peg (a reconnect) puts it there
    ]
