"""Events in plain words for the terminal, as one seat (or a spectator) may see them."""

from __future__ import annotations

from typing import Any

from muggins.cards import format_cards, parse_cards
from muggins.games.events import Event
from muggins.scoring.items import Item, Score
from muggins.scoring.speech import say_count

SHOWS = frozenset({"hand", "crib", "own crib"})
"""Reasons of points counted in a show, which the terminal itemises under the total."""


def who(seat: int | None, you: int | None) -> str:
    return "you" if seat is not None and seat == you else f"player {seat}"


def does(seat: int | None, you: int | None, verb: str) -> str:
    """Subject and verb agreeing: "you peg", "player 1 pegs"."""
    return f"you {verb[:-1]}" if seat is not None and seat == you else f"player {seat} {verb}"


def cards(data: Any) -> str:
    return format_cards(parse_cards(list(data)), pretty=True) if data else "—"


def describe(event: Event, you: int | None, *, reveal: bool = False) -> str | None:
    """One line for an event, as seat ``you`` (None: a spectator) saw it, or None for events the
    table already shows; ``reveal`` shows every card (the replay of a finished game). Every game
    shares the event vocabulary (docs/protocol.md); an event this module does not know is told in
    its plain form."""
    data = (event if reveal else event.for_viewer(you)).to_dict()
    kind = data.pop("type")
    return _describe(kind, data, you)


def _plain(kind: str, data: dict[str, Any]) -> str:
    details = ", ".join(f"{k} {v}" for k, v in data.items() if v is not None)
    return f"{kind}: {details}"


def _describe(kind: str, data: dict[str, Any], you: int | None) -> str | None:
    player = data.get("player")
    match kind:
        case "dealt":
            got = f": {cards(data['cards'])}" if data["cards"] else ""
            return f"{who(player, you)}: dealt {data['count']} cards{got}"
        case "played":
            count = f"  (count {data['count']})" if "count" in data else ""  # a pegging count
            return f"{does(player, you, 'lays')} {cards([data['card']])}{count}"
        case "go":
            return f"{who(player, you)}: go"
        case "reset":
            return "count back to 0" if data["leader"] is not None else "the play is over"
        case "starter":
            return f"starter: {cards([data['card']])}"
        case "scored":
            score = Score(tuple(Item.from_dict(i) for i in data["score"]["items"]))
            line = (
                f"{does(player, you, 'pegs')} {data['points']} for {data['reason']} "
                f"({say_count(score)}) — now {data['total']}"
            )
            if data["reason"] in SHOWS and len(score.items) > 1:
                for i in score.items:
                    line += f"\n    {i.points:>2}  {i.kind:<14} {format_cards(i.cards, pretty=True)}"
            return line
        case "shown":
            claimed = "" if data.get("claimed") is None else f", claims {data['claimed']}"
            what = data.get("what", "hand")
            return f"{does(player, you, 'shows')} {what} {cards(data['cards'])}{claimed}"
        case "muggins":
            against = who(data["against"], you)
            return f"{does(player, you, 'calls')} muggins on {against} for {data['points']}!"
        case "show_judged":
            line = (
                f"{who(player, you)}'s {data['what']} makes {data['score']['total']} ({data['said']}); "
                f"claimed {data['claimed']}"
            )
            for seat, call, points, why in data["calls"]:
                line += f"\n    {who(seat, you)}: {call} → {points}" + (f" ({why})" if why else "")
            return line
        case "new_hand":
            return f"— hand {data['hand']}, dealer: {who(data['dealer'], you)} —"
        case "dealer_cut":
            cuts = ", ".join(f"{who(seat, you)} {cards([card])}" for seat, card in data["cuts"])
            dealer = data["dealer"]
            return f"cut for deal: {cuts}" + (" — a tie, cut again" if dealer is None else "")
        case "phase" | "discarded" | "crib_topped":
            return None
        case "game_won":
            return f"game {data['game']} won by {', '.join(who(s, you) for s in data['winners'])}" + (
                f" ({data['skunk']})" if data["skunk"] else ""
            )
        case "game_over":
            result = data["result"]
            winners = ", ".join(who(s, you) for s in result["winners"])
            return f"game over ({result['reason']}): winners {winners}"
        case "left":
            return f"{who(player, you)} left the table"
        case _:
            return _plain(kind, data)
