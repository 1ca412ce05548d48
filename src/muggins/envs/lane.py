"""One learner seat of a game whose other seats are the project's bots: the step the single-agent
environment and the vector form share, and the vector form's loop over many games (compiled).

A random bot is asked for its move from the game's legal moves rather than from a view it would
have to be built: the same draw over the same list (``RandomBot.choose_legal``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from muggins.bots.base import Bot, RandomBot
from muggins.envs.table import Table, seat_reward
from muggins.games.moves import Move


class Lane:
    """``seat`` of the game at ``table``, the other seats played by ``bots`` (by seat); rewards are
    the seat's points, or with ``win`` +1 or -1 at the end (``table.seat_reward``)."""

    def __init__(
        self, table: Table, seat: int, bots: dict[int, Bot], win: bool, illegal_reward: float
    ) -> None:
        self.table, self.seat, self.bots = table, seat, bots
        self.win, self.illegal_reward = win, illegal_reward
        self.pickers: dict[int, Callable[[Sequence[Move]], Move]] = {
            other: bot.choose_legal for other, bot in bots.items() if isinstance(bot, RandomBot)
        }

    def step(self, action: int) -> tuple[float, str | None]:
        """Take the seat's ``action`` (a card pick or a whole move), then let the bots move until it
        is the seat's turn again or the game is over: the seat's reward over all of it, and None.
        An illegal action changes nothing and gives ``illegal_reward`` and why it was refused."""
        try:
            move = self.table.act(action)
        except ValueError as exc:
            return self.illegal_reward, str(exc)
        reward = 0.0 if move is None else self._make(self.seat, move)
        return reward + self.others(), None

    def others(self) -> float:
        """Let the bots move until it is the seat's turn or the game is over: the seat's reward."""
        table, game, reward = self.table, self.table.game, 0.0
        while not game.is_over:
            seat = table.to_act()
            if seat == self.seat:
                break
            pick = self.pickers.get(seat)
            move = pick(game.legal_moves(seat)) if pick else self.bots[seat].choose(game.view(seat))
            reward += self._make(seat, move)
        return reward

    def _make(self, seat: int, move: Move) -> float:
        """Make ``move`` for ``seat``: the learner's reward for it."""
        before = self.table.game.scores
        self.table.make(seat, move)
        return seat_reward(self.table.game, self.seat, before, self.win)


def step_lanes(lanes: list[Lane], actions: list[int]) -> tuple[list[float], list[bool], list[str | None]]:
    """Step every lane with its action: the rewards, which games are over, and why any action was
    refused (None where it was taken)."""
    rewards: list[float] = []
    over: list[bool] = []
    refused: list[str | None] = []
    for lane, action in zip(lanes, actions, strict=True):
        reward, why = lane.step(action)
        rewards.append(reward)
        over.append(lane.table.game.is_over)
        refused.append(why)
    return rewards, over, refused


def observe_lanes(lanes: list[Lane], size: int, actions: int) -> tuple[list[int], list[float], list[int]]:
    """Every lane's observation and legal actions as flat positions in one array of ``size``
    numbers a lane and one of ``actions`` a lane: where the observations' non-zero entries go, their
    values, and where the masks hold 1."""
    where: list[int] = []
    what: list[float] = []
    legal: list[int] = []
    for number, lane in enumerate(lanes):
        encoded = lane.table.encoded(lane.seat)
        base = number * size
        for at in encoded.where:
            where.append(base + at)
        what.extend(encoded.what)
        base = number * actions
        for action in lane.table.legal_actions(lane.seat):
            legal.append(base + action)
    return where, what, legal
