"""The base of every game's options: a frozen pydantic model that refuses unknown options.

(Its own module so the compiled rules core never compiles a pydantic model.)
"""

from __future__ import annotations

from typing import Literal

import pydantic

Counting = Literal["auto", "manual"]
"""Who counts the hands: the engine (auto), or each player claiming their own (manual)."""


class Options(pydantic.BaseModel):
    """Base of every game's options: unknown options are errors, values are checked."""

    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)
