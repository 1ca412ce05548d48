"""Game review: every decision a seat made in a finished cribbage, Cribist or Skalborg game, valued
against the best choice it had with what it could see then (its own view before the move),
labelled, and summed up.

Cribbage discards are valued by the discard analyzer's expected net (exact hand over every starter,
exact crib over every throw the other seats could make, weighted like the expert's throws); plays by
the expert pegger's expected points (what the card pegs, minus the reply, plus what comes back);
counts under manual counting by the points left unclaimed. Cribist cards are valued by the expert's
search (the average margin over sampled deals of the unseen cards); Skalborg throws by the share of
the pot they win at a showdown, folds, checks and calls by equity and pot odds. Thresholds and the
accuracy figure are stated in docs/review.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from muggins.analysis.cribbage.discard import CribMode, analyze
from muggins.analysis.simulate import DEAL_EVENTS
from muggins.bots.cribbage.pegging import ExpertPegger
from muggins.bots.cribist.players import EXPERT_BUDGET
from muggins.bots.cribist.players import Seat as CribistSeat
from muggins.bots.skalborg.players import opponents as skalborg_opponents
from muggins.cards import Card, parse_card, parse_cards
from muggins.games.base import Game
from muggins.games.cribbage.moves import KeepCrib
from muggins.games.moves import Claim, Discard, Move, Play, parse_move
from muggins.games.registry import load_game
from muggins.games.skalborg.moves import Call, Check, Fold
from muggins.scoring.show import score_show
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.reading import Seat, read
from muggins.strategy.cribist.search import deals_for, margin_totals
from muggins.strategy.skalborg.equity import analyze_throws, equity

Kind = Literal["discard", "play", "count", "bet"]
KINDS: tuple[Kind, ...] = ("discard", "play", "count", "bet")
Label = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
THRESHOLDS: tuple[tuple[float, Label], ...] = (
    (0.01, "best"),
    (0.4, "good"),
    (1.0, "inaccuracy"),
    (2.5, "mistake"),
)
"""A decision losing less than each bound (expected points) gets its label; any more: blunder."""
LABELS: tuple[Label, ...] = (*(name for _, name in THRESHOLDS), "blunder")
REVIEWED_GAMES = ("cribbage", "cribist", "skalborg")
QUICK_REVIEWS = ("cribbage",)
"""Games reviewed in well under a second of CPU, quick enough for a server to make between live
tables. A Cribist review searches every card (about 3 s a deal for four seats) and a Skalborg
review samples every throw and call (2-6 s a game): ``muggins review`` makes those."""


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
    """Every decision of one seat, with the points lost by kind and the accuracy."""

    seat: int
    decisions: tuple[Decision, ...]

    @property
    def lost(self) -> dict[Kind, float]:
        """Expected points given up, by kind of decision."""
        return {kind: sum(d.loss for d in self.decisions if d.kind == kind) for kind in KINDS}

    @property
    def accuracy(self) -> float:
        """The mean accuracy of the decisions (100 when the seat had none)."""
        if not self.decisions:
            return 100.0
        return sum(d.accuracy for d in self.decisions) / len(self.decisions)

    def labelled(self, name: Label) -> list[Decision]:
        return [d for d in self.decisions if d.label == name]

    def to_dict(self) -> dict[str, Any]:
        lost = self.lost
        return {
            "seat": self.seat,
            "accuracy": round(self.accuracy, 2),
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
            "seats": [
                {**s.to_dict(), "lost_by_deal": [round(x, 4) for x in self.lost_by_deal(s.seat)]}
                for s in self.seats
            ],
        }


def review(
    record: dict[str, Any],
    seats: Iterable[int] | None = None,
    *,
    crib: CribMode | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> GameReview:
    """Review the finished game ``record`` (as made by ``Game.record()``) for ``seats`` (all seats
    by default); ``crib`` is how the discard analyzer values cribs (default: exactly, weighted like
    the expert's throws, with two players; from the crib tables with more, where the exact average
    over the other seats' throws takes a fifth of a second a deal); ``progress`` is told the moves
    reviewed so far and the moves in all, after each move."""
    if not isinstance(record, dict) or record.get("game") not in REVIEWED_GAMES:
        name = record.get("game") if isinstance(record, dict) else None
        raise ReviewError(f"no review for game {name!r}: reviews cover {', '.join(REVIEWED_GAMES)}")
    final = load_game(record)
    if not final.is_over:
        raise ReviewError("the game is not finished: only finished games are reviewed")
    players = final.players
    crib = crib or ("expert" if players == 2 else "tables")
    chosen = sorted(set(range(players) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < players:
            raise ReviewError(f"seat {seat} does not exist in a {players}-player game")
    judges = {
        "cribbage": lambda: _cribbage_judge(chosen, crib),
        "cribist": lambda: _cribist_judge(record),
        "skalborg": lambda: _skalborg_judge(record),
    }
    judge = judges[record["game"]]()
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
        tuple(SeatReview(seat, tuple(found[seat])) for seat in chosen),
    )


def _cribbage_judge(seats: Sequence[int], crib: CribMode) -> Judge:
    """Judges cribbage decisions, with an expert pegger per seat (it remembers what gos revealed)."""
    tables = shipped_tables()
    peggers = {seat: ExpertPegger(tables) for seat in seats}

    def judge(game: Game, player: int, move: Move, number: int) -> Decision | None:
        view = game.view(player)
        seat = read(view)
        values: dict[str, float] | None = None
        kind: Kind = "count"
        if seat.phase == "play":
            worths = peggers[player].worths(seat)  # every turn in the play, to learn from the gos
            if isinstance(move, Play):
                values, kind = {str(Play(card)): worth for card, worth in worths.items()}, "play"
        elif isinstance(move, Discard | KeepCrib):
            values, kind = _discard_values(seat, crib), "discard"
            move = type(move)(_ordered(move.cards, seat.hand))
        else:
            values = _count_values(view)
        return _decision(number, seat.hand_number, kind, str(move), values)

    return judge


def _cribist_judge(record: dict[str, Any]) -> Judge:
    """Judges Cribist card play by the expert's search: each legal card's average margin over the
    same sampled deals, the samples seeded by the game's seed and the move (so a review repeats)."""

    def judge(game: Game, player: int, move: Move, number: int) -> Decision | None:
        view = game.view(player)
        if view["phase"] != "play" or not isinstance(move, Play):
            return None
        seat = CribistSeat.read(view)
        legal = seat.legal
        if len(legal) < 2:
            return None
        rng = random.Random(f"{record['seed']}:{number}")
        position = seat.position()
        deals = deals_for(position, len(legal), EXPERT_BUDGET)
        totals, played = margin_totals(position, [c.index for c in legal], rng, deals, math.inf)
        values = {str(Play(card)): totals[card.index] / played for card in legal}
        return _decision(number, view["deal"], "play", str(move), values)

    return judge


def _skalborg_judge(record: dict[str, Any]) -> Judge:
    """Judges Skalborg throws by the share of the pot each wins at a showdown, and passive betting
    moves (fold, check, call) by equity and pot odds; bets and raises are not judged (their worth
    lies in how opponents answer them, which equity alone does not tell)."""
    samples = 2_000

    def judge(game: Game, player: int, move: Move, number: int) -> Decision | None:
        view = game.view(player)
        seed = random.Random(f"{record['seed']}:{number}").getrandbits(32)
        players = 1 + len(skalborg_opponents(view))
        if view["phase"] == "throw" and isinstance(move, Discard):
            throws = analyze_throws(parse_cards(view["cards"]), players=players, samples=samples, seed=seed)
            values = {str(Discard((o.throw,))): o.share * view["pot"] for o in throws}
            return _decision(number, view["hand"], "discard", str(move), values)
        if not isinstance(move, Fold | Check | Call):
            return None
        thrown = view["thrown"]
        share = equity(
            parse_cards(view["cards"]),
            parse_cards(view["board"]),
            players=players,
            thrown=parse_card(thrown) if thrown else None,
            samples=samples,
            seed=seed,
        ).share
        pot, to_call = view["pot"], view["to_call"]
        worth = {"fold": 0.0, "check": share * pot, "call": share * (pot + to_call) - to_call}
        values = {text: worth[text] for text in view["legal_moves"] if text in worth}
        return _decision(number, view["hand"], "bet", str(move), values)

    return judge


def _decision(
    number: int, deal: int, kind: Kind, chose: str, values: dict[str, float] | None
) -> Decision | None:
    """The decision of choosing ``chose`` among ``values``; None when the choices are all worth the same."""
    if not values or len(set(values.values())) < 2 or chose not in values:
        return None
    best = max(values, key=lambda m: (values[m], m == chose))
    return Decision(number, deal, kind, chose, best, values)


def _discard_values(seat: Seat, crib: CribMode) -> dict[str, float]:
    """Each discard the seat could make, with the best expected net of the splits it leads to."""
    verb = seat.legal[0].split()[0]
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
    true = score_show(cards, starter, crib=showing["what"] == "crib").total
    return {str(m): float(m.amount if m.amount <= true else 2 * true - m.amount) for m in claims}
