"""The cribbage table in the terminal: a drawn board with front and back pegs, your hand,
the pile and the count, the starter and the crib, all from one seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console

from muggins.cards import format_cards, parse_cards
from muggins.games.words import Teller

HOLES_PER_ROW = 60
PEG_COLOURS = ("red", "blue", "green")


COUNTING: dict[str, tuple[str, tuple[str, ...]]] = {
    "show": ("claim N: your count of the show, 0 to {most}", ()),
    "muggins": ("muggins N (points they missed) | correct (they claimed too many) | ready", ()),
}
"""The claim syntax the prompt shows while counting by hand, by phase, and the verbs accepted then
beyond the legal moves listed."""


def pretty(cards: Sequence[str]) -> str:
    return format_cards(parse_cards(list(cards)), pretty=True) or "—"


def laid(card: str) -> str:
    """A card on the pile, a wild joker's call (``JKR=5H``) as "JKR as 5♥"."""
    joker, _, called = card.partition("=")
    return f"{pretty([joker])} as {pretty([called])}" if called else pretty([card])


def board_rows(front: int, back: int, target: int) -> list[str]:
    """One side's track as rows of holes in fives, then the game hole: ``●`` the front peg,
    ``○`` the back peg, ``◎`` the empty game hole."""
    rows = []
    for start in range(1, target, HOLES_PER_ROW):
        row = ""
        for hole in range(start, min(start + HOLES_PER_ROW, target)):
            row += "●" if hole == front else "○" if hole == back else "·"
            if hole % 5 == 0:
                row += " "
        rows.append(row.rstrip())
    game_hole = "●" if front >= target else "◎"
    if rows:
        rows[-1] += " " + game_hole
    else:
        rows.append(game_hole)
    return rows


def side_name(side: Sequence[int], you: int | None) -> str:
    return " & ".join("you" if seat == you else f"player {seat}" for seat in side)


def bidding_line(auction: Mapping[str, Any], owner: int, you: int | None) -> str:
    """Auction cribbage: the bids so far in order, then the bid to beat or who bought the crib."""
    teller = Teller(you)
    said = ", ".join(f"{teller.who(seat)} {'pass' if bid is None else bid}" for seat, bid in auction["bids"])
    if auction["open"]:
        beat = f"bid to beat: {auction['high']}" if auction["high"] else "nobody has bid"
        return f"bidding for the crib: {said or 'the pone opens'}; {beat}"
    whose = "yours" if owner == you else f"{teller.who(owner)}'s"
    return f"bidding: {said}; the crib is {whose} for {auction['price'] or 'nothing'}"


def render(view: Mapping[str, Any], console: Console) -> None:
    """Draw the table as the seat of ``view`` (or a spectator) sees it."""
    you = view["you"]
    whose = Teller(you).whose  # the owner of a hand or crib: "your", "player 1's"
    scores, back, targets = view["scores"], view["back_pegs"], view["targets"]
    goal = f"first to {view['target']}{' loses' if view.get('lowball') else ''}"
    if len(set(targets)) > 1:  # Captain's cribbage: each side to its own target
        goal = ", ".join(f"{side_name(side, you)} to {targets[side[0]]}" for side in view["sides"])
    if view["toss_fives"]:
        goal += "; Toss Fives: every five dealt goes to the crib"
    if view.get("auction"):
        goal += "; Auction: bid points for the crib"
    if view.get("crash"):
        goal += "; Crash: a peg landed on by another side's is crashed"
    console.print(
        f"[bold]Cribbage[/bold] ({view['variant']}) — game {view['game_number']}, "
        f"hand {view['hand_number']}, {side_name([view['dealer']], you)} dealt; {goal}"
    )
    for number, side in enumerate(view["sides"]):
        seat = side[0]
        if seat not in view["active"] and seat in view["left"]:
            continue
        colour = PEG_COLOURS[number % len(PEG_COLOURS)]
        pegs = f"{scores[seat]:>4}" + (f" (back peg {back[seat]})" if view.get("crash") else "")
        console.print(f"[{colour}]{side_name(side, you):<18} {pegs}[/{colour}]")
        for row in board_rows(scores[seat], back[seat], targets[seat]):
            console.print(f"  [{colour}]{row}[/{colour}]")
    starter = view["starter"]
    shown = pretty([starter]) if starter else "not cut"
    owner = f" ({whose(view['crib_owner'])})" if view.get("auction") and not view["auction"]["open"] else ""
    console.print(f"starter: {shown}    crib: {view['crib_size']} cards{owner}")
    if view.get("auction"):
        console.print(bidding_line(view["auction"], view["crib_owner"], you))
    if view["pile"]:
        pile = ", ".join(f"{'you' if s == you else s}:{laid(c)}" for s, c in view["pile"])
        console.print(f"pile: {pile}   [bold]count {view['count']}[/bold]")
    for shown in view["shows"]:
        # a claimed show's count is told only when its muggins window closes
        count = shown["score"]["total"] if shown["score"] else "?"
        claim = f" (claimed {shown['claimed']})" if shown["claimed"] is not None else ""
        console.print(
            f"shown: {whose(shown['player'])} {shown['what']} {pretty(shown['cards'])} = {count}{claim}"
        )
    showing = view.get("showing")
    if showing:
        console.print(
            f"showing: {whose(showing['player'])} {showing['what']} "
            f"{pretty(showing['cards'])} with the starter"
        )
    if view["hand"] is not None:
        console.print(f"your hand: [bold]{pretty(view['hand'])}[/bold]")
        if view.get("own_crib"):
            console.print(f"your own crib: {pretty(view['own_crib'])}")
