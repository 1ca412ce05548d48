"""Skalborg's options: stacks, blinds and their schedule, betting limits, reveal order, counting."""

from __future__ import annotations

import enum
from typing import ClassVar, Self

import pydantic

from muggins.games.options import Counting, Options, Preset
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


class BlindLevel(Options):
    """From hand number ``hand`` on, the blinds are ``small_blind`` and ``big_blind``."""

    hand: int = pydantic.Field(ge=1, le=MAX_HANDS)
    small_blind: int = pydantic.Field(ge=1, le=MAX_CHIPS)
    big_blind: int = pydantic.Field(ge=1, le=MAX_CHIPS)

    @pydantic.model_validator(mode="after")
    def _small_not_above_big(self) -> Self:
        if self.small_blind > self.big_blind:
            raise ValueError(f"small blind {self.small_blind} is above big blind {self.big_blind}")
        return self


class SkalborgOptions(Options):
    """Skalborg's options; ``big_blind`` is the one blind of the equal and non-dealer structures."""

    presets: ClassVar[dict[str, Preset]] = {
        "standard": Preset("Standard: no limit", {}),
        "manual": Preset("Manual counting", {"counting": "manual"}),
        "pot-limit": Preset("Pot limit", {"betting": "pot-limit"}),
        "short": Preset("Short: 10 hands", {"max_hands": 10}),
    }

    starting_stack: int = pydantic.Field(200, ge=1, le=MAX_CHIPS, description="chips each player starts with")
    small_blind: int = pydantic.Field(
        1, ge=1, le=MAX_CHIPS, description="the small blind (small-big structure)"
    )
    big_blind: int = pydantic.Field(
        2, ge=1, le=MAX_CHIPS, description="the big blind; the one blind of equal and non-dealer"
    )
    blinds: BlindStructure = pydantic.Field(
        BlindStructure.SMALL_BIG, description="who posts blinds: equal, small-big or non-dealer"
    )
    betting: Limit = pydantic.Field(Limit.NO_LIMIT, description="no-limit, pot-limit or fixed-limit")
    reveal_order: RevealOrder = pydantic.Field(
        RevealOrder.MAIN, description="main, or recap (2 players): pack cards first, then the throws"
    )
    counting: Counting = pydantic.Field(
        "auto",
        description="auto, or manual: players claim their combinations (you miss it, you lose it)",
    )
    max_hands: int | None = pydantic.Field(
        None, ge=1, le=MAX_HANDS, description="end after this many hands (none: play to the end)"
    )
    blind_schedule: tuple[BlindLevel, ...] = pydantic.Field(
        (), max_length=MAX_BLIND_LEVELS, description="blind levels by starting hand number"
    )
    double_blinds_every: int | None = pydantic.Field(
        DOUBLE_BLINDS_EVERY,
        ge=1,
        le=MAX_HANDS,
        description="without a blind schedule, the blinds double after this many hands (none: never)",
    )
    first_dealer: int | None = pydantic.Field(
        None, ge=0, le=3, description="the first dealer's seat (none: random)"
    )

    @pydantic.model_validator(mode="after")
    def _check_blinds(self) -> Self:
        if self.small_blind > self.big_blind:
            raise ValueError(f"small blind {self.small_blind} is above big blind {self.big_blind}")
        hands = [level.hand for level in self.blind_schedule]
        if hands != sorted(set(hands)):
            raise ValueError(f"blind schedule hands must rise strictly, not {hands}")
        return self
