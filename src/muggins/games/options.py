"""The base of every game's options: a frozen pydantic model that refuses unknown options.

(Its own module so the compiled rules core never compiles a pydantic model.)
"""

from __future__ import annotations

import pydantic


class Options(pydantic.BaseModel):
    """Base of every game's options: unknown options are errors, values are checked."""

    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)
