"""Cribbage decisions reviewed: discards by the discard analyzer's expected net (exact hand over
every starter; the crib exactly, weighted like the expert's throws, with two players, or from the
crib tables with more, where the exact average over the other seats' throws takes a fifth of a
second a deal); plays by the values the expert lays by (in a two-player play, the search of the
rest of the play: from what the seat can know while the other holds three cards or more, with every
card known after that; elsewhere the reply model's expected points: what the card pegs, minus the
reply, plus what comes back); counts under manual counting by the points left unclaimed. In
Lowball, where every point is one towards losing, the same values count against the seat. At a
Crash table a card's value adds what its crashes are worth, as the bots weigh them. A choice
made with a wild joker in the seat's show is not judged: these values know the 52 cards only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from muggins.analysis.cribbage.discard import CribMode, analyze
from muggins.analysis.review import Decision, Judge, Kind, decision
from muggins.bots.cribbage.crash import crash_swings
from muggins.bots.cribbage.pegging import ExpertPegger
from muggins.bots.cribbage.wild import holds_joker, wild_score
from muggins.cards import Card, parse_card, parse_cards
from muggins.games.base import Game
from muggins.games.cribbage.moves import KeepCrib
from muggins.games.moves import Claim, Discard, Move, Play, parse_move
from muggins.scoring.show import score_show
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.reading import Seat, read

QUICK = True
"""A cribbage review takes well under a second of CPU: the server makes it on request."""
KINDS: tuple[Kind, ...] = ("discard", "play", "count")
"""The kinds of decision judged here."""


def judge(record: dict[str, Any], seats: Sequence[int]) -> Judge:
    """Judges cribbage decisions (``seats``: the judge values any seat's, as asked)."""
    crib: CribMode = "expert" if record["players"] == 2 else "tables"
    # The values the expert lays by, in points (the same record, the same values).
    pegger = ExpertPegger(shipped_tables(), counter=True, weigh=True, blend=True)

    def judged(game: Game, player: int, move: Move, number: int) -> Decision | None:
        view = game.view(player)
        seat = read(view)
        if view.get("jokers") and seat.phase in ("discard", "play") and holds_joker(seat):
            return None  # the values below know the 52 cards only: a wild joker's choices are not judged
        values: dict[str, float] | None = None
        kind: Kind = "count"
        if seat.phase == "play":
            if isinstance(move, Play):
                worths = pegger.values(seat)
                if view.get("crash"):
                    swings = crash_swings(view, seat)
                    worths = {card: worth + swings.get(card, 0) for card, worth in worths.items()}
                values, kind = {str(Play(card)): worth for card, worth in worths.items()}, "play"
        elif isinstance(move, Discard | KeepCrib):
            values, kind = _discard_values(seat, crib), "discard"
            move = type(move)(_ordered(move.cards, seat.hand))
        else:
            values = _count_values(view)
        if values is not None and view.get("lowball") and kind != "count":
            values = {move: -value for move, value in values.items()}  # Lowball: the fewest points
        return decision(number, seat.hand_number, kind, str(move), values)

    return judged


def _discard_values(seat: Seat, crib: CribMode) -> dict[str, float]:
    """Each discard the seat could make (the legal ones: Toss Fives allows fewer), with the best
    expected net of the splits it leads to."""
    verb = seat.legal[0].split()[0]
    legal = frozenset(seat.legal)
    dealt = (*seat.hand, *seat.discards)
    players = len(seat.active)
    splits = analyze(
        dealt,
        dealer=seat.dealer == seat.me,
        seat=seat.offset(seat.me),
        variant=seat.variant,  # type: ignore[arg-type]
        players=players,
        partnerships=seat.crib_config.endswith("partners"),
        crib=crib,
    )
    values: dict[str, float] = {}
    for split in splits:
        if verb == "crib":
            if set(split.thrown) != set(seat.discards):
                continue
            move: Move = KeepCrib(_ordered(split.own_crib, seat.hand))
        else:
            move = Discard(_ordered(split.thrown, seat.hand))
        if str(move) in legal:
            values.setdefault(str(move), split.net)  # splits come best first
    return values


def _ordered(cards: Sequence[Card], hand: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` in the order the hand holds them, as the legal moves list them."""
    return tuple(card for card in hand if card in cards)


def _count_values(view: dict[str, Any]) -> dict[str, float] | None:
    """Under manual counting, each claim of the seat's own show valued by its distance from the true
    count, which the seat can work out from the face-up cards: the true count is best, and a claim
    short or over by N costs N (an overclaim stands only if nobody corrects it). Calls in the
    muggins window and other moves are not judged (None)."""
    showing = view.get("showing")
    claims = [m for m in map(parse_move, view.get("legal_moves", [])) if isinstance(m, Claim)]
    if view.get("phase") != "show" or not showing or not claims or view.get("starter") is None:
        return None
    cards, starter = parse_cards(showing["cards"]), parse_card(view["starter"])
    crib = showing["what"] == "crib"
    true = (
        wild_score(view, cards, starter, crib)
        if view.get("jokers")
        else score_show(cards, starter, crib=crib)
    ).total
    return {str(m): float(m.amount if m.amount <= true else 2 * true - m.amount) for m in claims}
