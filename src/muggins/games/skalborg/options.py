"""Skalborg's options: stacks, blinds and their schedule, betting limits, reveal order, counting."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar

from muggins.games.options import Counting, Options, Preset, option
from muggins.games.skalborg.betting import Limit


class BlindStructure(enum.StrEnum):
    """Who posts blinds, for the whole game."""

    EQUAL = "equal"
    SMALL_BIG = "small-big"
    NON_DEALER = "non-dealer"


class RevealOrder(enum.StrEnum):
    """main: the shuffled crib is turned 2, 1, 1; recap (2 players): the pack cards, then the throws."""

    MAIN = "main"
    RECAP = "recap"


MAX_CHIPS = 1_000_000
"""The most chips a stack or a blind may start with: every total stays far inside a 32-bit score
column, and a table's options cannot make its state huge."""
MAX_HANDS = 10_000
MAX_BLIND_LEVELS = 50
DOUBLE_BLINDS_EVERY = 10
"""Hands between doublings of the blinds by default, as card rooms raise them, so that every game
ends: once the blinds pass the stacks every hand is all-in (docs/rules/skalborg.md)."""


def check_blinds(small_blind: int, big_blind: int) -> None:
    """The small blind may not be above the big one, in a level or for the whole game."""
    if small_blind > big_blind:
        raise ValueError(f"small blind {small_blind} is above big blind {big_blind}")


@dataclass(frozen=True, kw_only=True)
class BlindLevel(Options):
    """From hand number ``hand`` on, the blinds are ``small_blind`` and ``big_blind``."""

    hand: int = field(metadata={"ge": 1, "le": MAX_HANDS})
    small_blind: int = field(metadata={"ge": 1, "le": MAX_CHIPS})
    big_blind: int = field(metadata={"ge": 1, "le": MAX_CHIPS})

    def check(self) -> None:
        check_blinds(self.small_blind, self.big_blind)


@dataclass(frozen=True, kw_only=True)
class SkalborgOptions(Options):
    """Skalborg's options; ``big_blind`` is the one blind of the equal and non-dealer structures."""

    presets: ClassVar[dict[str, Preset]] = {
        "standard": Preset("Standard: no limit", {}),
        "manual": Preset("Manual counting", {"counting": "manual"}),
        "pot-limit": Preset("Pot limit", {"betting": "pot-limit"}),
        "short": Preset("Short: 10 hands", {"max_hands": 10}),
    }

    starting_stack: int = option(200, ge=1, le=MAX_CHIPS, description="chips each player starts with")
    small_blind: int = option(1, ge=1, le=MAX_CHIPS, description="the small blind (small-big structure)")
    big_blind: int = option(
        2, ge=1, le=MAX_CHIPS, description="the big blind; the one blind of equal and non-dealer"
    )
    blinds: BlindStructure = option(
        BlindStructure.SMALL_BIG, description="who posts blinds: equal, small-big or non-dealer"
    )
    betting: Limit = option(Limit.NO_LIMIT, description="no-limit, pot-limit or fixed-limit")
    reveal_order: RevealOrder = option(
        RevealOrder.MAIN, description="main, or recap (2 players): pack cards first, then the throws"
    )
    counting: Counting = option(
        "auto",
        description="auto, or manual: players claim their combinations (you miss it, you lose it)",
    )
    max_hands: int | None = option(
        None, ge=1, le=MAX_HANDS, description="end after this many hands (none: play to the end)"
    )
    blind_schedule: tuple[BlindLevel, ...] = option(
        (), max_length=MAX_BLIND_LEVELS, description="blind levels by starting hand number"
    )
    double_blinds_every: int | None = option(
        DOUBLE_BLINDS_EVERY,
        ge=1,
        le=MAX_HANDS,
        description="without a blind schedule, the blinds double after this many hands (none: never)",
    )
    first_dealer: int | None = option(None, ge=0, le=3, description="the first dealer's seat (none: random)")

    def check(self) -> None:
        check_blinds(self.small_blind, self.big_blind)
        hands = [level.hand for level in self.blind_schedule]
        if hands != sorted(set(hands)):
            raise ValueError(f"blind schedule hands must rise strictly, not {hands}")
