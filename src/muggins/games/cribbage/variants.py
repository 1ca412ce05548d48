"""The forms of cribbage by name, apart from the engine, so that a command line can offer them
without loading it."""

from __future__ import annotations

from typing import Literal, get_args

Variant = Literal["six-card", "five-card", "ten-hand"]

VARIANTS: tuple[Variant, ...] = get_args(Variant)
"""Every variant, the usual six-card game first."""
