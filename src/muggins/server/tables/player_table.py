"""What connections and routes do with a table, wherever it runs: ``table.Table`` when this process
owns it, ``cluster.tables.TableHandle`` when another process does (each request goes to the owner). The two
share this protocol and nothing else, so neither inherits the other's state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from muggins.server import messages
from muggins.server.store import User


class PlayerTable(Protocol):
    """A table as its players and spectators use it."""

    @property
    def id(self) -> str: ...

    @property
    def chat_log(self) -> Iterable[messages.Chat]:
        """The latest lines of the table's chat, oldest first."""
        ...

    def info(self) -> messages.TableInfo:
        """The table as the lobby and its seats show it now."""
        ...

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` holds here, if any."""
        ...

    async def state(self, user: User, since: messages.LogMark | None = None) -> messages.StateText:
        """What ``user`` sees now: their seat's state, or a spectator's if they hold no seat. The
        seat is the table's to say, never the asker's; a move not yet stored is never shown. Its
        log from ``since`` as ``Join`` says."""
        ...

    async def sit(self, user: User, seat: int | None) -> int: ...

    async def stand(self, user: User) -> None: ...

    async def move(self, user: User, text: str, state_id: int) -> None: ...

    async def ready(self, user: User) -> None: ...

    async def leave(self, user: User) -> bool: ...

    async def ask_rematch(self, user: User) -> None: ...

    async def chat(self, user: User, text: str) -> None: ...

    async def hint(self, user: User) -> messages.Hint: ...

    async def attach(self, user: User) -> None:
        """A connection of ``user`` follows the table."""
        ...

    async def detach(self, user: User) -> None:
        """A connection of ``user`` stopped following the table."""
        ...
