"""The Cribist table in the terminal: your hand, trumps, the trick on the table, tricks won, the
scores, whose turn it is and the claim and muggins window, all from one seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from muggins.cards import Suit, format_cards, parse_card, parse_cards
from muggins.games.words import Teller

_SUIT_NAMES = {s.letter: f"{s.symbol} {s.name.lower()}" for s in Suit}


COUNTING: dict[str, tuple[str, tuple[str, ...]]] = {
    "claim": ("claim N: the points of the trick you won", ()),
    "muggins": ("muggins N KIND CARDS; KIND CARDS ..., e.g. 'muggins 2 fifteen 5H 10S' | ready", ()),
}
"""The claim syntax the prompt shows while counting by hand, by phase, and the verbs accepted then
beyond the legal moves listed."""


def seat_name(seat: int, you: int | None) -> str:
    return "you" if seat == you else f"player {seat}"


def pretty(cards: Sequence[str]) -> str:
    return format_cards(parse_cards(list(cards)), pretty=True)


def plays(cards: Sequence[Sequence[Any]], you: int | None) -> str:
    """A trick's cards, each with who played it: ``you 5♥, player 2 6♥``."""
    return ", ".join(f"{seat_name(seat, you)} {parse_card(card).pretty}" for seat, card in cards)


def render(view: Mapping[str, Any], console: Console) -> None:
    """Draw the table as the seat of ``view`` (or a spectator) sees it."""
    you = view["you"]
    dealer = view["dealer"]
    trumps = _SUIT_NAMES[view["trumps"]] if view["trumps"] else "not yet led"
    console.print(
        f"[bold]Cribist[/bold] — deal {view['deal']}, {seat_name(dealer, you)} dealt; trumps: {trumps}"
    )
    scores = Table(show_header=True, header_style="bold", box=None)
    for column in ("", "score", "tricks", "cards"):
        scores.add_column(column)
    for seat in range(view["players"]):
        marks = ("▶ " if seat in view["to_move"] else "  ") + seat_name(seat, you)
        if seat in view["left"]:
            marks += " (left)"
        scores.add_row(
            marks, str(view["scores"][seat]), str(view["tricks_won"][seat]), str(view["hand_sizes"][seat])
        )
    console.print(scores)
    if view["last_trick"] and not view["trick"]:
        last = view["last_trick"]
        console.print(
            f"Last trick: {plays(last['cards'], you)} — {seat_name(last['winner'], you)} won {last['points']}"
        )
    if view["trick"]:
        winner = view["trick_winner"]
        won = f" — won by {seat_name(winner, you)}" if winner is not None else ""
        console.print(f"Trick: {plays(view['trick'], you)}{won}")
    _render_counting(view, console)
    if view["hand"]:
        console.print(f"Your hand: [bold]{pretty(view['hand'])}[/bold]")
    _render_turn(view, console)


def _render_counting(view: Mapping[str, Any], console: Console) -> None:
    you = view["you"]
    claim = view["claim"]
    if claim is not None:
        verdict = "" if claim["accepted"] else " — more than the trick holds: it scores nothing"
        console.print(f"{seat_name(claim['player'], you)} claimed {claim['points']}{verdict}")
    window = view["muggins"]
    if window is not None:
        for call in window["calls"]:
            result = "good" if call["valid"] else f"wrong ({call['why']})"
            console.print(
                f"  {seat_name(call['player'], you)}: muggins {call['points']} {call['source']} — {result}"
            )


def _render_turn(view: Mapping[str, Any], console: Console) -> None:
    you = view["you"]
    if view["result"] is not None:
        result = view["result"]
        winners = ", ".join(seat_name(s, you) for s in result["winners"])
        console.print(
            f"[bold]Game over[/bold] ({Teller(view['you']).named(result['reason'])}): {winners} first"
        )
        return
    if view["time_called"]:
        console.print("[italic]Time is up: this is the last hand.[/italic]")
    waiting = ", ".join(seat_name(s, you) for s in view["to_move"])
    prompts = {
        "play": "to play",
        "claim": "to claim the trick's points ('claim N')",
        "muggins": "to call muggins ('muggins 2 fifteen 5H 10S') or say 'ready'",
        "hand over": "to say 'ready' for the next deal",
    }
    console.print(f"Waiting for {waiting} {prompts.get(view['phase'], '')}".rstrip())
