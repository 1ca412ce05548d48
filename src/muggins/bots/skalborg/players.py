"""Skalborg computer players, each choosing from a seat's view alone.

- ``station``: the calling station: checks or calls whatever is bet, never raises or folds.
- ``greedy``: keeps the four cards with the best count of their own (as if the throw were lost),
  and bets on its raw chance against random hands, blind to pot odds and to what others do.
- ``expert``: throws the card that gives the opponents least (the crib is shared), reads
  strength into the opponents' bets and raises, calls by pot odds, bets for value, and bluffs
  at a fixed rate heads-up after the flop when nobody has bet (``ExpertBot.tally`` counts both).

Every bot counts its own showdown in full under manual counting.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from muggins.bots.base import View, legal
from muggins.cards import Card, parse_card, parse_cards
from muggins.games.moves import Discard, Move, Ready
from muggins.games.skalborg.moves import AllIn, Bet, Call, Check, Count, Fold, Raise
from muggins.scoring.skalborg.fast import skalborg_points_batch
from muggins.scoring.skalborg.hand import score_skalborg
from muggins.strategy.skalborg.equity import analyze_throws, equity, unseen

AGGRESSIVE = frozenset({"bet", "raise", "allin"})


class SkalborgBot:
    """The moves every Skalborg bot makes alike: counting, 'ready', and a forced single move."""

    samples = 400

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        if view["phase"] == "count":
            return next_claim(view)
        moves = legal(view)
        if len(moves) == 1:
            return moves[0]
        if view["phase"] == "throw":
            return Discard((self.throw(parse_cards(view["cards"]), view),))
        return self.bet(view, moves)

    def throw(self, cards: Sequence[Card], view: View) -> Card:
        """Keep the four that count best on their own with four random crib cards."""
        rest = np.array([c.index for c in unseen(cards)])
        rng = np.random.default_rng(self.rng.randrange(2**32))
        boards = rest[np.argsort(rng.random((self.samples, len(rest))), axis=1)[:, :4]]
        best: tuple[float, Card] | None = None
        for card in cards:
            keep = [c.index for c in cards if c is not card]
            rows = np.hstack([np.broadcast_to(keep, (self.samples, 4)), boards])
            mean = float(skalborg_points_batch(rows, check=False).mean())
            if best is None or mean > best[0]:
                best = (mean, card)
        assert best is not None
        return best[1]

    def bet(self, view: View, moves: list[Move]) -> Move:
        raise NotImplementedError

    def chance(self, view: View, bias: Sequence[float] = ()) -> float:
        """This seat's share of the pot at a showdown against the seats still in."""
        thrown = view["thrown"]
        return equity(
            parse_cards(view["cards"]),
            parse_cards(view["board"]),
            players=1 + len(opponents(view)),
            thrown=parse_card(thrown) if thrown else None,
            samples=self.samples,
            seed=self.rng.randrange(2**32),
            bias=bias,
            exact=False,
        ).share


class CallingStation(SkalborgBot):
    """Checks or calls, always."""

    def bet(self, view: View, moves: list[Move]) -> Move:
        return Check() if Check() in moves else Call()


class GreedyBot(SkalborgBot):
    """Bets the minimum with a strong hand, calls a fair one, folds a weak one; no reads, no odds."""

    def bet(self, view: View, moves: list[Move]) -> Move:
        share = self.chance(view)
        fair = 1 / (1 + len(opponents(view)))
        if share > fair + 0.25:
            raise_ = next((m for m in moves if isinstance(m, Bet | Raise | AllIn)), None)
            if raise_ is not None:
                return raise_
        return passive(moves, fold=share < fair - 0.15)


class ExpertBot(SkalborgBot):
    """Equity against hands weighted by the opponents' aggression, pot odds, value bets, bluffs."""

    bluff_rate = 0.25
    """How often it bets a weak hand heads-up after the flop when nobody has bet."""
    read = 0.8
    """Weight exponent per bet or raise an opponent made this hand."""
    samples = 500

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.tally: Counter[str] = Counter()
        """How often it bet for value, bluffed, or played passively: its bluff rate, measured."""

    def throw(self, cards: Sequence[Card], view: View) -> Card:
        players = len(view["dealt"]) - len(view["folded"])
        options = analyze_throws(cards, players=max(players, 2), samples=800, seed=self.rng.randrange(2**32))
        return options[0].throw

    def bet(self, view: View, moves: list[Move]) -> Move:
        others = opponents(view)
        bias = [self.read * aggression(view, seat) for seat in others]
        share = self.chance(view, bias)
        fair = 1 / (1 + len(others))
        to_call = view["to_call"]
        odds = to_call / (view["pot"] + to_call) if to_call else 0.0
        if share > fair + 0.6 * (1 - fair):
            sized = sized_raise(view, moves, 1.0 if share > 0.9 else 0.7)
            if sized is not None:
                self.tally["value"] += 1
                return sized
        if (
            to_call == 0
            and len(others) == 1
            and view["phase"] != "preflop"
            and share < fair
            and self.rng.random() < self.bluff_rate
        ):
            bluff = sized_raise(view, moves, 0.5)
            if bluff is not None:
                self.tally["bluff"] += 1
                return bluff
        move = passive(moves, fold=share < odds + 0.02)
        self.tally[move.verb] += 1
        return move


def passive(moves: list[Move], *, fold: bool) -> Move:
    """Check if free; else fold when asked to and allowed; else call."""
    if Check() in moves:
        return Check()
    if fold and Fold() in moves:
        return Fold()
    return Call()


def sized_raise(view: View, moves: list[Move], fraction: float) -> Move | None:
    """A bet or raise of about ``fraction`` of the pot (after calling), within the limits; None if
    this seat may not raise."""
    low, high = view.get("min_raise_to"), view.get("max_raise_to")
    if low is None or high is None:
        return None
    me = view["you"]
    current = view["current_bet"]
    all_in = view["bets"][me] + view["stacks"][me]
    target = max(low, min(high, current + round(fraction * (view["pot"] + view["to_call"]))))
    if target >= all_in:
        return AllIn() if AllIn() in moves else None
    return Bet(target) if current == 0 else Raise(target)


def opponents(view: View) -> list[int]:
    """The other seats still in the hand."""
    return [s for s in view["dealt"] if s not in view["folded"] and s != view["you"]]


def aggression(view: View, seat: int) -> int:
    """How many bets and raises ``seat`` made this hand."""
    return sum(1 for a in view["actions"] if a["player"] == seat and a["action"] in AGGRESSIVE)


def next_claim(view: View) -> Move:
    """The next combination of this seat's showdown not yet claimed, or 'ready' when all are."""
    score = score_skalborg(parse_cards(view["cards"]), parse_cards(view["board"]))
    claims: list[dict[str, Any]] = view["claims"].get(str(view["you"]), [])
    claimed = {(c["kind"], frozenset(c["cards"])) for c in claims}
    for item in score.items:
        if (str(item.kind), frozenset(str(c) for c in item.cards)) not in claimed:
            return Count(item.kind, item.cards)
    return Ready()
