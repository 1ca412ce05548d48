"""The engine protocol's limits and its error (docs/engines.md): what a run's settings and a host's
handling need without loading what starts an engine's process (``bots.engine``)."""

from __future__ import annotations

from typing import Final

PROTOCOL: Final = 1
LONGEST_LINE: Final = 4096
"""The most bytes an engine's line may have (its newline aside)."""
HELLO_SECONDS: Final = 10.0
TURN_SECONDS: Final = 10.0
MOST_INFO: Final = 100
"""``info`` lines an engine may send between two turns."""


class EngineError(RuntimeError):
    """An engine broke the protocol or stopped: the reason, in words."""
