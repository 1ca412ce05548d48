"""Hints: the expert bot's move for a seat's view, with its reason.

For a cribbage discard the reason comes from ``muggins.analysis.discard``: the expected points of
the hand kept and of the crib thrown, against the best alternative. Otherwise the strongest
registered bot chooses and the reason names it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from muggins.bots.registry import bot_names, make_bot
from muggins.cards import parse_cards
from muggins.games.moves import Discard, Move


def hint(game: str, view: Mapping[str, Any]) -> tuple[str, str]:
    """(move text, reason) for the seat whose ``view`` this is; blocking, so run it off the loop."""
    name = bot_names(game)[-1]
    move = make_bot(game, name, seed=int(view.get("state_id", 0))).choose(view)
    if game == "cribbage" and isinstance(move, Discard) and view.get("variant") != "ten-hand":
        reason = _discard_reason(view, move)
        if reason:
            return str(move), reason
    return str(move), f"the {name} bot's choice"


def _discard_reason(view: Mapping[str, Any], move: Move) -> str | None:
    """The discard's expected points, and how it compares with the best by expected points alone."""
    try:
        from muggins.analysis.discard import analyze
    except ImportError:
        return None
    assert isinstance(move, Discard)
    hand = parse_cards(view["hand"])
    dealer = view["dealer"] == view["you"]
    splits = analyze(
        hand,
        dealer=dealer,
        variant=view["variant"],
        players=view["players"],
        partnerships=bool(view["options"].get("partnerships")),
    )
    chosen = next((s for s in splits if set(s.thrown) == set(move.cards)), None)
    if chosen is None:
        return None
    whose = "your" if dealer else "your opponent's"
    text = (
        f"keeping {' '.join(map(str, chosen.kept))} averages {chosen.hand.mean:.1f} points in hand; "
        f"the throw is worth {chosen.crib:.1f} to {whose} crib (net {chosen.net:+.1f})"
    )
    best = splits[0]
    if best is not chosen and best.net > chosen.net + 0.05:
        text += (
            f"; keeping {' '.join(map(str, best.kept))} nets {best.net:+.1f} on average, "
            f"but the board position favours this"
        )
    return text
