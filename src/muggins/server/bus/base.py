"""The event bus as an interface: JSON texts published on named channels reach every subscriber.

The in-process bus serves one process; the Redis bus (the ``scale`` extra) serves several behind
the same two methods. Channels:
``lobby`` (table list changes), ``table:<id>`` (seats, chat: everyone at a table) and
``table:<id>:<audience>`` (a seat number, or ``watch`` for spectators: redacted game updates),
``sessions:<user id>`` (a player's sessions ended) and ``player:<user id>`` (news for a player,
followed by each of their connections: who follows it is online) and ``tournament:<id>``
(a tournament's standings, for those watching).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

Message = str
Handler = Callable[[Message], None]
"""Called with each message (a JSON text) in publishing order; must not block (queue it)."""


class Subscription(ABC):
    """A handler's place on a channel."""

    @abstractmethod
    async def close(self) -> None:
        """Stop receiving."""


class Bus(ABC):
    """Publish/subscribe between table owners and connections, in order per channel."""

    @abstractmethod
    async def publish(self, channel: str, message: Message) -> None:
        """Send ``message`` to every current subscriber of ``channel``."""

    async def publish_many(self, sends: list[tuple[str, Message]]) -> None:
        """Publish each (channel, message) in order, as one batch where the bus can (a move's
        messages to its audiences)."""
        for channel, message in sends:
            await self.publish(channel, message)

    @abstractmethod
    async def subscribe(self, channel: str, handler: Handler) -> Subscription:
        """Call ``handler`` with every later message on ``channel``."""

    @abstractmethod
    async def close(self) -> None:
        """Drop every subscription."""

    @abstractmethod
    async def followed(self, channels: list[str]) -> list[bool]:
        """Whether each of ``channels`` has a subscriber now, on any process (one question for
        them all): a player's own channel is followed while they are connected."""

    @abstractmethod
    async def followed_from(self, prefix: str, most: int) -> list[str]:
        """Up to ``most`` channels whose names begin with ``prefix`` that have a subscriber now,
        on any process."""

    async def has_subscribers(self, channel: str) -> bool:
        """Whether a message on ``channel`` could reach anyone (lets a table skip building
        messages for an audience nobody is in; a bus that cannot tell cheaply says True)."""
        return True


def seat_audience(seat: int, user_id: int) -> str:
    """The audience of one seat as long as ``user_id`` holds it. A seat's messages are addressed to
    its holder, not to the seat: whoever stands up hears nothing more of it, however late the news
    that the seat changed hands reaches their process.

    >>> seat_audience(2, 17)
    '2.17'
    """
    return f"{seat}.{user_id}"


def session_channel(user_id: int) -> str:
    """The channel that tells a player's connections their sessions have ended (the new epoch)."""
    return f"sessions:{user_id}"


PLAYER_CHANNEL = "player:"


def player_channel(user_id: int) -> str:
    """The channel of news for one player wherever they are connected (paired, challenged);
    each of their connections follows it, so a player is online while it is followed."""
    return f"{PLAYER_CHANNEL}{user_id}"


def tournament_channel(tournament_id: str) -> str:
    """The channel of a tournament's updates, for everyone watching it."""
    return f"tournament:{tournament_id}"


def table_channel(table_id: str, audience: int | str | None = None) -> str:
    """The channel for everyone at a table, or for one audience there (a seat or ``watch``)."""
    return f"table:{table_id}" if audience is None else f"table:{table_id}:{audience}"
