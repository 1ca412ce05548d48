"""Every game as an OpenSpiel game (a pyspiel Python game), so OpenSpiel's algorithms run on it.

``register()`` registers ``muggins_<game>`` for every game with environments; then
``pyspiel.load_game("muggins_cribbage", {"players": 4, "options": '{"partnerships": true}'})``.
Actions, turn order and observation tensors are the AEC environment's (docs/environments.md). The
deal is chance sampled inside the game from a seed (``SAMPLED_STOCHASTIC``); the returns are +1 for
every seat ranked first and -1 for the others.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from muggins.envs.games import env_games, game_parts
from muggins.envs.observation import observe, seat_view
from muggins.envs.table import Table
from muggins.games.registry import game_class, new_game

LONGEST = 20_000
"""A bound on a game's length in actions, which OpenSpiel asks for (far above any real game)."""


def game_type(name: str) -> Any:
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=f"muggins_{name}",
        long_name=f"muggins {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": cls.min_players, "options": "{}", "seed": 0},
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One muggins game with its players and options, as OpenSpiel sees it."""

    name: ClassVar[str]
    """The registered game's name, set for each game by ``register``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        kind = game_type(name)
        given = {**kind.parameter_specification, **(params or {})}
        players, options = int(given["players"]), json.loads(given["options"])
        probe = new_game(name, players=players, seed=0, **options)  # checks the players and options
        size = len(observe(game_parts(name).layout, seat_view(probe, 0), players))
        info = pyspiel.GameInfo(
            num_distinct_actions=game_parts(name).actions.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=LONGEST,
        )
        super().__init__(kind, info, params or {})
        self.players, self.options = players, options
        self.observation_size = size
        self.seeds = np.random.default_rng(int(given["seed"]))

    def new_initial_state(self) -> SpielState:
        return SpielState(self, int(self.seeds.integers(2**62)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpielObserver:
        return SpielObserver(self)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress; the acting seat picks multi-card moves card by card as in the AEC env."""

    def __init__(self, game: SpielGame, seed: int) -> None:
        super().__init__(game)
        self.table = Table(game.name, new_game(game.name, players=game.players, seed=seed, **game.options))

    def current_player(self) -> int:
        if self.table.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.table.to_act()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.choice(player).by_action)

    def _apply_action(self, action: int) -> None:
        seat = self.table.to_act()
        move = self.table.act(action)
        if move is not None:
            self.table.make(seat, move)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.table.space.names[action]

    def is_terminal(self) -> bool:
        return self.table.game.is_over

    def returns(self) -> list[float]:
        result = self.table.game.result
        if result is None:
            return [0.0] * self.table.game.players
        return [1.0 if rank == 1 else -1.0 for rank in result.ranks]

    def __str__(self) -> str:
        return json.dumps(self.table.game.record()["moves"])


class SpielObserver:
    """OpenSpiel's observer interface over the AEC environment's observation vectors."""

    def __init__(self, game: SpielGame) -> None:
        self.tensor = np.zeros(game.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        table = state.table
        picked = [str(c) for c in table.choices[player].picked] if table.picker == player else []
        view = seat_view(table.game, player)
        self.tensor[:] = observe(table.parts.layout, view, table.game.players, picked)

    def string_from(self, state: SpielState, player: int) -> str:
        return json.dumps(seat_view(state.table.game, player), default=str, sort_keys=True)


def register() -> None:
    """Register every muggins game with pyspiel (once; later calls do nothing)."""
    known = set(pyspiel.registered_names())
    for name in env_games():
        if f"muggins_{name}" not in known:
            cls = type(
                f"Spiel{name.title()}", (SpielGame,), {"name": name, "__doc__": f"{name} for OpenSpiel"}
            )
            pyspiel.register_game(game_type(name), cls)
