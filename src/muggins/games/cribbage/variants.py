"""The forms of cribbage by name, apart from the engine, so that a command line can offer them
without loading it."""

from __future__ import annotations

from typing import Literal, get_args

Variant = Literal["six-card", "five-card", "seven-card", "eight-card", "ten-hand"]

VARIANTS: tuple[Variant, ...] = get_args(Variant)
"""Every variant, the usual six-card game first."""

TWO_HANDED: frozenset[Variant] = frozenset({"five-card", "seven-card", "eight-card"})
"""The variants only two can play: the old two-handed games of five, seven and eight cards."""
