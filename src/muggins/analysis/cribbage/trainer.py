"""The cribbage trainer's drills: a discard puzzle (a dealt hand, graded against the exact table of
every split) and counting practice (a hand and starter, graded item by item). Found through
``muggins.analysis.trainers`` by the game's name."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pydantic

from muggins.analysis.cribbage.discard import Split, analyze
from muggins.analysis.trainers import Answer, Drill, PuzzleError, seeded
from muggins.cards import STANDARD_CARDS, Card, CardError, parse_cards
from muggins.scoring.items import Score
from muggins.scoring.show import score_show

POSITIONS = ("pegging",)
"""Positions drills drawing on this game's reviewed decisions: ``pegging``, a card to lay in the
play (the seat's hand, the cards laid since the count was reset, the count and the starter)."""
CROSSED = 1e-9
"""Nets closer than this are the same: a split ranks below only the strictly better ones."""


@dataclass(frozen=True, slots=True)
class DiscardPuzzle:
    """Six cards dealt to a two-player seat, as dealer (the crib is theirs) or pone."""

    seed: int
    cards: tuple[Card, ...]
    dealer: bool

    def splits(self) -> list[Split]:
        """Every split, best net first (exact hand and exact crib weighted like the expert's throws)."""
        return analyze(self.cards, dealer=self.dealer, crib="expert")

    def grade(self, thrown: Sequence[Card]) -> tuple[list[Split], int, float]:
        """Every split, where the throw ranks among them (1: the best) and the points it gives up."""
        if len(thrown) != 2 or len(set(thrown)) != 2:
            raise PuzzleError(f"throw two different cards to the crib, not {len(thrown)}")
        strange = [str(card) for card in thrown if card not in self.cards]
        if strange:
            raise PuzzleError(f"{', '.join(strange)} not dealt in this puzzle")
        splits = self.splits()
        chosen = next(s for s in splits if set(s.thrown) == set(thrown))
        rank = 1 + sum(1 for s in splits if s.net > chosen.net + CROSSED)
        return splits, rank, splits[0].net - chosen.net


@dataclass(frozen=True, slots=True)
class CountPuzzle:
    """A four-card hand (or crib) and a starter to count."""

    seed: int
    hand: tuple[Card, ...]
    starter: Card
    crib: bool

    def score(self) -> Score:
        return score_show(self.hand, self.starter, crib=self.crib)


def discard_puzzle(seed: int) -> DiscardPuzzle:
    rng = seeded(seed, "discard")
    return DiscardPuzzle(seed, tuple(sorted(rng.sample(STANDARD_CARDS, 6), key=_shown)), rng.random() < 0.5)


def count_puzzle(seed: int) -> CountPuzzle:
    rng = seeded(seed, "count")
    *hand, starter = rng.sample(STANDARD_CARDS, 5)
    return CountPuzzle(seed, tuple(sorted(hand, key=_shown)), starter, rng.random() < 0.25)


def _shown(card: Card) -> int:
    return card.sort_key


# --- the drills, as the trainers' API shows and grades them ----------------------------------


class DiscardShown(pydantic.BaseModel):
    seed: int
    cards: list[str]
    dealer: bool = pydantic.Field(description="true: the crib is yours; false: your opponent's")


class DiscardAnswer(Answer):
    discard: list[str] = pydantic.Field(min_length=2, max_length=2, description="the two cards thrown")


class SplitOut(pydantic.BaseModel):
    kept: list[str]
    thrown: list[str]
    hand: float
    crib: float
    net: float


class DiscardGraded(DiscardShown):
    """The answer graded: every split best first, where the throw ranks (1: best) and its cost."""

    thrown: list[str]
    rank: int
    loss: float
    splits: list[SplitOut]


def show_discard(seed: int) -> DiscardShown:
    puzzle = discard_puzzle(seed)
    return DiscardShown(seed=seed, cards=[str(c) for c in puzzle.cards], dealer=puzzle.dealer)


def grade_discard(answer: DiscardAnswer) -> tuple[bool, DiscardGraded]:
    """Right when no split is worth more than the throw."""
    puzzle = discard_puzzle(answer.seed)
    try:
        thrown = parse_cards(answer.discard)
    except CardError as exc:
        raise PuzzleError(str(exc)) from None
    splits, rank, loss = puzzle.grade(thrown)
    table = [
        SplitOut(
            kept=[str(c) for c in s.kept],
            thrown=[str(c) for c in s.thrown],
            hand=s.hand.mean,
            crib=s.crib,
            net=s.net,
        )
        for s in splits
    ]
    shown = show_discard(answer.seed).model_dump()
    return rank == 1, DiscardGraded(**shown, thrown=answer.discard, rank=rank, loss=loss, splits=table)


class CountShown(pydantic.BaseModel):
    seed: int
    hand: list[str]
    starter: str
    crib: bool


class CountAnswer(Answer):
    total: int = pydantic.Field(ge=0, le=29)


class CountGraded(CountShown):
    """The count graded: the true total, every item that makes it, and the points missed."""

    total: int
    claimed: int
    missed: int
    items: list[dict[str, Any]]


def show_count(seed: int) -> CountShown:
    puzzle = count_puzzle(seed)
    return CountShown(
        seed=seed, hand=[str(c) for c in puzzle.hand], starter=str(puzzle.starter), crib=puzzle.crib
    )


def grade_count(answer: CountAnswer) -> tuple[bool, CountGraded]:
    """Right when the total claimed is the true one."""
    score = count_puzzle(answer.seed).score()
    graded = CountGraded(
        **show_count(answer.seed).model_dump(),
        total=score.total,
        claimed=answer.total,
        missed=max(0, score.total - answer.total),
        items=[item.to_dict() for item in score.items],
    )
    return answer.total == score.total, graded


DRILLS: dict[str, Drill[Any]] = {
    "discard": Drill(
        "a hand of six to split: throw two to the crib",
        DiscardShown,
        DiscardAnswer,
        DiscardGraded,
        show_discard,
        grade_discard,
    ),
    "count": Drill(
        "a hand (or crib) and a starter to count",
        CountShown,
        CountAnswer,
        CountGraded,
        show_count,
        grade_count,
    ),
}
"""The cribbage trainer's drills by name (the name is the player's streak there)."""
