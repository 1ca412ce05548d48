"""Game review: every decision a seat made in a finished game valued against the best choice it had
with what it could see then (its own view before the move), labelled, and summed up.

Each game values its own decisions in ``muggins.analysis.<game>.review`` (its ``judge``, and
``QUICK``: whether a server makes the review on request), found by the game's name; a game without
one is not reviewed. Thresholds and the accuracy figure are stated in docs/review.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Literal

from muggins.analysis.games import game_module
from muggins.games.base import Game
from muggins.games.moves import Move, parse_move
from muggins.games.registry import game_names, load_game
from muggins.games.result import DEAL_EVENTS

Kind = Literal["discard", "play", "count", "bet", "place"]
"""What a decision was: a discard (Skalborg: a throw), a card played, a count claimed, a bet, a
card placed (Squares). Each game's review module lists the kinds it judges (``KINDS``)."""
Label = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
THRESHOLDS: tuple[tuple[float, Label], ...] = (
    (0.01, "best"),
    (0.4, "good"),
    (1.0, "inaccuracy"),
    (2.5, "mistake"),
)
"""A decision losing less than each bound (expected points) gets its label; any more: blunder."""
LABELS: tuple[Label, ...] = (*(name for _, name in THRESHOLDS), "blunder")


Judge = Callable[["Game", int, "Move", int], "Decision | None"]
"""Values one move of a seat from the game before it (None: the move was no choice)."""


class ReviewError(ValueError):
    """A record that cannot be reviewed: malformed, unfinished, a seat that does not exist, or a
    game without a review."""


def label(loss: float) -> Label:
    """The label of a decision that gave up ``loss`` expected points against the best choice."""
    for bound, name in THRESHOLDS:
        if loss < bound:
            return name
    return "blunder"


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice of the reviewed seat: what it did, the best it could have done, and the cost."""

    move: int
    """Index of the move in the record's move list (0-based)."""
    deal: int
    kind: Kind
    chose: str
    best: str
    values: dict[str, float]
    """Every choice the seat had, with its expected points."""

    @property
    def loss(self) -> float:
        return max(0.0, self.values[self.best] - self.values[self.chose])

    @property
    def label(self) -> Label:
        return label(self.loss)

    @property
    def accuracy(self) -> float:
        """100 for the best choice, 0 for the worst, in proportion between."""
        low = min(self.values.values())
        spread = self.values[self.best] - low
        return 100.0 if spread <= 0 else 100.0 * (self.values[self.chose] - low) / spread

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "deal": self.deal,
            "kind": self.kind,
            "chose": self.chose,
            "best": self.best,
            "loss": round(self.loss, 4),
            "label": self.label,
            "accuracy": round(self.accuracy, 2),
            "choices": {move: round(value, 4) for move, value in self.values.items()},
        }


