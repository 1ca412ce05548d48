"""The Skalborg table in the terminal: your hand and thrown card, the crib cards face up, chips,
pots, this round's bets, whose turn it is and the hand's actions, all from one seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from muggins.cards import format_cards, parse_cards
from muggins.games.words import Teller

COUNTING: dict[str, tuple[str, tuple[str, ...]]] = {
    "count": (
        "count KIND CARDS, one combination a move (fifteen, pair, run, flush), "
        "e.g. 'count pair 5S 5H'; 'ready' when done",
        ("count",),
    ),
}
"""The claim syntax the prompt shows while counting by hand, by phase, and the verbs accepted then
beyond the legal moves listed (each combination would otherwise be listed for you)."""


def seat_name(seat: int, you: int | None) -> str:
    return "you" if seat == you else f"player {seat}"


def pretty(cards: Sequence[str]) -> str:
    return format_cards(parse_cards(list(cards)), pretty=True) if cards else "-"


def render(view: Mapping[str, Any], console: Console) -> None:
    """Draw the table as the seat of ``view`` (or a spectator) sees it."""
    you = view["you"]
    console.print(
        f"[bold]Skalborg[/bold] — hand {view['hand']}, {seat_name(view['dealer'], you)} dealt; "
        f"blinds {view['small_blind']}/{view['big_blind']}; {view['phase'].replace('_', ' ')}"
    )
    crib = " ".join([card.pretty for card in parse_cards(view["board"])] + ["🂠"] * view["face_down"])
    console.print(f"  crib: {crib}")
    if you is not None and view["cards"]:
        thrown = f"   (thrown: {pretty([view['thrown']])})" if view["thrown"] else ""
        console.print(f"  your hand: [bold]{pretty(view['cards'])}[/bold]{thrown}")
    seats = Table(show_header=True, header_style="bold", box=None)
    for column in ("", "chips", "bet", "in pot", ""):
        seats.add_column(column)
    for seat in range(view["players"]):
        name = ("▶ " if seat in view["to_move"] else "  ") + seat_name(seat, you)
        notes = []
        if seat == view["dealer"]:
            notes.append("dealer")
        if seat in view["folded"]:
            notes.append("folded")
        if seat in view["all_in"]:
            notes.append("all-in")
        if seat in view["out"]:
            notes.append("out")
        seats.add_row(
            name,
            str(view["stacks"][seat]),
            str(view["bets"][seat]),
            str(view["committed"][seat]),
            ", ".join(notes),
        )
    console.print(seats)
    pots = view["pots"]
    pot_text = f"pot {view['pot']}"
    if len(pots) > 1:
        parts = [f"{p['amount']} ({', '.join(seat_name(s, you) for s in p['eligible'])})" for p in pots]
        pot_text += " — main " + "; side ".join(parts)
    console.print(f"  {pot_text}")
    if view.get("to_call") is not None and you in view["to_move"]:
        limits = ""
        if view.get("min_raise_to") is not None:
            limits = f", raise to {view['min_raise_to']}-{view['max_raise_to']}"
        console.print(f"  to call: {view['to_call']}{limits}")
    if view["actions"]:
        recent = [
            f"{seat_name(a['player'], you)} {a['action']} {a['chips'] or ''}".rstrip()
            for a in view["actions"]
        ]
        console.print("  this hand: " + "; ".join(recent[-8:]))
    for shown in view["showdown"]:
        points = "" if shown["points"] is None else f" — {shown['points']}"
        console.print(f"  {seat_name(shown['player'], you)} shows {pretty(shown['cards'])}{points}")
    for seat, claims in view["claims"].items():
        for claim in claims:
            who = seat_name(int(seat), you)
            console.print(f"    {who} counts {claim['kind']} {pretty(claim['cards'])}: {claim['points']}")
    if view["won"]:
        console.print("  won: " + ", ".join(f"{seat_name(int(s), you)} {c}" for s, c in view["won"].items()))
    if view["result"]:
        console.print(f"[bold]Game over[/bold]: {Teller(view['you']).named(view['result']['reason'])}")
