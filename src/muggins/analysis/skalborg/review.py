"""Skalborg decisions reviewed: throws by the share of the pot each wins at a showdown; folds,
checks and calls by equity and pot odds."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from muggins.analysis.review import Decision, Judge, Kind, decision
from muggins.bots.skalborg.players import opponents
from muggins.cards import parse_card, parse_cards
from muggins.games.base import Game
from muggins.games.moves import Discard, Move
from muggins.games.skalborg.moves import Call, Check, Fold
from muggins.strategy.skalborg.equity import analyze_throws, equity

QUICK = False
"""A Skalborg review samples every throw and call (2-6 s a game): ``muggins review`` makes it."""
KINDS: tuple[Kind, ...] = ("discard", "bet")
"""The kinds of decision judged here."""


def judge(record: dict[str, Any], seats: Sequence[int]) -> Judge:
    """Judges Skalborg throws by the share of the pot each wins at a showdown, and passive betting
    moves (fold, check, call) by equity and pot odds; bets and raises are not judged (their worth
    lies in how opponents answer them, which equity alone does not tell)."""
    samples = 2_000

    def judged(game: Game, player: int, move: Move, number: int) -> Decision | None:
        view = game.view(player)
        seed = random.Random(f"{record['seed']}:{number}").getrandbits(32)
        players = 1 + len(opponents(view))
        if view["phase"] == "throw" and isinstance(move, Discard):
            throws = analyze_throws(parse_cards(view["cards"]), players=players, samples=samples, seed=seed)
            values = {str(Discard((o.throw,))): o.share * view["pot"] for o in throws}
            return decision(number, view["hand"], "discard", str(move), values)
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
        return decision(number, view["hand"], "bet", str(move), values)

    return judged