@dataclass(frozen=True, slots=True)
class SeatReview:
    """Every decision of one seat, with the points lost by kind (each kind its game judges) and the
    accuracy."""

    seat: int
    decisions: tuple[Decision, ...]
    kinds: tuple[Kind, ...]

    @property
    def lost(self) -> dict[Kind, float]:
        """Expected points given up, by kind of decision."""
        return {kind: sum(d.loss for d in self.decisions if d.kind == kind) for kind in self.kinds}

    @property
    def accuracy(self) -> float | None:
        """The mean accuracy of the decisions; None when the seat made none (a game resigned
        before its first choice): there is nothing to judge, and "100%" would praise nothing."""
        if not self.decisions:
            return None
        return sum(d.accuracy for d in self.decisions) / len(self.decisions)

    @property
    def accuracy_text(self) -> str:
        """The accuracy as people read it: "87.5%", or "no decisions"."""
        accuracy = self.accuracy
        return "no decisions" if accuracy is None else f"{accuracy:.1f}%"

    def labelled(self, name: Label) -> list[Decision]:
        return [d for d in self.decisions if d.label == name]

    def to_dict(self) -> dict[str, Any]:
        lost = self.lost
        return {
            "seat": self.seat,
            "accuracy": None if self.accuracy is None else round(self.accuracy, 2),
            "lost": {kind: round(points, 4) for kind, points in lost.items()},
            "lost_total": round(sum(lost.values()), 4),
            "labels": {name: len(self.labelled(name)) for name in LABELS},
            "decisions": [d.to_dict() for d in self.decisions],
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of a finished game: each reviewed seat, and the score race deal by deal."""

    game: str
    players: int
    race: tuple[tuple[int, ...], ...]
    """Every seat's score at the end of each deal."""
    deal_ends: tuple[int, ...]
    """The index of the last move of each deal (the race's moves)."""
    seats: tuple[SeatReview, ...] = field(default=())
    kinds: tuple[Kind, ...] = ()
    """The kinds of decision the game's review judges, in the order they are shown."""

    def seat(self, seat: int) -> SeatReview:
        return next(s for s in self.seats if s.seat == seat)

    def lost_by_deal(self, seat: int) -> list[float]:
        """The points ``seat`` gave up to the end of each deal, summed deal by deal."""
        decisions = self.seat(seat).decisions
        return [sum(d.loss for d in decisions if d.move <= end) for end in self.deal_ends]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "race": [list(scores) for scores in self.race],
            "deal_ends": list(self.deal_ends),
            "kinds": list(self.kinds),
            "seats": [
                {**s.to_dict(), "lost_by_deal": [round(x, 4) for x in self.lost_by_deal(s.seat)]}
                for s in self.seats
            ],
        }


def reviewed_games() -> list[str]:
    """The registered games that have a review (``muggins.analysis.<game>.review``)."""
    return [game for game in game_names() if game_module(game, "review") is not None]


def quick_reviews() -> list[str]:
    """The games reviewed in well under a second of CPU (their module's ``QUICK``), quick enough for
    a server to make between live tables; ``muggins review`` makes the others."""
    return [game for game in reviewed_games() if _review_module(game).QUICK]


def _review_module(game: str) -> ModuleType:
    module = game_module(game, "review")
    assert module is not None
    return module


def review(
    record: dict[str, Any],
    seats: Iterable[int] | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> GameReview:
    """Review the finished game ``record`` (as made by ``Game.record()``) for ``seats`` (all seats
    by default), each move judged by the game's own ``judge``; ``progress`` is told the moves
    reviewed so far and the moves in all, after each move."""
    name = record.get("game") if isinstance(record, dict) else None
    module = game_module(name, "review") if isinstance(name, str) and name in game_names() else None
    if module is None:
        raise ReviewError(f"no review for game {name!r}: reviews cover {', '.join(reviewed_games())}")
    final = load_game(record)
    if not final.is_over:
        raise ReviewError("the game is not finished: only finished games are reviewed")
    players = final.players
    chosen = sorted(set(range(players) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < players:
            raise ReviewError(f"seat {seat} does not exist in a {players}-player game")
    judge: Judge = module.judge(record, chosen)
    found: dict[int, list[Decision]] = {seat: [] for seat in chosen}
    game = load_game({**record, "moves": []})
    race: list[tuple[int, ...]] = []
    ends: list[int] = []
    total = len(record["moves"])
    for number, (player, text) in enumerate(record["moves"]):
        if progress is not None:
            progress(number, total)
        move = parse_move(text)
        if player in found:
            decision = judge(game, player, move, number)
            if decision is not None:
                found[player].append(decision)
        before = game.scores
        events = game.apply(player, move)
        if number and any(e.type in DEAL_EVENTS for e in events):
            race.append(tuple(before))
            ends.append(number - 1)
    race.append(tuple(game.scores))
    ends.append(total - 1)
    return GameReview(
        record["game"],
        players,
        tuple(race),
        tuple(ends),
        tuple(SeatReview(seat, tuple(found[seat]), module.KINDS) for seat in chosen),
        module.KINDS,
    )


def decision(
    number: int, deal: int, kind: Kind, chose: str, values: dict[str, float] | None
) -> Decision | None:
    """The decision of choosing ``chose`` among ``values``; None when the choices are all worth the same."""
    if not values or len(set(values.values())) < 2 or chose not in values:
        return None
    best = max(values, key=lambda m: (values[m], m == chose))
    return Decision(number, deal, kind, chose, best, values)
